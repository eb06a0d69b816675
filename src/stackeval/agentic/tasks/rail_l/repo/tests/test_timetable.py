import datetime as dt

import pytest

from rail.calendar import BadPattern, runs_on
from rail.clock import BadTime, format_time, parse_time
from rail.loader import BadTimetable, load

NIGHT = """
trip N1 route Night days MTWTF..
  GLN 23:40
  BRM 23:58 23:59
  ASF 24:35
"""


def test_parse_and_format_times():
    assert parse_time("07:05") == 425
    assert format_time(425) == "07:05"
    assert format_time(24 * 60 + 35) == "00:35"


def test_bad_times_are_refused():
    for text in ("7", "12:60", "ab:cd", "48:00"):
        with pytest.raises(BadTime):
            parse_time(text)


def test_overnight_trip_loads():
    tt = load(NIGHT)
    assert tt.trips["N1"].calls[-1].arrive == 24 * 60 + 35


def test_weekday_patterns():
    assert runs_on("MTWTF..", dt.date(2024, 6, 3))
    assert not runs_on("MTWTF..", dt.date(2024, 6, 8))
    assert runs_on(".....SS", dt.date(2024, 12, 25))
    with pytest.raises(BadPattern):
        runs_on("MTWTF", dt.date(2024, 6, 3))


def test_bad_timetable_lines():
    with pytest.raises(BadTimetable):
        load("trip T1 route X\n  ASF 07:00\n")
    with pytest.raises(BadTimetable):
        load("  ASF 07:00\n")
