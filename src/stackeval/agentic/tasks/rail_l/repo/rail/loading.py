"""Loadings: passengers on board each hop of a trip, from counts of boarders and alighters at each call,
against the capacity of the formation that works it. A hop is crowded above ``CROWDED`` of the seats and
overloaded above the formation's total capacity (seats and standing)."""

from dataclasses import dataclass

CROWDED = 0.9


class BadCounts(ValueError):
    pass


@dataclass(frozen=True)
class Hop:
    start: str
    end: str
    on_board: int
    seats: int
    capacity: int

    @property
    def seat_ratio(self):
        return self.on_board / self.seats if self.seats else float("inf")

    @property
    def status(self):
        if self.on_board > self.capacity:
            return "overloaded"
        if self.seat_ratio > CROWDED:
            return "crowded"
        return "ok"


def hop_loads(trip, counts, formation):
    """``counts`` maps a station to ``(boarded, alighted)`` there; the result has one ``Hop`` per hop."""
    on_board, hops = 0, []
    for a, b in zip(trip.calls, trip.calls[1:]):
        boarded, alighted = counts.get(a.station, (0, 0))
        if alighted > on_board:
            raise BadCounts(f"{trip.id}: {alighted} alighted at {a.station} with {on_board} on board")
        on_board += boarded - alighted
        hops.append(Hop(a.station, b.station, on_board, formation.seats, formation.capacity))
    last_alighted = counts.get(trip.calls[-1].station, (0, 0))[1]
    if last_alighted != on_board:
        raise BadCounts(f"{trip.id}: {on_board} on board at the end but {last_alighted} alighted")
    return hops


def peak_load(hops):
    return max((h.on_board for h in hops), default=0)


def worst_hop(hops):
    if not hops:
        return None
    return max(hops, key=lambda h: (h.on_board, h.start))


def needs_strengthening(hops):
    """Whether any hop is crowded or worse (the trip should get another unit)."""
    return any(h.status != "ok" for h in hops)
