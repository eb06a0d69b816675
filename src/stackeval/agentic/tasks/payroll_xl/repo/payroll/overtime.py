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


# --- premium rates ------------------------------------------------------------------------------------

SUNDAY_PREMIUM = Decimal(2)
BANK_HOLIDAY_PREMIUM = Decimal(2)
NIGHT_PREMIUM = Decimal("0.25")  # on top of the rate for the hour


def day_premium(day, bank_holidays=()):
    """The multiplier of every hour worked on ``day``: double time on Sundays and bank holidays."""
    if day in bank_holidays:
        return BANK_HOLIDAY_PREMIUM
    if day.weekday() == 6:
        return SUNDAY_PREMIUM
    return Decimal(1)


def premium_pay(entries, rate, bank_holidays=()):
    """The extra pay for Sunday and bank holiday hours (the basic part is paid with the week's hours)."""
    extra = Decimal(0)
    for day, hours in entries:
        extra += hours * rate * (day_premium(day, bank_holidays) - 1)
    return extra


def night_premium_pay(night_hours, rate):
    return Decimal(night_hours) * rate * NIGHT_PREMIUM


# --- time off in lieu ---------------------------------------------------------------------------------

TOIL_EXPIRY_DAYS = 90


def toil_earned(weeks, threshold=THRESHOLD):
    """Hours of time off in lieu earned instead of overtime pay: one hour per hour over the threshold."""
    return sum((max(Decimal(0), h - threshold) for h in weeks), Decimal(0))


def toil_balance(earned, taken, today):
    """``earned``: (day, hours) lots; ``taken``: hours used, oldest lots first. Lots older than
    ``TOIL_EXPIRY_DAYS`` expire. Returns (hours left, hours expired)."""
    to_take = Decimal(taken)
    left = expired = Decimal(0)
    for day, hours in sorted(earned):
        use = min(hours, to_take)
        to_take -= use
        rest = hours - use
        if (today - day).days > TOIL_EXPIRY_DAYS:
            expired += rest
        else:
            left += rest
    return left, expired


def toil_payout(hours, rate):
    """Unused time off in lieu paid out at the basic rate (on leaving)."""
    return Decimal(hours) * rate
