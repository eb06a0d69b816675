"""Overtime: hours over the weekly threshold are paid at a premium."""

from decimal import Decimal

THRESHOLD = Decimal(40)
PREMIUM = Decimal("1.5")


def split_week(hours):
    """(basic, overtime) hours of one week."""
    return min(hours, THRESHOLD), max(Decimal(0), hours - THRESHOLD)


def hourly_pay(weeks, rate):
    """Pay for the weekly hours of a period: basic at ``rate``, overtime at ``rate * PREMIUM``."""
    basic = sum((split_week(h)[0] for h in weeks), Decimal(0))
    over = sum((split_week(h)[1] for h in weeks), Decimal(0))
    return basic * rate + over * rate * PREMIUM, basic, over
