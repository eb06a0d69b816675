"""Tracking events: what happened to a parcel and when, its current status, and whether it kept the
delivery promise (``parcels.districts.delivery_date``).

Events come in any order from the depots' scanners; a parcel's history is its events by time. The
statuses in order are: collected, at_hub, at_depot, out_for_delivery, delivered (or failed_attempt, after
which the parcel goes back to at_depot). An event that would move a parcel backwards is ignored, except
a failed attempt's return to the depot.
"""

import datetime as dt
from dataclasses import dataclass

from parcels.districts import delivery_date

ORDER = ["collected", "at_hub", "at_depot", "out_for_delivery", "delivered"]
FAILED = "failed_attempt"


class BadEvent(ValueError):
    pass


@dataclass(frozen=True)
class Event:
    parcel: str
    status: str
    at: dt.datetime
    where: str = ""

    def __post_init__(self):
        if self.status not in ORDER and self.status != FAILED:
            raise BadEvent(f"unknown status {self.status!r}")


def history(events, parcel):
    """The parcel's events that count, by time: forward moves, failed attempts and the return after one."""
    out, rank, failed = [], -1, False
    for e in sorted((e for e in events if e.parcel == parcel), key=lambda e: (e.at, e.status)):
        if e.status == FAILED:
            if rank == ORDER.index("out_for_delivery"):
                out.append(e)
                failed = True
            continue
        r = ORDER.index(e.status)
        if r > rank or (failed and e.status == "at_depot"):
            out.append(e)
            rank, failed = r, False
    return out


def status(events, parcel):
    h = history(events, parcel)
    return h[-1].status if h else "unknown"


def attempts(events, parcel):
    return sum(1 for e in history(events, parcel) if e.status in (FAILED, "delivered"))


def on_time(events, parcel, postcode):
    """Whether the parcel was delivered by its promised day (``None`` while it is not delivered)."""
    h = history(events, parcel)
    if not h or h[-1].status != "delivered":
        return None
    collected = next((e.at for e in h if e.status == "collected"), None)
    if collected is None:
        raise BadEvent(f"{parcel}: delivered but never collected")
    return h[-1].at.date() <= delivery_date(postcode, collected)
