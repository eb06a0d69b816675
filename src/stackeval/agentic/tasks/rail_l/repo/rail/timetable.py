"""Trips and the timetable.

A trip calls at stations in order; each call has an arrival and a departure in minutes after midnight
(the first call's arrival equals its departure, as does the last call's departure).
"""

from dataclasses import dataclass, field

from rail.calendar import runs_on


@dataclass
class Call:
    station: str
    arrive: int
    depart: int
    platform: str = ""


@dataclass
class Trip:
    id: str
    route: str
    days: str
    calls: list = field(default_factory=list)

    def call_at(self, station):
        for c in self.calls:
            if c.station == station:
                return c
        return None

    def after(self, station):
        """The calls after the first call at ``station``."""
        for i, c in enumerate(self.calls):
            if c.station == station:
                return self.calls[i + 1:]
        return []


class Timetable:
    def __init__(self, trips=()):
        self.trips = {}
        for t in trips:
            self.add(t)

    def add(self, trip):
        if trip.id in self.trips:
            raise ValueError(f"duplicate trip {trip.id}")
        times = [x for c in trip.calls for x in (c.arrive, c.depart)]
        if times != sorted(times):
            raise ValueError(f"trip {trip.id}: times go backwards")
        self.trips[trip.id] = trip

    def running(self, date):
        return [t for t in self.trips.values() if runs_on(t.days, date)]

    def departures(self, station, date, after, limit=10):
        """(departure, trip) of the trips leaving ``station`` at or after ``after`` on ``date``."""
        out = []
        for t in self.running(date):
            c = t.call_at(station)
            if c is not None and c is not t.calls[-1] and c.depart >= after:
                out.append((c.depart, t))
        out.sort(key=lambda x: (x[0], x[1].id))
        return out[:limit]
