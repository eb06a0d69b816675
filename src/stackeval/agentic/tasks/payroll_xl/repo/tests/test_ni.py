from decimal import Decimal

import pytest

from payroll.errors import ConfigError
from payroll.ni import contributions, employee_ni, period_thresholds


def test_weekly_thresholds():
    t = period_thresholds(2024, "weekly")
    assert (t["pt"], t["uel"], t["st"]) == (242, 967, 175)


def test_monthly_thresholds():
    t = period_thresholds(2025, "monthly")
    assert (t["pt"], t["uel"], t["st"]) == (1048, 4189, 417)


def test_weekly_contributions():
    assert contributions(Decimal("575"), "A", 2024, "weekly") == (Decimal("26.64"), Decimal("55.20"))
    assert contributions(Decimal("1000"), "A", 2025, "weekly") == (Decimal("58.66"), Decimal("135.60"))


def test_categories():
    assert employee_ni(Decimal("575"), "C", 2024, "weekly") == 0
    assert contributions(Decimal("575"), "M", 2024, "weekly")[1] == 0
    with pytest.raises(ConfigError):
        employee_ni(Decimal("575"), "Q", 2024, "weekly")
