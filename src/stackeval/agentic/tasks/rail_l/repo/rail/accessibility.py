"""Step-free access and booked assistance.

A station is step-free when every platform can be reached without steps; at the others a traveller who
needs step-free access cannot board or alight. Assistance must be booked ``ASSIST_NOTICE_MIN`` minutes
before the train leaves (the national scheme's two hours), at both ends of each leg.
"""

import datetime as dt

from rail.clock import format_time

STEP_FREE = {"ASF", "ASJ", "BRM", "DUN", "ELM", "FRF"}
ASSIST_NOTICE_MIN = 120


class NotAccessible(ValueError):
    pass


def step_free(station):
    return station in STEP_FREE


def check_journey(journey):
    """Refuse a journey that boards or alights at a station without step-free access."""
    for leg in journey.legs:
        for s in (leg.board, leg.alight):
            if not step_free(s):
                raise NotAccessible(f"{s} has no step-free access ({leg.trip} at {format_time(leg.depart)})")
    return True


def booking_deadline(journey, date):
    """The latest moment (a datetime) assistance for the journey can be booked."""
    first = journey.legs[0].depart - ASSIST_NOTICE_MIN
    day = dt.datetime.combine(date, dt.time())
    return day + dt.timedelta(minutes=first)


def assistance_points(journey):
    """``(station, minute, what)`` for each boarding and alighting, in time order."""
    out = []
    for leg in journey.legs:
        out.append((leg.board, leg.depart, f"board {leg.trip}"))
        out.append((leg.alight, leg.arrive, f"alight {leg.trip}"))
    return out
