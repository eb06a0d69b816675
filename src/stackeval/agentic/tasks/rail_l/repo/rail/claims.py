"""Delay Repay claims: a traveller's claim for one delayed journey, and the checks it must pass before it
is assessed (``rail.repay``).

A claim names the ticket, the journey as planned and the day of travel, and is stamped with the moment
it was submitted. It must be made within 28 days of the day of travel (the 28th day counts), on a
ticket valid for that journey, and only once per ticket and journey.
"""

import datetime as dt
from dataclasses import dataclass

from rail.clock import format_time
from rail.tickets import covers, valid_on

CLAIM_WINDOW_DAYS = 28


class ClaimRefused(ValueError):
    pass


@dataclass(frozen=True)
class Claim:
    id: str
    ticket: object  # rail.tickets.Ticket
    journey: object  # rail.planner.Journey, as planned
    travelled: dt.date
    submitted: dt.datetime

    @property
    def key(self):
        return (self.ticket.number, self.travelled, self.journey.depart)


def check_window(claim):
    waited = claim.submitted - claim.travelled
    if waited < dt.timedelta(0):
        raise ClaimRefused(f"{claim.id}: submitted before the journey")
    if waited > dt.timedelta(days=CLAIM_WINDOW_DAYS):
        raise ClaimRefused(f"{claim.id}: submitted {waited.days} days after the journey "
                           f"(claims close after {CLAIM_WINDOW_DAYS})")


def check_ticket(claim):
    t, j = claim.ticket, claim.journey
    first, last = j.legs[0].board, j.legs[-1].alight
    if not covers(t, first, last):
        raise ClaimRefused(f"{claim.id}: ticket {t.number} ({t.origin}-{t.destination}) "
                           f"does not cover {first}-{last}")
    if not valid_on(t, claim.travelled, j.depart):
        raise ClaimRefused(f"{claim.id}: a {t.name} is not valid on the {format_time(j.depart)} "
                           f"on {claim.travelled.isoformat()}")


def validate(claim, seen=()):
    """Refuse (``ClaimRefused``) a claim that may not be assessed; ``seen`` holds earlier claims' keys."""
    if claim.key in seen:
        raise ClaimRefused(f"{claim.id}: this journey was already claimed")
    check_ticket(claim)
    check_window(claim)
