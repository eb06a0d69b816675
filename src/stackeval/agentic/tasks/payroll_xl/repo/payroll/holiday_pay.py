"""Holiday pay: what a day (or an hour) of holiday is paid.

- salaried staff: a day's pay is the annual salary over the working days of a year (52 weeks of their
  working days);
- hourly staff with regular hours: the hourly rate times their normal hours;
- irregular-hours and part-year staff (from April 2024): holiday accrues at 12.07 % of the hours worked in
  each pay period, and a week's holiday pay is the average weekly pay of the last 52 weeks with pay
  (weeks without pay are skipped, looking back at most 104 weeks).
"""

from decimal import Decimal

from payroll.money import D, pennies

ACCRUAL_RATE = Decimal("0.1207")
REFERENCE_WEEKS = 52
LOOKBACK_WEEKS = 104


def day_rate(employee):
    """What one day of holiday is worth to a salaried employee."""
    if employee.hourly:
        raise ValueError(f"{employee.id}: hourly staff are paid holiday by the hour")
    return D(employee.salary) / (52 * D(employee.days_per_week))


def payout(employee, days):
    """Pay for ``days`` of holiday (a leaver's untaken days), to the penny."""
    return pennies(day_rate(employee) * D(days))


def accrued_hours(hours_worked):
    """Holiday hours accrued by an irregular-hours worker for the hours of one pay period."""
    return (D(hours_worked) * ACCRUAL_RATE).quantize(Decimal("0.01"))


def average_weekly_pay(weekly_pay):
    """Average of the last 52 weeks with pay, ``weekly_pay`` being the weeks, latest last. Weeks with no pay
    are skipped, looking back at most 104 weeks; fewer weeks with pay average over those there are."""
    window = [D(p) for p in weekly_pay[-LOOKBACK_WEEKS:]]
    paid = [p for p in window if p > 0][-REFERENCE_WEEKS:]
    if not paid:
        return Decimal(0)
    return sum(paid) / len(paid)


def week_of_holiday(weekly_pay):
    return pennies(average_weekly_pay(weekly_pay))


def hourly_holiday_pay(hours, employee):
    """Holiday pay for hourly staff with regular hours: the normal rate for each hour of holiday."""
    return pennies(D(hours) * D(employee.hourly_rate))
