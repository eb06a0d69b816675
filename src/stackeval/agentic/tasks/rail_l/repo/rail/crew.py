"""Crew duties: the trips a driver works between signing on and signing off.

The rules (the operator's agreement with the drivers):
- a duty is at most 10 hours from signing on to signing off;
- signing on is 15 minutes before the first departure, signing off 10 minutes after the last arrival;
- at most 5 hours 30 minutes of driving without a break; a break is at least 30 minutes between two trips
  at the same station; a gap shorter than 30 minutes is not a break;
- a driver may only drive a route they know (``routes`` of the driver).
"""

from dataclasses import dataclass, field

from rail.clock import format_time

SIGN_ON_MIN = 15
SIGN_OFF_MIN = 10
MAX_DUTY_MIN = 10 * 60
MAX_DRIVING_MIN = 5 * 60 + 30
BREAK_MIN = 30


@dataclass(frozen=True)
class Driver:
    id: str
    name: str
    routes: frozenset = field(default_factory=frozenset)


@dataclass(frozen=True)
class Duty:
    id: str
    driver: Driver
    trips: tuple


def _trips(duty, timetable):
    return [timetable.trips[t] for t in duty.trips]


def sign_on(duty, timetable):
    return _trips(duty, timetable)[0].calls[0].depart - SIGN_ON_MIN


def sign_off(duty, timetable):
    return _trips(duty, timetable)[-1].calls[-1].arrive + SIGN_OFF_MIN


def length(duty, timetable):
    return sign_off(duty, timetable) - sign_on(duty, timetable)


def driving_spells(duty, timetable):
    """The minutes of driving between breaks, in order."""
    spells, current, last = [], 0, None
    for t in _trips(duty, timetable):
        start, end = t.calls[0], t.calls[-1]
        if last is not None and start.depart - last.arrive >= BREAK_MIN and start.station == last.station:
            spells.append(current)
            current = 0
        current += end.arrive - start.depart
        last = end
    spells.append(current)
    return spells


def problems(duty, timetable):
    out = []
    trips = _trips(duty, timetable)
    for t in trips:
        if t.route not in duty.driver.routes:
            out.append(f"{duty.id}: {duty.driver.name} does not know the {t.route} route ({t.id})")
    if length(duty, timetable) > MAX_DUTY_MIN:
        out.append(f"{duty.id}: {length(duty, timetable)} min on duty "
                   f"({format_time(sign_on(duty, timetable))} to {format_time(sign_off(duty, timetable))})")
    for n, spell in enumerate(driving_spells(duty, timetable), start=1):
        if spell > MAX_DRIVING_MIN:
            out.append(f"{duty.id}: spell {n} drives {spell} min without a break")
    for a, b in zip(trips, trips[1:]):
        if b.calls[0].depart < a.calls[-1].arrive:
            out.append(f"{duty.id}: {b.id} leaves before {a.id} arrives")
    return out
