"""Live delays: ``TRIP STATION +MIN`` lines from the control room. A delay at a call holds at every
later call of the trip (trains do not make up time in this model). Applying delays never changes the
published timetable: it returns a live copy."""

import copy

from rail.timetable import Timetable


class BadDelay(ValueError):
    pass


def parse_delays(text):
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        trip, station, delta = line.split()
        if not delta.startswith("+") or not delta[1:].isdigit():
            raise BadDelay(f"not a delay: {line!r}")
        out.append((trip, station.upper(), int(delta[1:])))
    return out


def apply_delays(timetable, delays):
    live = Timetable()
    live.trips = copy.copy(timetable.trips)
    for trip_id, station, minutes in delays:
        trip = live.trips.get(trip_id)
        if trip is None:
            continue
        hit = False
        for c in trip.calls:
            if c.station == station:
                hit = True
                c.depart += minutes
                continue
            if hit:
                c.arrive += minutes
                c.depart += minutes
    return live


def late_by(published, live, trip_id, station):
    """Minutes a trip leaves ``station`` after its published time."""
    return live.trips[trip_id].call_at(station).depart - published.trips[trip_id].call_at(station).depart
