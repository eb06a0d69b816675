from decimal import Decimal

import pytest

from payroll.apportion import split, split_by_percent, spread


def test_even_splits():
    assert split(Decimal("100"), [1, 1, 2]) == [Decimal("25.00"), Decimal("25.00"), Decimal("50.00")]
    assert split_by_percent(Decimal("3000"), [60, 40]) == [Decimal("1800.00"), Decimal("1200.00")]


def test_percentages_must_add_up():
    with pytest.raises(ValueError):
        split_by_percent(Decimal("10"), [60, 50])


def test_spread_puts_the_odd_pennies_last():
    assert spread(Decimal("1000"), 12) == [Decimal("83.33")] * 11 + [Decimal("83.37")]
