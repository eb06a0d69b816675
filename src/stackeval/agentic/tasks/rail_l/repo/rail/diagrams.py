"""Unit diagrams: the day's work of one unit, a chain of trips in time order.

Each trip of a diagram must start where the previous one ended, and no sooner than the turnaround time
after it (the time to change ends and clean); the diagram's formation must fit every platform it calls at.
"""

from dataclasses import dataclass

from rail.clock import format_time
from rail.mileage import trip_km

TURNAROUND_MIN = 6
PLATFORM_M = {"ASJ": 70.0, "FRF": 90.0, "CLD": 100.0}  # platforms shorter than the standard
STANDARD_PLATFORM_M = 165.0


class BadDiagram(ValueError):
    pass


@dataclass(frozen=True)
class Diagram:
    id: str
    formation: object
    trips: tuple  # trip ids in running order


def platform_length(station):
    return PLATFORM_M.get(station, STANDARD_PLATFORM_M)


def check(diagram, timetable, turnaround=TURNAROUND_MIN):
    """The problems of a diagram, as messages (an empty list when it can run)."""
    problems = []
    trips = [timetable.trips.get(t) for t in diagram.trips]
    for tid, trip in zip(diagram.trips, trips):
        if trip is None:
            problems.append(f"{diagram.id}: unknown trip {tid}")
    trips = [t for t in trips if t is not None]
    for a, b in zip(trips, trips[1:]):
        end, start = a.calls[-1], b.calls[0]
        if end.station != start.station:
            problems.append(f"{diagram.id}: {a.id} ends at {end.station} but {b.id} starts at {start.station}")
        elif start.depart - end.arrive < turnaround:
            problems.append(f"{diagram.id}: {start.depart - end.arrive} min to turn round at {end.station} "
                            f"({format_time(end.arrive)} to {format_time(start.depart)}), {turnaround} needed")
    for t in trips:
        for c in t.calls:
            if not diagram.formation.fits(platform_length(c.station)):
                problems.append(f"{diagram.id}: {diagram.formation} ({diagram.formation.length_m:g} m) "
                                f"is too long for {c.station} on {t.id}")
    return problems


def unit_km(diagram, timetable):
    """Kilometres the diagram's units run in service."""
    return sum(trip_km(timetable.trips[t]) for t in diagram.trips)


def first_and_last(diagram, timetable):
    first = timetable.trips[diagram.trips[0]].calls[0]
    last = timetable.trips[diagram.trips[-1]].calls[-1]
    return (first.station, first.depart), (last.station, last.arrive)


def chain(timetable, trip_ids, turnaround=TURNAROUND_MIN):
    """Split ``trip_ids`` into as few chains as a greedy diagrammer makes: each trip (by departure) joins
    the chain that ended earliest at its starting station with enough time to turn round."""
    trips = sorted((timetable.trips[t] for t in trip_ids), key=lambda t: (t.calls[0].depart, t.id))
    chains = []
    for t in trips:
        start = t.calls[0]
        fits = [c for c in chains
                if c[-1].calls[-1].station == start.station and start.depart - c[-1].calls[-1].arrive >= turnaround]
        if fits:
            min(fits, key=lambda c: c[-1].calls[-1].arrive).append(t)
        else:
            chains.append([t])
    return [tuple(t.id for t in c) for c in chains]
