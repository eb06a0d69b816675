"""A planned journey on the day: when the traveller really gets there, given the live timetable.

Each leg runs as its live trip runs. A connection is missed when the next leg's train leaves before the
traveller can reach it, that is before the arrival plus the interchange station's minimum interchange
time; the rest of the journey is then planned afresh from that station, on the live timetable, from the
moment the traveller is ready.
"""

from dataclasses import dataclass

from rail.planner import NoJourney, plan
from rail.stations import get


class LostTrip(LookupError):
    pass


@dataclass(frozen=True)
class Outcome:
    arrive: int  # minutes after midnight, None when no train gets there that day
    missed: tuple  # the stations where a connection was missed
    legs: tuple  # the legs actually travelled (planned ones, then replanned)

    @property
    def completed(self):
        return self.arrive is not None


def _live_call(live, trip_id, station):
    trip = live.trips.get(trip_id)
    call = trip.call_at(station) if trip is not None else None
    if call is None:
        raise LostTrip(f"trip {trip_id} no longer calls at {station}")
    return call


def follow(journey, live, date):
    """The ``Outcome`` of travelling ``journey`` on ``date`` with the live timetable ``live``."""
    legs = journey.legs
    done, missed = [], []
    for i, leg in enumerate(legs):
        arrive = _live_call(live, leg.trip, leg.alight).arrive
        done.append(leg)
        if i + 1 == len(legs):
            return Outcome(arrive, tuple(missed), tuple(done))
        nxt = legs[i + 1]
        depart = _live_call(live, nxt.trip, nxt.board).depart
        # the connection holds as long as the next train has not left when we arrive
        if depart < arrive:
            missed.append(leg.alight)
            ready = arrive + get(leg.alight).interchange_min
            try:
                rest = plan(live, leg.alight, legs[-1].alight, date, ready)
            except NoJourney:
                return Outcome(None, tuple(missed), tuple(done))
            return Outcome(rest.arrive, tuple(missed), (*done, *rest.legs))
    raise ValueError("a journey has at least one leg")


def actual_arrival(journey, live, date):
    """The minute the traveller arrives (``None``: stranded for the day)."""
    return follow(journey, live, date).arrive


def minutes_late(journey, live, date):
    """How late the traveller arrives against the plan (0 when early or on time, ``None`` when stranded)."""
    arrive = actual_arrival(journey, live, date)
    if arrive is None:
        return None
    return max(0, arrive - journey.arrive)
