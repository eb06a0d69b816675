"""Comparing two editions of the timetable: trips added and withdrawn, and the calls retimed, added or
dropped in the trips both editions run, as the operator publishes with each new edition."""

from dataclasses import dataclass

from rail.clock import format_time


@dataclass(frozen=True)
class Retiming:
    trip: str
    station: str
    old: int
    new: int

    @property
    def shift(self):
        return self.new - self.old

    def line(self):
        sign = "+" if self.shift > 0 else "-"
        return f"{self.trip} at {self.station}: {format_time(self.old)} -> {format_time(self.new)} ({sign}{abs(self.shift)})"


def added(old, new):
    return sorted(set(new.trips) - set(old.trips))


def withdrawn(old, new):
    return sorted(set(old.trips) - set(new.trips))


def retimings(old, new):
    """Calls whose departure changed (the arrival at a trip's last call), in trip and call order."""
    out = []
    for tid in sorted(set(old.trips) & set(new.trips)):
        a, b = old.trips[tid], new.trips[tid]
        for c in a.calls:
            d = b.call_at(c.station)
            if d is None:
                continue
            before = c.arrive if c is a.calls[-1] else c.depart
            after = d.arrive if d is b.calls[-1] else d.depart
            if before != after:
                out.append(Retiming(tid, c.station, before, after))
    return out


def call_changes(old, new):
    """``(trip, station, "added" or "dropped")`` for calls made by only one edition of a trip."""
    out = []
    for tid in sorted(set(old.trips) & set(new.trips)):
        was = [c.station for c in old.trips[tid].calls]
        now = [c.station for c in new.trips[tid].calls]
        out += [(tid, s, "dropped") for s in was if s not in now]
        out += [(tid, s, "added") for s in now if s not in was]
    return out


def pattern_changes(old, new):
    """``(trip, old days, new days)`` for trips whose day pattern changed."""
    return [(tid, old.trips[tid].days, new.trips[tid].days)
            for tid in sorted(set(old.trips) & set(new.trips)) if old.trips[tid].days != new.trips[tid].days]


def summary(old, new):
    lines = []
    lines += [f"new trip {t}" for t in added(old, new)]
    lines += [f"withdrawn {t}" for t in withdrawn(old, new)]
    lines += [f"{t} {what} at {s}" for t, s, what in call_changes(old, new)]
    lines += [f"{t} runs {b} (was {a})" for t, a, b in pattern_changes(old, new)]
    lines += [r.line() for r in retimings(old, new)]
    return lines
