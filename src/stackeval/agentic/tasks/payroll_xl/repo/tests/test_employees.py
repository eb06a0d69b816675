from decimal import Decimal

import pytest

from payroll.employees import Employee


def test_exactly_one_kind_of_pay():
    with pytest.raises(ValueError):
        Employee("X", "X", "ENG", salary=Decimal(1), hourly_rate=Decimal(1))
    with pytest.raises(ValueError):
        Employee("X", "X", "ENG")


def test_unknown_frequency_is_refused():
    with pytest.raises(ValueError):
        Employee("X", "X", "ENG", "daily", salary=Decimal(1))
