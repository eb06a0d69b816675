import datetime as dt
from decimal import Decimal

from payroll.ssp import linked, periods_of_incapacity, ssp


def days(first, last):
    return [first + dt.timedelta(days=n) for n in range((last - first).days + 1)]


def test_three_days_are_not_a_period_of_incapacity():
    assert ssp(days(dt.date(2025, 6, 2), dt.date(2025, 6, 4)), 2025, 400) == ([], Decimal("0.00"))


def test_ssp_is_paid_from_the_fourth_day_of_sickness():
    # off sick from Friday 2 May to Thursday 8 May 2025
    paid, amount = ssp(days(dt.date(2025, 5, 2), dt.date(2025, 5, 8)), 2025, 400)
    assert paid == [dt.date(2025, 5, 7), dt.date(2025, 5, 8)]
    assert amount == Decimal("47.50")


def test_linked_periods_serve_the_waiting_days_once():
    sick = days(dt.date(2025, 6, 2), dt.date(2025, 6, 6)) + days(dt.date(2025, 7, 7), dt.date(2025, 7, 10))
    assert len(linked(periods_of_incapacity(sick))) == 1
    paid, amount = ssp(sick, 2025, 400)
    assert len(paid) == 6 and amount == Decimal("142.50")


def test_no_ssp_below_the_lower_earnings_limit():
    assert ssp(days(dt.date(2025, 6, 2), dt.date(2025, 6, 13)), 2025, 120)[1] == 0
