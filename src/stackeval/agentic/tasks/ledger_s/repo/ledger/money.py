"""Amounts are integers of cents. Text amounts look like ``1234.50``, ``-3.7`` or ``12``."""


class AmountError(ValueError):
    pass


def parse_amount(text):
    """Parse a decimal amount with at most two decimals into cents."""
    text = text.strip().replace(",", "")
    if not text:
        raise AmountError("empty amount")
    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("+-")
    whole, _, frac = text.partition(".")
    if not whole.isdigit() or (frac and not frac.isdigit()) or len(frac) > 2:
        raise AmountError(f"not an amount: {text!r}")
    # the fraction is padded to two digits: "5" is five cents short of ten
    cents = int(frac.rjust(2, "0")) if frac else 0
    return sign * (int(whole) * 100 + cents)


def format_amount(cents):
    """``-1234`` -> ``-12.34``."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"
