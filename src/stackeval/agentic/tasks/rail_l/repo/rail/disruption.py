"""Disruption: cancellations, part-cancellations and extra stops, applied to a live timetable.

Control-room lines, one a line:

    CANCEL C2              the whole trip does not run
    TERMINATE C1 ASF       the trip ends at ASF (calls after it are cancelled)
    START C3 ASF           the trip starts at ASF (calls before it are cancelled)
    SKIP C1 CLD            the trip runs through CLD without stopping

Like delays, disruption never changes the timetable it is given; it returns a new one.
"""

import copy
from dataclasses import dataclass

from rail.timetable import Timetable


class BadDisruption(ValueError):
    pass


@dataclass(frozen=True)
class Change:
    action: str
    trip: str
    station: str = ""


ACTIONS = {"CANCEL": 1, "TERMINATE": 2, "START": 2, "SKIP": 2}


def parse_disruption(text):
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        action = words[0].upper()
        if action not in ACTIONS or len(words) != ACTIONS[action] + 1:
            raise BadDisruption(f"line {n}: not a disruption: {line!r}")
        out.append(Change(action, words[1], words[2].upper() if len(words) > 2 else ""))
    return out


def _index(trip, station):
    for i, c in enumerate(trip.calls):
        if c.station == station:
            return i
    raise BadDisruption(f"trip {trip.id} does not call at {station}")


def apply_disruption(timetable, changes):
    """A new timetable with ``changes`` applied; trips left with fewer than two calls do not run."""
    trips = {tid: copy.deepcopy(t) for tid, t in timetable.trips.items()}
    for ch in changes:
        trip = trips.get(ch.trip)
        if trip is None:
            continue
        if ch.action == "CANCEL":
            trip.calls = []
        elif ch.action == "TERMINATE":
            trip.calls = trip.calls[:_index(trip, ch.station) + 1]
        elif ch.action == "START":
            trip.calls = trip.calls[_index(trip, ch.station):]
        elif ch.action == "SKIP":
            i = _index(trip, ch.station)
            if i in (0, len(trip.calls) - 1):
                raise BadDisruption(f"trip {trip.id} cannot skip its first or last call")
            del trip.calls[i]
    live = Timetable()
    for tid, trip in trips.items():
        if len(trip.calls) >= 2:
            first, last = trip.calls[0], trip.calls[-1]
            first.arrive = first.depart
            last.depart = last.arrive
            live.trips[tid] = trip
    return live


def cancelled(timetable, live):
    """Trips of ``timetable`` that do not run in ``live``, by id."""
    return sorted(set(timetable.trips) - set(live.trips))


def lost_calls(timetable, live):
    """``(trip, station)`` calls of the timetable that the live timetable no longer makes."""
    out = []
    for tid, trip in sorted(timetable.trips.items()):
        kept = {c.station for c in live.trips[tid].calls} if tid in live.trips else set()
        out.extend((tid, c.station) for c in trip.calls if c.station not in kept)
    return out
