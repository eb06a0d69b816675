"""Tickets: the kinds sold, when they may be used, and what one journey on them is worth.

Kinds (the national codes): ``SDS`` anytime day single, ``SOS`` off-peak single, ``SDR`` anytime day
return, ``CDR`` off-peak day return, ``SOR`` off-peak return (return within a month), ``7DS`` seven-day
season. Off-peak tickets are not valid on a train that leaves in the weekday morning peak.
"""

import datetime as dt
from dataclasses import dataclass

from rail.fares import is_peak

KINDS = {
    "SDS": ("Anytime Day Single", "single", False, 0),
    "SOS": ("Off-Peak Single", "single", True, 0),
    "SDR": ("Anytime Day Return", "return", False, 0),
    "CDR": ("Off-Peak Day Return", "return", True, 0),
    "SOR": ("Off-Peak Return", "return", True, 31),
    "7DS": ("Seven Day Season", "season", False, 6),
}
SEASON_JOURNEYS = 10  # a seven-day season is valued as ten journeys (five days, out and back)


class BadTicket(ValueError):
    pass


@dataclass(frozen=True)
class Ticket:
    number: str
    kind: str
    origin: str
    destination: str
    valid_from: dt.date
    price_cents: int
    railcard: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise BadTicket(f"unknown ticket kind {self.kind!r}")
        if self.price_cents < 0:
            raise BadTicket("a price is not negative")

    @property
    def name(self):
        return KINDS[self.kind][0]

    @property
    def shape(self):
        return KINDS[self.kind][1]

    @property
    def off_peak(self):
        return KINDS[self.kind][2]

    @property
    def last_day(self):
        """The last day the ticket can be used on (the outward day for day tickets)."""
        return self.valid_from + dt.timedelta(days=KINDS[self.kind][3])


def covers(ticket, origin, destination):
    """A ticket covers its own two stations, either way round for returns and seasons."""
    if (origin, destination) == (ticket.origin, ticket.destination):
        return True
    return ticket.shape != "single" and (destination, origin) == (ticket.origin, ticket.destination)


def valid_on(ticket, date, depart):
    """Whether ``ticket`` may be used on a train leaving at ``depart`` (minutes) on ``date``."""
    if not ticket.valid_from <= date <= ticket.last_day:
        return False
    return not (ticket.off_peak and is_peak(depart, date.weekday() < 5))


def journey_value(ticket):
    """What one journey on the ticket is worth, in cents: a single its price, a return half of it (halves
    of a cent go up), a season its price over ``SEASON_JOURNEYS``."""
    if ticket.shape == "single":
        return ticket.price_cents
    if ticket.shape == "return":
        return (ticket.price_cents + 1) // 2
    return (ticket.price_cents + SEASON_JOURNEYS // 2) // SEASON_JOURNEYS
