"""Statutory maternity pay, and the other family payments built the same way (adoption, paternity, shared
parental, parental bereavement).

SMP is paid for up to 39 weeks: the first six at 90 % of average weekly earnings, the remaining 33 at the
statutory rate or 90 % of AWE if that is less. Employers recover 92 % of it (108.5 % for small employers,
those whose Class 1 NI in the previous tax year was £45,000 or less).
"""

import datetime as dt
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from payroll import statutory_rates
from payroll.awe import qualifies
from payroll.money import D, pennies

RECOVERY = Decimal("0.92")
SMALL_EMPLOYER_RECOVERY = Decimal("1.085")
SMALL_EMPLOYER_LIMIT = Decimal(45000)


@dataclass(frozen=True)
class Week:
    number: int
    start: dt.date
    amount: Decimal
    earnings_related: bool


def _ninety_percent(awe):
    return (D(awe) * statutory_rates.EARNINGS_RELATED).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def weeks(kind, start, awe, year, count=None):
    """The weeks of ``kind`` ("smp", "sap", "spp", "shpp", "spbp") from ``start``: one ``Week`` each."""
    if not qualifies(awe, statutory_rates.lower_earnings_limit(year)):
        return []
    total = count if count is not None else statutory_rates.WEEKS[kind]
    flat = statutory_rates.rate(kind, year)
    ninety = _ninety_percent(awe)
    out = []
    for n in range(1, total + 1):
        related = kind in ("smp", "sap") and n <= statutory_rates.EARNINGS_RELATED_WEEKS
        amount = ninety if related else min(flat, ninety)
        out.append(Week(n, start + dt.timedelta(weeks=n - 1), amount, related))
    return out


def daily(week_amount):
    """One day of a statutory payment: a seventh of the week (payments run on calendar days)."""
    return D(week_amount) / 7


def in_period(weeks_due, first, last):
    """What is due for the days of the statutory weeks falling between ``first`` and ``last``."""
    total = Decimal(0)
    for week in weeks_due:
        for n in range(7):
            day = week.start + dt.timedelta(days=n)
            if first <= day <= last:
                total += daily(week.amount)
    return pennies(total)


def recoverable(amount, previous_year_class1_ni):
    """What the employer may take back from its payments to HMRC."""
    rate = SMALL_EMPLOYER_RECOVERY if D(previous_year_class1_ni) <= SMALL_EMPLOYER_LIMIT else RECOVERY
    return pennies(D(amount) * rate)


def keeping_in_touch_days_left(used, allowed=10):
    return max(0, allowed - used)


def earliest_start(due_date):
    """Maternity pay may start at the earliest eleven weeks before the expected week of childbirth."""
    week = due_date - dt.timedelta(days=(due_date.weekday() + 1) % 7)
    return week - dt.timedelta(weeks=11)


def triggered_start(due_date, absent_for_pregnancy_from):
    """A pregnancy-related absence in the four weeks before the expected week starts the pay period the day
    after it began."""
    week = due_date - dt.timedelta(days=(due_date.weekday() + 1) % 7)
    if absent_for_pregnancy_from >= week - dt.timedelta(weeks=4):
        return absent_for_pregnancy_from + dt.timedelta(days=1)
    return None


def curtail(weeks_due, last_week):
    """The weeks left after curtailing to share the rest as shared parental pay."""
    return [w for w in weeks_due if w.number <= last_week]


def shared_parental_weeks(weeks_due, curtailed_after):
    """Weeks of maternity pay given up for shared parental pay."""
    return max(0, len(weeks_due) - curtailed_after)
