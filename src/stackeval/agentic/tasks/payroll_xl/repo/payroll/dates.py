"""Calendar arithmetic the payroll needs: tax months and weeks, month ends, working days.

A tax year is named by the calendar year it starts in: tax year 2025 runs from 6 April 2025 to
5 April 2026. Tax month 1 is 6 April to 5 May, tax month 12 is 6 March to 5 April. Tax week 1 is
6 to 12 April; week 53 (one or two days) exists in some years.
"""

import calendar
import datetime as dt

from payroll.errors import PeriodError

ONE_DAY = dt.timedelta(days=1)
MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY = range(7)
WORKING_WEEK = (MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY)


def tax_year_start(year):
    return dt.date(year, 4, 6)


def tax_year_end(year):
    return dt.date(year + 1, 4, 5)


def tax_year_of(day):
    """The tax year ``day`` falls in."""
    return day.year if day >= dt.date(day.year, 4, 6) else day.year - 1


def days_in_month(year, month):
    return calendar.monthrange(year, month)[1]


def month_end(day):
    return day.replace(day=days_in_month(day.year, day.month))


def add_months(day, months):
    """``day`` moved by whole calendar months; the 31st of a short month becomes its last day."""
    index = day.year * 12 + (day.month - 1) + months
    year, month = divmod(index, 12)
    month += 1
    return dt.date(year, month, min(day.day, days_in_month(year, month)))


def tax_month_bounds(year, month):
    """First and last day of tax month ``month`` (1 to 12) of tax year ``year``."""
    if not 1 <= month <= 12:
        raise PeriodError(f"tax month {month} does not exist")
    first = 3 + month
    start = dt.date(year + (first > 12), first, 6)
    end = add_months(start, 1) - ONE_DAY
    return start, end


def tax_week_bounds(year, week):
    """First and last day of tax week ``week`` (1 to 53) of tax year ``year``; week 53 ends with the year."""
    start = tax_year_start(year) + dt.timedelta(weeks=week - 1)
    if not 1 <= week <= 53 or start > tax_year_end(year):
        raise PeriodError(f"tax week {week} does not exist in {year}")
    return start, min(start + dt.timedelta(days=6), tax_year_end(year))


def tax_month_of(day):
    """The tax month ``day`` falls in (1 to 12)."""
    year = tax_year_of(day)
    months = (day.year - year) * 12 + day.month - 4
    if day.day < 6:
        months -= 1
    return months + 1


def tax_week_of(day):
    """The tax week ``day`` falls in (1 to 53)."""
    return (day - tax_year_start(tax_year_of(day))).days // 7 + 1


def period_bounds(year, frequency, number):
    """First and last day of pay period ``number`` of the tax year for a pay frequency."""
    if frequency == "monthly":
        return tax_month_bounds(year, number)
    if frequency == "weekly":
        return tax_week_bounds(year, number)
    if frequency == "fortnightly":
        start, _ = tax_week_bounds(year, 2 * number - 1)
        _, end = tax_week_bounds(year, min(2 * number, 53 if number == 27 else 52))
        return start, end
    raise PeriodError(f"unknown pay frequency {frequency!r}")


def period_of(day, frequency):
    """(tax year, period number) of the pay period ``day`` falls in."""
    year = tax_year_of(day)
    if frequency == "monthly":
        return year, tax_month_of(day)
    week = tax_week_of(day)
    if frequency == "weekly":
        return year, week
    if frequency == "fortnightly":
        return year, (week + 1) // 2
    raise PeriodError(f"unknown pay frequency {frequency!r}")


def each_day(first, last):
    """Every day from ``first`` to ``last``, both included."""
    day = first
    while day <= last:
        yield day
        day += ONE_DAY


def days_between(first, last):
    """Days from ``first`` to ``last``, both included (0 when ``last`` is before ``first``)."""
    return max(0, (last - first).days + 1)


def working_days(first, last, pattern=WORKING_WEEK, holidays=()):
    """Days from ``first`` to ``last`` (both included) that fall on the weekdays of ``pattern`` and are
    not in ``holidays``."""
    off = set(holidays)
    return sum(1 for d in each_day(first, last) if d.weekday() in pattern and d not in off)


def age_on(birth, day):
    """Whole years of age on ``day``; someone born on 29 February has a birthday on 1 March."""
    years = day.year - birth.year
    if (day.month, day.day) < (birth.month, birth.day):
        years -= 1
    return years


def overlap(a_first, a_last, b_first, b_last):
    """The days two ranges (both ends included) have in common, or None."""
    first, last = max(a_first, b_first), min(a_last, b_last)
    return (first, last) if first <= last else None
