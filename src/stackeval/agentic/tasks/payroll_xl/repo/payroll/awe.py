"""Average weekly earnings (AWE) for the statutory payments (maternity, paternity, adoption, shared parental
and bereavement pay, and the lower-earnings test of sick pay).

The relevant period runs from the last normal payday on or before the 15th week before the expected week of
childbirth (or the first day of sickness, for SSP) back to, but not including, the last normal payday at
least eight weeks earlier. AWE are the gross earnings paid in the relevant period:

- weekly paid: over the number of weeks in the period;
- monthly paid: total times 12, over 52;
- other: total over the days in the period, times 7.
"""

import datetime as dt
from decimal import ROUND_DOWN, Decimal

from payroll.money import D

FOUR_PLACES = Decimal("0.0001")


def qualifying_week(expected_week_start):
    """The 15th week before the expected week of childbirth (a week runs Sunday to Saturday)."""
    return expected_week_start - dt.timedelta(weeks=15)


def expected_week(due_date):
    """The Sunday that starts the week ``due_date`` falls in."""
    return due_date - dt.timedelta(days=(due_date.weekday() + 1) % 7)


def relevant_period(paydays, end_of_qualifying_week):
    """(paydays in the relevant period, the payday that ends it, the payday that starts it (excluded)).
    ``paydays`` are the employee's normal paydays, in any order."""
    days = sorted(paydays)
    last = [d for d in days if d <= end_of_qualifying_week]
    if not last:
        raise ValueError("no payday on or before the end of the qualifying week")
    end = last[-1]
    earlier = [d for d in days if d <= end - dt.timedelta(weeks=8)]
    if not earlier:
        raise ValueError("fewer than eight weeks of paydays before the qualifying week")
    start = earlier[-1]
    return [d for d in days if start < d <= end], end, start


def average_weekly_earnings(payments, frequency, start=None, end=None):
    """AWE from the gross ``payments`` of the relevant period, to four places, rounded down."""
    total = sum((D(p) for p in payments), Decimal(0))
    if frequency == "weekly":
        weeks = len(payments)
        value = total / weeks if weeks else Decimal(0)
    elif frequency == "monthly":
        value = total * 12 / 52
    elif start is not None and end is not None:
        value = total / (end - start).days * 7
    else:
        raise ValueError(f"AWE for {frequency!r} pay needs the period's first and last day")
    return value.quantize(FOUR_PLACES, rounding=ROUND_DOWN)


def qualifies(awe, lower_earnings_limit):
    return D(awe) >= D(lower_earnings_limit)
