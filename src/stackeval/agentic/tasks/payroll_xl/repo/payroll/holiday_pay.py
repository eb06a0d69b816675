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


def rolled_up_holiday_pay(pay_for_period):
    """Irregular-hours and part-year workers may have holiday pay rolled up into every payslip (from April
    2024): 12.07 % of the pay for the period, shown as its own line."""
    return pennies(D(pay_for_period) * ACCRUAL_RATE)


def regular_overtime_included(weekly_pay, regular_overtime_weeks):
    """For the first four weeks of holiday, pay must include overtime and commission that is regular: the
    average of the weekly amounts in ``regular_overtime_weeks`` added to the basic week."""
    if not regular_overtime_weeks:
        return pennies(weekly_pay)
    extra = sum((D(w) for w in regular_overtime_weeks), Decimal(0)) / len(regular_overtime_weeks)
    return pennies(D(weekly_pay) + extra)


def leaver_hourly_payout(hours_untaken, weekly_pay_history, normal_weekly_hours):
    """An hourly leaver's untaken holiday: hours times the average hourly pay of the reference weeks."""
    average_week = average_weekly_pay(weekly_pay_history)
    if not normal_weekly_hours:
        return Decimal("0.00")
    return pennies(D(hours_untaken) * average_week / D(normal_weekly_hours))
