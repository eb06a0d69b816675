"""Service frequency at a station: departures per hour, the gaps between trains, and whether the
service is clock-face (the same minutes past every hour)."""

from collections import Counter

from rail.clock import format_time


def departures(timetable, station, date=None, route=None):
    """Departure minutes from ``station`` (trips that do not end there), sorted."""
    trips = timetable.running(date) if date is not None else timetable.trips.values()
    out = []
    for t in trips:
        if route is not None and t.route != route:
            continue
        c = t.call_at(station)
        if c is not None and c is not t.calls[-1]:
            out.append(c.depart)
    return sorted(out)


def per_hour(times):
    """``{hour: departures}`` for the hours with any departure."""
    return dict(sorted(Counter(t // 60 for t in times).items()))


def gaps(times):
    return [b - a for a, b in zip(times, times[1:])]


def longest_gap(times):
    """``(from, to)`` of the longest gap between departures (the first of equal ones), or ``None``."""
    if len(times) < 2:
        return None
    i = max(range(len(times) - 1), key=lambda k: (times[k + 1] - times[k], -k))
    return times[i], times[i + 1]


def clock_face(times):
    """Whether every hour with a departure has departures at the same minutes past the hour."""
    by_hour = {}
    for t in times:
        by_hour.setdefault(t // 60, set()).add(t % 60)
    return len({frozenset(v) for v in by_hour.values()}) <= 1


def describe(times):
    if not times:
        return "no departures"
    g = longest_gap(times)
    text = f"{len(times)} departures, {format_time(times[0])} to {format_time(times[-1])}"
    if g is not None:
        text += f"; longest gap {g[1] - g[0]} min after {format_time(g[0])}"
    return text + ("; clock-face" if clock_face(times) else "")
