"""Platforms at a station: each call occupies a platform from arrival to departure, plus the headway the
signalling needs before the next train can use it. Allocation is greedy in arrival order; a call that
names a platform (``Call.platform``) keeps it, and a clash there is reported."""

from dataclasses import dataclass

from rail.clock import format_time

HEADWAY_MIN = 3
PLATFORMS = {"ASF": ["1", "2", "3"], "ASJ": ["1"], "CLD": ["1", "2"], "BRM": ["1", "2"], "DUN": ["1", "2"],
             "ELM": ["1", "2"], "FRF": ["1"]}
DEFAULT_PLATFORMS = ["1", "2"]


@dataclass(frozen=True)
class Occupation:
    trip: str
    platform: str
    start: int
    end: int

    def clashes(self, other, headway=HEADWAY_MIN):
        return self.platform == other.platform and self.start < other.end + headway and other.start < self.end + headway


def calls_at(timetable, station, date=None):
    trips = timetable.running(date) if date is not None else list(timetable.trips.values())
    out = []
    for t in trips:
        c = t.call_at(station)
        if c is not None:
            out.append((c.arrive, c.depart, t.id, c.platform))
    out.sort()
    return out


def allocate(timetable, station, date=None, headway=HEADWAY_MIN):
    """``(occupations, clashes)``: each call's platform, and the clashes as messages."""
    names = PLATFORMS.get(station, DEFAULT_PLATFORMS)
    taken, clashes = [], []
    for arrive, depart, trip, fixed in calls_at(timetable, station, date):
        choices = [fixed] if fixed else names
        placed = None
        for p in choices:
            occ = Occupation(trip, p, arrive, depart)
            if not any(occ.clashes(o, headway) for o in taken):
                placed = occ
                break
        if placed is None:
            placed = Occupation(trip, choices[0], arrive, depart)
            other = next(o for o in taken if placed.clashes(o, headway))
            clashes.append(f"{station} platform {placed.platform}: {trip} at {format_time(arrive)} "
                           f"clashes with {other.trip}")
        taken.append(placed)
    return taken, clashes


def busiest_minute(timetable, station, date=None):
    """``(minute, trains)``: the first minute with the most trains standing at ``station``."""
    calls = calls_at(timetable, station, date)
    best = (None, 0)
    for arrive, _, _, _ in calls:
        n = sum(1 for a, d, _, _ in calls if a <= arrive <= d)
        if n > best[1]:
            best = (arrive, n)
    return best
