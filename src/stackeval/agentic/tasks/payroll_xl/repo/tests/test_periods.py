import datetime as dt

import pytest

from payroll.periods import periods_in_year, tax_year_of


def test_periods_in_year():
    assert [periods_in_year(f) for f in ("weekly", "fortnightly", "monthly")] == [52, 26, 12]
    with pytest.raises(ValueError):
        periods_in_year("daily")


def test_tax_year_starts_on_6_april():
    assert tax_year_of(dt.date(2025, 4, 5)) == 2024
    assert tax_year_of(dt.date(2025, 4, 6)) == 2025
    assert tax_year_of(dt.date(2025, 1, 3)) == 2024
