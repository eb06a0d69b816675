import datetime as dt

from payroll import dates


def test_tax_months_start_on_the_sixth():
    assert dates.tax_month_bounds(2025, 1) == (dt.date(2025, 4, 6), dt.date(2025, 5, 5))
    assert dates.tax_month_bounds(2024, 5) == (dt.date(2024, 8, 6), dt.date(2024, 9, 5))


def test_tax_month_and_week_of_a_day():
    assert dates.tax_month_of(dt.date(2025, 4, 6)) == 1
    assert dates.tax_month_of(dt.date(2025, 5, 5)) == 1
    assert dates.tax_month_of(dt.date(2026, 1, 30)) == 10
    assert dates.tax_month_of(dt.date(2026, 4, 5)) == 12
    assert dates.tax_week_of(dt.date(2025, 4, 12)) == 1
    assert dates.tax_week_of(dt.date(2026, 4, 5)) == 53


def test_add_months_keeps_the_end_of_a_short_month():
    assert dates.add_months(dt.date(2025, 1, 31), 1) == dt.date(2025, 2, 28)
    assert dates.add_months(dt.date(2024, 12, 6), 1) == dt.date(2025, 1, 6)
    assert dates.add_months(dt.date(2025, 3, 15), -3) == dt.date(2024, 12, 15)


def test_working_days():
    assert dates.working_days(dt.date(2025, 5, 1), dt.date(2025, 5, 11)) == 7
    assert dates.working_days(dt.date(2025, 5, 1), dt.date(2025, 5, 11), holidays=[dt.date(2025, 5, 5)]) == 6
    assert dates.days_between(dt.date(2025, 5, 1), dt.date(2025, 5, 11)) == 11


def test_age_on_a_birthday():
    assert dates.age_on(dt.date(2004, 2, 29), dt.date(2025, 2, 28)) == 20
    assert dates.age_on(dt.date(2004, 2, 29), dt.date(2025, 3, 1)) == 21
