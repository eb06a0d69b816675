"""The timetable text format.

    trip T101 route Coast days MTWTF..
      ASF 07:02
      DUN 07:20 07:22
      ELM 07:51

A trip line, then one indented line per call: station code, arrival, and the departure when it differs.
Blank lines and lines starting with ``#`` are ignored.
"""

from rail.clock import parse_time
from rail.stations import get
from rail.timetable import Call, Timetable, Trip


class BadTimetable(ValueError):
    pass


def load(text):
    trips, current = [], None
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not raw[0].isspace():
            words = line.split()
            if len(words) != 6 or words[0] != "trip" or words[2] != "route" or words[4] != "days":
                raise BadTimetable(f"line {n}: expected 'trip ID route NAME days PATTERN'")
            current = Trip(words[1], words[3], words[5])
            trips.append(current)
            continue
        if current is None:
            raise BadTimetable(f"line {n}: a call before any trip")
        parts = line.split()
        if len(parts) not in (2, 3):
            raise BadTimetable(f"line {n}: expected 'STATION ARRIVE [DEPART]'")
        code = get(parts[0]).code
        arrive = parse_time(parts[1])
        depart = parse_time(parts[2]) if len(parts) == 3 else arrive
        current.calls.append(Call(code, arrive, depart))
    return Timetable(trips)
