import datetime as dt

from network import TEXT
from rail.board import board_lines, marks_peak
from rail.clock import parse_time
from rail.delays import apply_delays, parse_delays
from rail.fares import is_peak
from rail.loader import load

MONDAY = dt.date(2024, 6, 3)


def test_board_lists_the_next_departures():
    tt = load(TEXT)
    lines = board_lines(tt, tt, "CLD", MONDAY, parse_time("06:00"))
    assert [line[:5] for line in lines] == ["06:53", "07:53"]
    assert lines[0].split()[1:] == ["Elmstead", "on", "time"]


def test_board_shows_delays():
    tt = load(TEXT)
    live = apply_delays(tt, parse_delays("C2 CLD +7"))
    lines = board_lines(tt, live, "CLD", MONDAY, parse_time("07:00"))
    assert lines[0].endswith("+7 min")


def test_board_marks_the_peak_from_half_past_six():
    tt = load(TEXT)
    lines = board_lines(tt, tt, "BRM", MONDAY, parse_time("06:00"))
    assert [line[:6] for line in lines] == ["06:40*", "07:40*"]


def test_board_and_fares_agree_on_the_peak():
    for day in (MONDAY, dt.date(2024, 6, 8)):
        for minute in range(0, 24 * 60, 5):
            assert marks_peak(minute, day) == is_peak(minute, day.weekday() < 5), (day, minute)
