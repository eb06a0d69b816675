"""Export to the GTFS text files a journey planner or map service reads: ``stops.txt``, ``routes.txt``,
``trips.txt``, ``stop_times.txt`` and ``calendar.txt`` (comma-separated, a header line, ``\\n`` line ends).

GTFS times are ``HH:MM:SS`` and may pass 24:00:00 for a trip that runs past midnight; GTFS calendars name
the days ``monday`` ... ``sunday`` with 1 where the service runs.
"""

import csv
import io

from rail.stations import get

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
AGENCY = "rail"


def gtfs_time(minutes):
    """Minutes after the service day's midnight as GTFS ``HH:MM:SS`` (never wrapped at 24 hours)."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}:00"


def _csv(header, rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def stops_txt(timetable):
    codes = sorted({c.station for t in timetable.trips.values() for c in t.calls})
    rows = []
    for code in codes:
        s = get(code)
        rows.append([s.code, s.name, f"{s.lat:.4f}", f"{s.lon:.4f}", f"zone{s.zone}"])
    return _csv(["stop_id", "stop_name", "stop_lat", "stop_lon", "zone_id"], rows)


def routes_txt(timetable):
    names = sorted({t.route for t in timetable.trips.values()})
    return _csv(["route_id", "agency_id", "route_short_name", "route_type"], [[n, AGENCY, n, 2] for n in names])


def service_id(pattern):
    return "S_" + pattern.replace(".", "x")


def calendar_txt(timetable, start, end):
    patterns = sorted({t.days for t in timetable.trips.values()})
    rows = []
    for p in patterns:
        rows.append([service_id(p), *["0" if c == "." else "1" for c in p],
                     start.strftime("%Y%m%d"), end.strftime("%Y%m%d")])
    return _csv(["service_id", *DAYS, "start_date", "end_date"], rows)


def trips_txt(timetable):
    rows = [[t.route, service_id(t.days), t.id] for _, t in sorted(timetable.trips.items())]
    return _csv(["route_id", "service_id", "trip_id"], rows)


def stop_times_txt(timetable):
    rows = []
    for tid, t in sorted(timetable.trips.items()):
        for seq, c in enumerate(t.calls, start=1):
            rows.append([tid, gtfs_time(c.arrive), gtfs_time(c.depart), c.station, seq])
    return _csv(["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence"], rows)


def feed(timetable, start, end):
    """The whole feed as ``{file name: text}``."""
    return {
        "stops.txt": stops_txt(timetable),
        "routes.txt": routes_txt(timetable),
        "trips.txt": trips_txt(timetable),
        "stop_times.txt": stop_times_txt(timetable),
        "calendar.txt": calendar_txt(timetable, start, end),
    }
