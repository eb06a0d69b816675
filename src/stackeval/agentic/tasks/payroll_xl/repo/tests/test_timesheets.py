from decimal import Decimal

from payroll.timesheets import parse, weekly_hours
from staff import NEW_YEAR_WEEK


def test_parse_skips_comments():
    entries = parse("# hours\n2025-03-03 7.5\n\n2025-03-04 8  # late\n")
    assert [h for _, h in entries] == [Decimal("7.5"), Decimal("8")]


def test_hours_are_summed_per_week():
    entries = parse("2025-03-03 8\n2025-03-07 8\n2025-03-10 6\n")
    assert weekly_hours(entries) == [Decimal(16), Decimal(6)]


def test_a_week_across_the_new_year_is_one_week():
    assert weekly_hours(parse(NEW_YEAR_WEEK)) == [Decimal(44)]
