"""Weights are integer grams; money is integer cents."""


def kg(grams):
    return grams / 1000


def round_to(value, step):
    """``value`` to the nearest multiple of ``step`` (halves go up)."""
    return (value + step // 2) // step * step


def round_up(value, step):
    """The smallest multiple of ``step`` that is at least ``value``."""
    return -(-value // step) * step


def cents(amount):
    return int(round(amount * 100))


def percent(cents, pct):
    """``pct`` percent of ``cents``, to the nearest cent (halves go up)."""
    return (cents * pct + 50) // 100
