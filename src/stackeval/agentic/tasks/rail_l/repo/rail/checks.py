"""Timetable checks run before a timetable is published: each returns messages, an empty list when the
timetable passes.

- dwell: a train stands at an intermediate call for at least ``MIN_DWELL`` minute and at most
  ``MAX_DWELL`` minutes;
- running: no hop needs more than the line speed (``rail.mileage.too_fast``);
- patterns: every trip's day pattern is well formed (``rail.calendar.check_pattern``);
- turnback: a trip does not call twice at the same station.
"""

from rail.calendar import BadPattern, check_pattern
from rail.clock import format_time
from rail.mileage import too_fast

MIN_DWELL = 1
MAX_DWELL = 10


def dwell_problems(timetable):
    out = []
    for tid, t in sorted(timetable.trips.items()):
        for c in t.calls[1:-1]:
            dwell = c.depart - c.arrive
            if not MIN_DWELL <= dwell <= MAX_DWELL:
                out.append(f"{tid}: {dwell} min at {c.station} ({format_time(c.arrive)}-{format_time(c.depart)})")
    return out


def running_problems(timetable, limit=None):
    out = []
    for tid, t in sorted(timetable.trips.items()):
        fast = too_fast(t) if limit is None else too_fast(t, limit)
        out.extend(f"{tid}: {a}-{b} needs {v} km/h" for a, b, v in fast)
    return out


def pattern_problems(timetable):
    out = []
    for tid, t in sorted(timetable.trips.items()):
        try:
            check_pattern(t.days)
        except BadPattern as e:
            out.append(f"{tid}: {e}")
    return out


def turnback_problems(timetable):
    out = []
    for tid, t in sorted(timetable.trips.items()):
        seen = set()
        for c in t.calls:
            if c.station in seen:
                out.append(f"{tid}: calls twice at {c.station}")
            seen.add(c.station)
    return out


CHECKS = {"dwell": dwell_problems, "running": running_problems, "patterns": pattern_problems,
          "turnback": turnback_problems}


def check_all(timetable):
    """``{check name: messages}`` for the checks that found something."""
    found = {name: f(timetable) for name, f in CHECKS.items()}
    return {k: v for k, v in found.items() if v}
