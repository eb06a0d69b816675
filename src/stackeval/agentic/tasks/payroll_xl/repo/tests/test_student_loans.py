from decimal import Decimal

import pytest

from payroll.errors import ConfigError
from payroll.student_loans import deduction, plan_key


def test_plan_names():
    assert [plan_key(p) for p in ("plan 2", "Plan1", "4", "postgraduate")] == ["PLAN2", "PLAN1", "PLAN4", "PGL"]
    with pytest.raises(ConfigError):
        plan_key("plan 3")


def test_nothing_below_the_threshold():
    assert deduction(Decimal("2000"), "PLAN1", "monthly", 2024) == 0
    assert deduction(Decimal("400"), "PLAN2", "weekly", 2024) == 0


def test_plan_2_from_april_2025():
    # Plan 2 from April 2025: 9% of the pay above £28,470 a year
    assert deduction(Decimal("2872.50"), "PLAN2", "monthly", 2025) == Decimal("45")
