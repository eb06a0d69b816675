"""Engineering works: a possession closes the line between two stations for a time window, and the trips
that would run over the closed section are replaced by buses for that section.

A possession ``(from, to, start, end)`` covers the hops of any trip that run between ``from`` and ``to``
(in either direction, and any hop inside the section) and that would be on the section at some moment
from ``start`` (included) to ``end`` (excluded). Buses take ``BUS_FACTOR`` times the train's running time
over the section, plus ``TRANSFER_MIN`` at each end to change between train and bus.
"""

from dataclasses import dataclass

from rail.clock import format_time

BUS_FACTOR = 1.6
TRANSFER_MIN = 10


class BadPossession(ValueError):
    pass


@dataclass(frozen=True)
class Possession:
    start_station: str
    end_station: str
    start: int
    end: int

    def __post_init__(self):
        if self.end <= self.start:
            raise BadPossession("a possession ends after it starts")
        if self.start_station == self.end_station:
            raise BadPossession("a possession covers a section between two stations")


def _section(trip, possession):
    """Indexes ``(i, j)`` of the trip's calls at the two ends of the possession, in running order."""
    names = [c.station for c in trip.calls]
    a, b = possession.start_station, possession.end_station
    if a not in names or b not in names:
        return None
    i, j = sorted((names.index(a), names.index(b)))
    return i, j


def affected(timetable, possession):
    """The ids of trips that run over the closed section during the possession."""
    out = []
    for tid, trip in sorted(timetable.trips.items()):
        sec = _section(trip, possession)
        if sec is None:
            continue
        i, j = sec
        on, off = trip.calls[i].depart, trip.calls[j].arrive
        if on < possession.end and possession.start < off:
            out.append(tid)
    return out


@dataclass(frozen=True)
class Replacement:
    trip: str
    board: str
    depart: int
    alight: str
    arrive: int

    def line(self):
        return f"{self.trip}: bus {self.board} {format_time(self.depart)} -> {self.alight} {format_time(self.arrive)}"


def replacement_buses(timetable, possession):
    """A bus for each affected trip, over the closed section, leaving when the train would have."""
    out = []
    for tid in affected(timetable, possession):
        trip = timetable.trips[tid]
        i, j = _section(trip, possession)
        a, b = trip.calls[i], trip.calls[j]
        run = b.arrive - a.depart
        depart = a.depart + TRANSFER_MIN
        arrive = depart + int(round(run * BUS_FACTOR)) + TRANSFER_MIN
        out.append(Replacement(tid, a.station, depart, b.station, arrive))
    return out


def extra_minutes(timetable, possession):
    """``{trip: minutes later}`` at the end of the closed section, for each affected trip."""
    out = {}
    for r in replacement_buses(timetable, possession):
        train = timetable.trips[r.trip].call_at(r.alight).arrive
        out[r.trip] = r.arrive - train
    return out
