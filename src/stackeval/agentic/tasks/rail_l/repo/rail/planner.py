"""Journey planning: the earliest arrival from one station to another, leaving at or after a time.

A connection scan over the day's trips: every hop between two consecutive calls of a trip is a
connection; we scan them by departure time and keep, per station, the earliest time we can be there.
Changing trips at a station needs that station's interchange time; staying on the same trip does not.
"""

from dataclasses import dataclass

from rail.stations import get


@dataclass(frozen=True)
class Leg:
    trip: str
    board: str
    depart: int
    alight: str
    arrive: int


@dataclass(frozen=True)
class Journey:
    legs: tuple

    @property
    def depart(self):
        return self.legs[0].depart

    @property
    def arrive(self):
        return self.legs[-1].arrive

    @property
    def minutes(self):
        return self.arrive - self.depart

    @property
    def changes(self):
        return len(self.legs) - 1


class NoJourney(LookupError):
    pass


def _connections(timetable, date):
    out = []
    for trip in timetable.running(date):
        for a, b in zip(trip.calls, trip.calls[1:]):
            out.append((a.depart, b.arrive, a.station, b.station, trip.id))
    out.sort()
    return out


def plan(timetable, origin, destination, date, after):
    origin, destination = get(origin).code, get(destination).code
    best = {origin: after}  # earliest time we can be at a station
    legs_to = {origin: ()}  # the legs that get us there
    boarded = {}  # trip -> (legs before boarding it, boarding station, departure)
    for dep, arr, a, b, trip in _connections(timetable, date):
        if trip not in boarded:
            if a not in best:
                continue
            change = get(a).interchange_min if legs_to[a] else 0
            if dep < best[a] + change:
                continue
            boarded[trip] = (legs_to[a], a, dep)
        if arr < best.get(b, float("inf")):
            before, board, board_dep = boarded[trip]
            best[b] = arr
            legs_to[b] = (*before, Leg(trip, board, board_dep, b, arr))
    if destination == origin or destination not in legs_to:
        raise NoJourney(f"no journey from {origin} to {destination} after {after}")
    return Journey(legs_to[destination])
