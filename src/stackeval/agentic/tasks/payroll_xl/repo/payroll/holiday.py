"""Holiday entitlement: 5.6 weeks a year (28 days for a five-day week, capped at 28 days), pro rata for
part-time staff and for the part of the leave year someone is employed.

The leave year runs from a configurable day (1 January by default). Days are kept to two decimal places,
halves up; a leaver is paid for the days accrued and not taken (negative: the employer may recover them).
"""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from payroll import dates
from payroll.money import D

STATUTORY_WEEKS = Decimal("5.6")
CAP_DAYS = Decimal(28)
CARRY_OVER_DAYS = Decimal(8)
DAY = Decimal("0.01")


def _days(value):
    return D(value).quantize(DAY, rounding=ROUND_HALF_UP)


def entitlement(days_per_week):
    """Days of holiday in a whole leave year for someone working ``days_per_week`` days."""
    return min(STATUTORY_WEEKS * D(days_per_week), CAP_DAYS)


def leave_year(day, start_month=1, start_day=1):
    """(first, last) day of the leave year ``day`` falls in."""
    first = dt.date(day.year, start_month, start_day)
    if day < first:
        first = dt.date(day.year - 1, start_month, start_day)
    last = dt.date(first.year + 1, start_month, start_day) - dates.ONE_DAY
    return first, last


def accrued(days_per_week, first, last, leave_year_first, leave_year_last):
    """Days accrued by someone employed from ``first`` to ``last`` (both included) in the leave year from
    ``leave_year_first`` to ``leave_year_last``: the year's entitlement times the share of the year's days
    they were employed."""
    start = max(first, leave_year_first)
    end = min(last, leave_year_last)
    employed = max(0, (end - start).days)
    year_days = dates.days_between(leave_year_first, leave_year_last)
    return _days(entitlement(days_per_week) * employed / year_days)


def starter_entitlement(days_per_week, start, start_month=1, start_day=1):
    """What someone who starts during a leave year may take in it."""
    first, last = leave_year(start, start_month, start_day)
    return accrued(days_per_week, start, last, first, last)


def carry_over(untaken, limit=CARRY_OVER_DAYS):
    """Days carried into the next leave year: the untaken days, at most ``limit``."""
    return min(max(Decimal(0), _days(untaken)), limit)


def balance(entitled, taken, carried=Decimal(0)):
    return _days(D(entitled) + D(carried) - D(taken))


def bank_holidays_as_leave(days_per_week, bank_holidays_in_year=8):
    """For staff whose contract counts bank holidays in the 5.6 weeks: the days left to book."""
    share = _days(D(bank_holidays_in_year) * D(days_per_week) / 5)
    return entitlement(days_per_week) - share


def round_half_days(days):
    """Days rounded up to the next half day (some contracts round a leaver's or a starter's entitlement so)."""
    value = D(days) * 2
    whole = value.to_integral_value()
    if whole < value:
        whole += 1
    return whole / 2


def holiday_year_summary(days_per_week, taken, carried=Decimal(0), bought=Decimal(0), sold=Decimal(0)):
    """A year's holiday account: entitlement, carried over, bought and sold under a flexible benefits scheme
    (the statutory minimum of 5.6 weeks may not be sold), taken, and the balance."""
    entitled = entitlement(days_per_week)
    statutory = STATUTORY_WEEKS * D(days_per_week)
    if D(sold) > max(Decimal(0), entitled - statutory):
        raise ValueError("holiday within the statutory 5.6 weeks cannot be sold")
    total = entitled + D(carried) + D(bought) - D(sold)
    return {"entitled": entitled, "carried": D(carried), "bought": D(bought), "sold": D(sold),
            "taken": D(taken), "balance": _days(total - D(taken))}


def pay_in_lieu_allowed(leaving, untaken):
    """Untaken holiday may only be paid in lieu on leaving (the working time rules)."""
    return leaving is not None and untaken > 0
