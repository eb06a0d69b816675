"""Demand: an origin-destination matrix of passengers wanting to travel in an hour, assigned to the
journeys the planner finds, to forecast how many passengers each trip carries on each hop.

Each flow ``(origin, destination, hour, passengers)`` travels on the earliest journey leaving at or after
the start of the hour (``rail.planner.plan``); a flow with no journey that day is reported as unserved.
"""

from dataclasses import dataclass

from rail.planner import NoJourney, plan


@dataclass(frozen=True)
class Flow:
    origin: str
    destination: str
    hour: int
    passengers: int


def parse_flows(text):
    """Lines ``ORIGIN DESTINATION HOUR PASSENGERS``; blank lines and ``#`` comments are ignored."""
    out = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 4 or not parts[2].isdigit() or not parts[3].isdigit():
            raise ValueError(f"line {n}: expected 'ORIGIN DESTINATION HOUR PASSENGERS'")
        hour = int(parts[2])
        if hour > 23:
            raise ValueError(f"line {n}: no hour {hour}")
        out.append(Flow(parts[0].upper(), parts[1].upper(), hour, int(parts[3])))
    return out


def _hops(timetable, leg):
    names = [c.station for c in timetable.trips[leg.trip].calls]
    i, j = names.index(leg.board), names.index(leg.alight)
    return [(names[k], names[k + 1]) for k in range(i, j)]


def assign(timetable, flows, date):
    """``(loads, unserved)``: passengers by ``(trip, from, to)`` hop, and the flows no journey serves."""
    loads, unserved = {}, []
    for f in flows:
        try:
            j = plan(timetable, f.origin, f.destination, date, f.hour * 60)
        except NoJourney:
            unserved.append(f)
            continue
        for leg in j.legs:
            for a, b in _hops(timetable, leg):
                key = (leg.trip, a, b)
                loads[key] = loads.get(key, 0) + f.passengers
    return loads, unserved


def trip_profile(timetable, loads, trip_id):
    """Passengers on each hop of a trip, in call order (0 where nobody travels)."""
    calls = timetable.trips[trip_id].calls
    return [loads.get((trip_id, a.station, b.station), 0) for a, b in zip(calls, calls[1:])]


def busiest(loads, n=3):
    """The ``n`` busiest hops as ``(passengers, trip, from, to)``, busiest first."""
    return sorted(((p, *k) for k, p in loads.items()), key=lambda x: (-x[0], x[1], x[2]))[:n]
