"""Journey options: several journeys between two stations, as a journey planner lists them.

``options`` plans the earliest journey, then asks again from one minute after its departure, and so on,
keeping each journey that arrives earlier than or leaves later than the previous ones (a journey that
leaves later and arrives no earlier is dominated and left out).
"""

from rail.clock import format_time
from rail.planner import NoJourney, plan


def options(timetable, origin, destination, date, after, count=3, horizon=6 * 60):
    """Up to ``count`` journeys leaving within ``horizon`` minutes of ``after``, by departure."""
    out, t = [], after
    while len(out) < count and t <= after + horizon:
        try:
            j = plan(timetable, origin, destination, date, t)
        except NoJourney:
            break
        if j.depart > after + horizon:
            break
        if out and j.arrive <= out[-1].arrive and j.depart > out[-1].depart:
            out[-1] = j  # the later departure gets there as soon: it dominates the earlier one
        elif not out or j.arrive > out[-1].arrive:
            out.append(j)
        t = j.depart + 1
    return out


def fewest_changes(journeys):
    """The journey with the fewest changes, then the earliest arrival."""
    if not journeys:
        raise NoJourney("no journeys to choose from")
    return min(journeys, key=lambda j: (j.changes, j.arrive, j.depart))


def describe(journey):
    """One line per leg, then a summary line."""
    lines = [f"{format_time(leg.depart)} {leg.board} -> {format_time(leg.arrive)} {leg.alight} ({leg.trip})"
             for leg in journey.legs]
    lines.append(f"{journey.minutes} min, {journey.changes} change(s)")
    return lines


def waits(journey):
    """Minutes waited at each change, in order."""
    return [b.depart - a.arrive for a, b in zip(journey.legs, journey.legs[1:])]
