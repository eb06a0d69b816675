from decimal import Decimal

from payroll.pension import pension, qualifying
from staff import ALICE, CARA


def test_weekly_qualifying_earnings():
    assert qualifying(Decimal("575"), "weekly") == Decimal("455")
    assert qualifying(Decimal("100"), "weekly") == 0


def test_monthly_pension():
    assert pension(Decimal("3000"), ALICE) == Decimal("124.00")


def test_pension_stops_at_the_upper_limit():
    assert pension(Decimal("100000") / 12, ALICE) == Decimal("183.46")
    assert pension(Decimal("575"), CARA) == Decimal("22.75")
