"""Pay days: the calendar of a payroll's pay dates for a tax year.

A monthly payroll pays on a fixed day of the month (the 25th, or the last working day); a weekly one on a
fixed weekday. A pay day that falls on a weekend or a bank holiday moves to the business day before it.
The bank file must reach the bank two business days before the pay day (BACS), and the Full Payment
Submission must reach HMRC on or before the pay day.
"""

import datetime as dt
from dataclasses import dataclass

from payroll import bank_holidays, dates

BACS_LEAD_DAYS = 2


@dataclass(frozen=True)
class PayDate:
    period: int
    pay_day: dt.date
    period_start: dt.date
    period_end: dt.date
    bacs_by: dt.date
    fps_by: dt.date


def monthly_pay_day(year, month, day_of_month=25, nation="ENG", last_working_day=False):
    """The pay day of a calendar month."""
    if last_working_day:
        target = dates.month_end(dt.date(year, month, 1))
    else:
        target = dt.date(year, month, min(day_of_month, dates.days_in_month(year, month)))
    return bank_holidays.previous_business_day(target, nation)


def weekly_pay_day(week_start, weekday=dates.FRIDAY, nation="ENG"):
    """The pay day of the week starting ``week_start``."""
    offset = (weekday - week_start.weekday()) % 7
    return bank_holidays.previous_business_day(week_start + dt.timedelta(days=offset), nation)


def calendar(year, frequency, nation="ENG", day_of_month=25, weekday=dates.FRIDAY, last_working_day=False):
    """Every pay date of tax year ``year``."""
    out = []
    if frequency == "monthly":
        for period in range(1, 13):
            start, end = dates.tax_month_bounds(year, period)
            pay_day = monthly_pay_day(start.year if start.day <= day_of_month else start.year,
                                      start.month, day_of_month, nation, last_working_day)
            out.append(_pay_date(period, pay_day, start, end, nation))
    elif frequency in ("weekly", "fortnightly"):
        step = 1 if frequency == "weekly" else 2
        period = 1
        week = 1
        while True:
            try:
                start, _ = dates.tax_week_bounds(year, week)
                _, end = dates.tax_week_bounds(year, min(week + step - 1, 53))
            except Exception:
                break
            pay_day = weekly_pay_day(start, weekday, nation)
            out.append(_pay_date(period, pay_day, start, end, nation))
            period += 1
            week += step
    else:
        raise ValueError(f"unknown pay frequency {frequency!r}")
    return out


def _pay_date(period, pay_day, start, end, nation):
    bacs_by = bank_holidays.business_days_before(pay_day, BACS_LEAD_DAYS, nation)
    return PayDate(period, pay_day, start, end, bacs_by, pay_day)


def next_pay_date(after, year, frequency, **kwargs):
    """The first pay date strictly after ``after``, or None."""
    for pd in calendar(year, frequency, **kwargs):
        if pd.pay_day > after:
            return pd
    return None


def is_week_53(year, frequency, pay_day):
    """A weekly payroll whose pay day falls on 5 April (or 4 April in a leap year) has a week 53."""
    end = dates.tax_year_end(year)
    if frequency != "weekly":
        return False
    return pay_day == end or (pay_day == end - dt.timedelta(days=1) and dates.days_in_month(year + 1, 2) == 29)


def christmas_early_pay(pay_dates, year, nation="ENG"):
    """Employers often pay December early: the pay day of the tax month containing December moved to the
    last business day before 20 December."""
    out = []
    for pd in pay_dates:
        if pd.pay_day.month == 12:
            early = bank_holidays.previous_business_day(dt.date(pd.pay_day.year, 12, 19), nation)
            pd = _pay_date(pd.period, early, pd.period_start, pd.period_end, nation)
        out.append(pd)
    return out


def paydays_in_month(pay_dates, year, month):
    """The pay dates falling in a calendar month (a weekly payroll has four or five)."""
    return [pd for pd in pay_dates if pd.pay_day.year == year and pd.pay_day.month == month]
