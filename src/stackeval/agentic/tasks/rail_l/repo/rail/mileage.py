"""Distances and speeds of trips and journeys (straight lines between calls; the real track is longer,
which the operator's timetabling rules allow for with ``TRACK_FACTOR``)."""

from rail.geo import distance_km

TRACK_FACTOR = 1.15  # track kilometres per straight-line kilometre, on average
MAX_SPEED_KMH = 160


def hop_km(a, b, track=True):
    km = distance_km(a, b)
    return km * TRACK_FACTOR if track else km


def trip_km(trip, track=True):
    return sum(hop_km(a.station, b.station, track) for a, b in zip(trip.calls, trip.calls[1:]))


def journey_km(journey, timetable, track=True):
    """The distance travelled on a planned journey: on each leg, the calls from boarding to alighting."""
    total = 0.0
    for leg in journey.legs:
        calls = timetable.trips[leg.trip].calls
        names = [c.station for c in calls]
        i, j = names.index(leg.board), names.index(leg.alight)
        total += sum(hop_km(a.station, b.station, track) for a, b in zip(calls[i:j], calls[i + 1:j + 1]))
    return total


def average_speed_kmh(km, minutes):
    if minutes <= 0:
        raise ValueError("a journey takes time")
    return km * 60 / minutes


def hop_speeds(trip):
    """``(from, to, km/h)`` of each hop of a trip, from departure at one call to arrival at the next."""
    out = []
    for a, b in zip(trip.calls, trip.calls[1:]):
        minutes = b.arrive - a.depart
        out.append((a.station, b.station, average_speed_kmh(hop_km(a.station, b.station), minutes)))
    return out


def too_fast(trip, limit=MAX_SPEED_KMH):
    """The hops of ``trip`` that would need more than ``limit`` km/h on average (a timetabling error)."""
    return [(a, b, round(v)) for a, b, v in hop_speeds(trip) if v > limit]
