"""Delay Repay: compensation for a journey that arrived late, as a share of what the journey was worth.

    minutes late    compensation
    0 - 14          none
    15 - 29         25 % of the journey's value
    30 - 59         50 %
    60 - 119        100 %
    120 and more    100 % of the whole ticket (for a return, both halves)

The journey's value is ``rail.tickets.journey_value``. Amounts are rounded to the nearest cent (halves
up). Lateness is measured at the destination against the planned arrival (``rail.connections``).
"""

from dataclasses import dataclass

from rail.claims import validate
from rail.connections import follow
from rail.tickets import journey_value

BANDS = [(15, 25), (30, 50), (60, 100)]  # (from this many minutes late, percent of the journey value)
WHOLE_TICKET_FROM = 120


@dataclass(frozen=True)
class Decision:
    claim: str
    minutes_late: int | None
    percent: int
    amount_cents: int
    reason: str


def band_percent(minutes):
    """The percent of the journey value paid for arriving ``minutes`` late."""
    percent = 0
    for start, pct in BANDS:
        # a band starts after its threshold: 60 minutes late is still the 30-minute band
        if minutes > start:
            percent = pct
    return percent


def _amount(value_cents, percent):
    return (value_cents * percent + 50) // 100


def assess(claim, live, seen=()):
    """The ``Decision`` on a claim, given the day's live timetable (refused claims raise ``ClaimRefused``)."""
    validate(claim, seen)
    outcome = follow(claim.journey, live, claim.travelled)
    if outcome.arrive is None:
        return Decision(claim.id, None, 100, claim.ticket.price_cents, "stranded: the whole ticket")
    late = max(0, outcome.arrive - claim.journey.arrive)
    if late >= WHOLE_TICKET_FROM:
        return Decision(claim.id, late, 100, claim.ticket.price_cents, f"{late} min late: the whole ticket")
    percent = band_percent(late)
    if percent == 0:
        return Decision(claim.id, late, 0, 0, f"{late} min late: below the first band")
    reason = f"{late} min late" + (f", missed the connection at {', '.join(outcome.missed)}" if outcome.missed else "")
    return Decision(claim.id, late, percent, _amount(journey_value(claim.ticket), percent), reason)


def assess_all(claims, live):
    """Decisions for a batch of claims in order; a second claim for the same journey is refused."""
    seen, out = set(), []
    for c in claims:
        out.append(assess(c, live, seen))
        seen.add(c.key)
    return out
