"""Railcards: a third off most fares, with each card's own limits.

- ``YNG`` (16-25) and ``SNR`` (Senior): a third off, any time; the 16-25 card has a minimum fare of
  12.00 for journeys starting before 10:00 on weekdays (not in July and August);
- ``NET`` (Network): a third off after 10:00 on weekdays and all day at weekends, with a minimum fare
  of 13.00 on weekdays;
- ``FAM`` (Family): a third off adults' fares, 60 % off children's.
A discount is rounded down to the cent below (the traveller pays the odd cent).
"""

from dataclasses import dataclass

from rail.clock import parse_time

TEN = parse_time("10:00")


class RailcardRefused(ValueError):
    pass


@dataclass(frozen=True)
class Card:
    code: str
    name: str
    percent_off: int
    minimum_cents: int = 0
    minimum_before: int | None = None  # the minimum fare applies to departures before this minute
    weekday_after: int | None = None  # no discount on weekdays before this minute


CARDS = {
    "YNG": Card("YNG", "16-25 Railcard", 34, 1200, TEN),
    "SNR": Card("SNR", "Senior Railcard", 34),
    "NET": Card("NET", "Network Railcard", 34, 1300, None, TEN),
    "FAM": Card("FAM", "Family & Friends Railcard", 34),
}
CHILD_PERCENT_OFF = 60


def discounted(fare_cents, code, depart, date, child=False):
    """The fare with the railcard ``code`` (no card: the fare itself)."""
    if not code:
        return fare_cents
    card = CARDS.get(code.upper())
    if card is None:
        raise RailcardRefused(f"unknown railcard {code!r}")
    weekday = date.weekday() < 5
    if card.weekday_after is not None and weekday and depart < card.weekday_after:
        return fare_cents
    off = CHILD_PERCENT_OFF if child and card.code == "FAM" else card.percent_off
    fare = fare_cents - fare_cents * off // 100
    if card.minimum_cents and weekday and _minimum_applies(card, depart, date):
        fare = max(fare, min(card.minimum_cents, fare_cents))
    return fare


def _minimum_applies(card, depart, date):
    if card.code == "YNG" and date.month in (7, 8):
        return False
    return card.minimum_before is None or depart < card.minimum_before
