"""Passenger notices: the short texts the station screens and the app show for disruption and delay."""

from rail.clock import format_time
from rail.stations import get


def delay_notice(trip, station, planned, expected):
    late = expected - planned
    dest = get(trip.calls[-1].station).name
    if late <= 0:
        return f"The {format_time(planned)} to {dest} is on time."
    return (f"The {format_time(planned)} to {dest} is delayed by {late} minute{'s' if late != 1 else ''} "
            f"and is expected at {get(station).name} at {format_time(expected)}.")


def cancellation_notice(trip):
    first = trip.calls[0]
    dest = get(trip.calls[-1].station).name
    return f"The {format_time(first.depart)} from {get(first.station).name} to {dest} is cancelled."


def short_notice(trip, new_end):
    first = trip.calls[0]
    return (f"The {format_time(first.depart)} from {get(first.station).name} will terminate at "
            f"{get(new_end).name}.")


def notices_for(published, live, station):
    """Notices for the trains calling at ``station`` whose live running differs from the published one."""
    out = []
    for tid, trip in sorted(published.trips.items(), key=lambda kv: (kv[1].calls[0].depart, kv[0])):
        call = trip.call_at(station)
        if call is None:
            continue
        lt = live.trips.get(tid)
        if lt is None:
            out.append(cancellation_notice(trip))
        elif lt.calls[-1].station != trip.calls[-1].station:
            out.append(short_notice(trip, lt.calls[-1].station))
        elif lt.call_at(station) is not None and lt.call_at(station).depart != call.depart:
            out.append(delay_notice(trip, station, call.depart, lt.call_at(station).depart))
    return out
