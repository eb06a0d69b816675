"""Departure boards: the next trains from a station, with delays and a peak marker."""

from rail.clock import format_time, parse_time
from rail.stations import get

# the board marks departures in the weekday morning peak (start included, end excluded)
PEAK_START, PEAK_END = parse_time("07:00"), parse_time("09:30")


def marks_peak(planned, date):
    return date.weekday() < 5 and PEAK_START <= planned < PEAK_END


def board_lines(published, live, station, date, after, limit=5):
    station = get(station).code
    lines = []
    for depart, trip in live.departures(station, date, after, limit):
        planned = published.trips[trip.id].call_at(station).depart
        dest = get(trip.calls[-1].station).name
        late = depart - planned
        status = "on time" if late == 0 else f"+{late} min"
        peak = "*" if marks_peak(planned, date) else " "
        lines.append(f"{format_time(planned)}{peak} {dest:<20} {status}")
    return lines
