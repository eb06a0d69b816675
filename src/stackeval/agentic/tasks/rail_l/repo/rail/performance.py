"""Punctuality: how the day's trains ran against the timetable.

A train is on time when it reaches its destination less than ``ON_TIME_MIN`` minutes late (the public
performance measure for regional services: 4 minutes 59 seconds late is on time, 5 minutes is not); a
cancelled train, or one that does not reach its destination, counts as late. "Right time" is stricter:
arriving no later than planned.
"""

from dataclasses import dataclass

ON_TIME_MIN = 5


@dataclass(frozen=True)
class Record:
    trip: str
    route: str
    planned: int
    actual: int | None  # None: cancelled or did not reach the destination

    @property
    def late(self):
        return None if self.actual is None else max(0, self.actual - self.planned)

    @property
    def on_time(self):
        return self.actual is not None and self.late < ON_TIME_MIN

    @property
    def right_time(self):
        return self.actual is not None and self.actual <= self.planned


def records(published, live):
    """One record per published trip, comparing the arrival at its planned destination."""
    out = []
    for tid, trip in sorted(published.trips.items()):
        dest = trip.calls[-1]
        lt = live.trips.get(tid)
        call = lt.call_at(dest.station) if lt is not None else None
        out.append(Record(tid, trip.route, dest.arrive, None if call is None else call.arrive))
    return out


def percent(part, whole):
    """``part`` of ``whole`` as a percentage with one decimal (0.0 for nothing)."""
    return 0.0 if whole == 0 else round(100 * part / whole, 1)


def ppm(recs):
    return percent(sum(r.on_time for r in recs), len(recs))


def by_route(recs):
    """``{route: (trains, on time, PPM)}``."""
    groups = {}
    for r in recs:
        groups.setdefault(r.route, []).append(r)
    return {name: (len(g), sum(r.on_time for r in g), ppm(g)) for name, g in sorted(groups.items())}


def worst(recs, n=3):
    """The ``n`` latest trains (cancelled ones first), as ``(trip, minutes late or None)``."""
    key = [(0 if r.actual is None else 1, -(r.late or 0), r.trip) for r in recs]
    order = sorted(range(len(recs)), key=lambda i: key[i])
    return [(recs[i].trip, recs[i].late) for i in order[:n]]
