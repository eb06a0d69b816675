import datetime as dt
from decimal import Decimal

from payroll import holiday, holiday_pay
from staff import ALICE


def test_entitlement_is_capped_at_28_days():
    assert holiday.entitlement(5) == 28
    assert holiday.entitlement(6) == 28
    assert holiday.entitlement(3) == Decimal("16.8")


def test_leave_year():
    assert holiday.leave_year(dt.date(2025, 3, 1)) == (dt.date(2025, 1, 1), dt.date(2025, 12, 31))
    assert holiday.leave_year(dt.date(2025, 3, 1), 4, 1) == (dt.date(2024, 4, 1), dt.date(2025, 3, 31))


def test_carry_over_is_capped():
    assert holiday.carry_over(Decimal("10.5")) == 8
    assert holiday.carry_over(Decimal("-2")) == 0
    assert holiday.balance(28, Decimal("12.5"), 3) == Decimal("18.50")


def test_a_day_of_holiday():
    assert holiday_pay.payout(ALICE, 1) == Decimal("138.46")
    assert holiday_pay.week_of_holiday([0, 300, 0, 500]) == Decimal("400.00")
