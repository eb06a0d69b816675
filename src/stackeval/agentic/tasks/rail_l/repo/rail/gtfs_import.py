"""Reading a GTFS feed (as ``rail.export`` writes it) back into a timetable: ``trips.txt`` names each
trip's route and service, ``calendar.txt`` turns the service into a day pattern, ``stop_times.txt`` gives
the calls in ``stop_sequence`` order. Stop ids are station codes."""

import csv
import io

from rail.export import DAYS
from rail.stations import get
from rail.timetable import Call, Timetable, Trip


class BadFeed(ValueError):
    pass


def _rows(text, needed):
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in needed if c not in (reader.fieldnames or [])]
    if missing:
        raise BadFeed(f"missing columns: {', '.join(missing)}")
    return list(reader)


def parse_gtfs_time(text):
    """``HH:MM:SS`` (hours may pass 23) as minutes after the service day's midnight; seconds must be 0."""
    parts = text.strip().split(":")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise BadFeed(f"not a GTFS time: {text!r}")
    h, m, s = (int(p) for p in parts)
    if m > 59 or s != 0:
        raise BadFeed(f"not a whole minute: {text!r}")
    return h * 60 + m


def patterns(calendar_text):
    """``{service id: day pattern}``: a letter where the service runs, a dot where it does not."""
    out = {}
    for row in _rows(calendar_text, ["service_id", *DAYS]):
        out[row["service_id"]] = "".join(d[0].upper() if row[d] == "1" else "." for d in DAYS)
    return out


def load_feed(files):
    """A ``Timetable`` from ``{file name: text}`` (``trips.txt``, ``calendar.txt``, ``stop_times.txt``)."""
    days = patterns(files["calendar.txt"])
    trips = {}
    for row in _rows(files["trips.txt"], ["route_id", "service_id", "trip_id"]):
        if row["service_id"] not in days:
            raise BadFeed(f"trip {row['trip_id']}: unknown service {row['service_id']}")
        trips[row["trip_id"]] = Trip(row["trip_id"], row["route_id"], days[row["service_id"]])
    stops = {}
    for row in _rows(files["stop_times.txt"], ["trip_id", "arrival_time", "departure_time", "stop_id",
                                               "stop_sequence"]):
        if row["trip_id"] not in trips:
            raise BadFeed(f"stop time of unknown trip {row['trip_id']}")
        call = Call(get(row["stop_id"]).code, parse_gtfs_time(row["arrival_time"]),
                    parse_gtfs_time(row["departure_time"]))
        stops.setdefault(row["trip_id"], []).append((int(row["stop_sequence"]), call))
    for tid, calls in stops.items():
        trips[tid].calls = [c for _, c in sorted(calls, key=lambda x: x[0])]
    return Timetable(t for t in trips.values() if t.calls)
