"""Pro-rata pay for the pay period someone starts or leaves in.

The calendar-days method (the default): the period's salary times the days employed in the period over
the days of the period, both ends included. The working-days method counts only the days of the
employee's working pattern (bank holidays count as working days: they are paid).
"""

from decimal import Decimal

from payroll import dates
from payroll.money import D, pennies
from payroll.periods import periods_in_year


def employed_days(period_first, period_last, start=None, leave=None):
    """(first, last) days employed within a period, or None."""
    first = max(period_first, start) if start else period_first
    last = min(period_last, leave) if leave else period_last
    return (first, last) if first <= last else None


def fraction(year, frequency, number, start=None, leave=None, method="calendar"):
    """The share of period ``number`` of tax year ``year`` someone employed from ``start`` to ``leave``
    worked (1 for a whole period)."""
    period_first, period_last = dates.period_bounds(year, frequency, number)
    span = employed_days(period_first, period_last, start, leave)
    if span is None:
        return Decimal(0)
    if method == "calendar":
        return Decimal(dates.days_between(*span)) / dates.days_between(period_first, period_last)
    if method == "working":
        whole = dates.working_days(period_first, period_last)
        return Decimal(dates.working_days(*span)) / whole if whole else Decimal(0)
    raise ValueError(f"unknown pro-rata method {method!r}")


def period_salary(employee, year, number, start=None, leave=None, method="calendar"):
    """A salaried employee's pay for period ``number``, pro rata when they start or leave in it."""
    share = fraction(year, employee.frequency, number, start or employee.start_date, leave, method)
    return pennies(D(employee.period_salary) * share)


def is_part_period(year, frequency, number, start=None, leave=None):
    first, last = dates.period_bounds(year, frequency, number)
    return bool((start and first < start <= last) or (leave and first <= leave < last))


def split_at_changes(employee, changes, year, number, salary_on):
    """A period's salary when the salary changes inside it: each part at its own rate, pro rata by calendar
    days. ``salary_on(employee, changes, day)`` gives the annual salary in force on a day."""
    first, last = dates.period_bounds(year, employee.frequency, number)
    cuts = sorted({c.effective for c in changes if c.employee == employee.id and first < c.effective <= last})
    edges = [first] + cuts
    total_days = dates.days_between(first, last)
    periods = Decimal(periods_in_year(employee.frequency))
    amount = Decimal(0)
    for i, start in enumerate(edges):
        end = (edges[i + 1] - dates.ONE_DAY) if i + 1 < len(edges) else last
        annual = D(salary_on(employee, changes, start))
        amount += annual / periods * dates.days_between(start, end) / total_days
    return pennies(amount)


def working_days_in_period(year, frequency, number, pattern=dates.WORKING_WEEK, holidays=()):
    first, last = dates.period_bounds(year, frequency, number)
    return dates.working_days(first, last, pattern, holidays)
