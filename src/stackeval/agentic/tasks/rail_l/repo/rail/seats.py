"""Seat reservations: a seat is reserved on a trip from one call to a later one, and may be reserved again
by someone else for a part of the trip that does not overlap (A-C and C-E share no hop).

Seats are numbered per coach: ``"A12"`` is seat 12 of coach A. Coaches are lettered from the front.
"""

from dataclasses import dataclass

SEATS_PER_COACH = 64


class NoSeat(LookupError):
    pass


class BadReservation(ValueError):
    pass


@dataclass(frozen=True)
class Reservation:
    trip: str
    seat: str
    board: int  # index of the boarding call
    alight: int  # index of the alighting call

    def overlaps(self, other):
        return (self.trip == other.trip and self.seat == other.seat
                and self.board < other.alight and other.board < self.alight)


def seat_names(coaches):
    return [f"{chr(ord('A') + c)}{n}" for c in range(coaches) for n in range(1, SEATS_PER_COACH + 1)]


class SeatMap:
    def __init__(self, timetable, coaches):
        self.timetable = timetable
        self.seats = seat_names(coaches)
        self.taken = []

    def _span(self, trip_id, board, alight):
        trip = self.timetable.trips[trip_id]
        names = [c.station for c in trip.calls]
        try:
            i, j = names.index(board), names.index(alight)
        except ValueError:
            raise BadReservation(f"{trip_id} does not call at both {board} and {alight}") from None
        if i >= j:
            raise BadReservation(f"{trip_id} calls at {alight} before {board}")
        return i, j

    def free(self, trip_id, board, alight):
        i, j = self._span(trip_id, board, alight)
        return [s for s in self.seats if not any(Reservation(trip_id, s, i, j).overlaps(r) for r in self.taken)]

    def reserve(self, trip_id, board, alight, seat=None):
        """Reserve ``seat`` (or the first free one) from ``board`` to ``alight``; returns the seat."""
        i, j = self._span(trip_id, board, alight)
        free = self.free(trip_id, board, alight)
        if seat is None:
            if not free:
                raise NoSeat(f"no seat free on {trip_id} from {board} to {alight}")
            seat = free[0]
        elif seat not in free:
            raise NoSeat(f"seat {seat} is taken on {trip_id} between {board} and {alight}")
        self.taken.append(Reservation(trip_id, seat, i, j))
        return seat

    def load(self, trip_id):
        """Reserved seats on each hop of the trip, in call order."""
        trip = self.timetable.trips[trip_id]
        hops = len(trip.calls) - 1
        return [sum(1 for r in self.taken if r.trip == trip_id and r.board <= h < r.alight) for h in range(hops)]
