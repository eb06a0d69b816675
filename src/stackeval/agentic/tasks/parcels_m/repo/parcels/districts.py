"""Postcode districts (the outward code, "BS1" of "BS1 4DJ"): the depot that delivers them, the day's
collection cut-off, and the delivery promise, from the carrier's directory (``parcels.directory``).

A parcel collected before the cut-off is delivered the given number of working days later (Monday to
Friday, bank holidays excepted); districts with Saturday delivery also deliver on Saturdays. A parcel
collected at or after the cut-off counts as collected the next working day.
"""

import datetime as dt
from dataclasses import dataclass

from parcels.directory import DIRECTORY

BANK_HOLIDAYS = {dt.date(2024, 12, 25), dt.date(2024, 12, 26), dt.date(2025, 1, 1), dt.date(2025, 4, 18),
                 dt.date(2025, 4, 21), dt.date(2025, 5, 5), dt.date(2025, 5, 26), dt.date(2025, 8, 25)}


class UnknownDistrict(KeyError):
    pass


@dataclass(frozen=True)
class District:
    code: str
    post_town: str
    depot: str
    cutoff: dt.time
    days: int
    saturday: bool


def _parse(text):
    out = {}
    for line in text.splitlines():
        code, town, depot, cutoff, days, sat = line.split("|")
        hh, mm = cutoff.split(":")
        out[code] = District(code, town, depot, dt.time(int(hh), int(mm)), int(days), sat == "Y")
    return out


DISTRICTS = _parse(DIRECTORY)


def outward(postcode):
    """The outward code of a postcode, in capitals: the part before the space, or all but the last
    three characters when it is written without one."""
    text = postcode.strip().upper()
    if " " in text:
        return text.split()[0]
    return text[:-3] if len(text) > 4 else text


def district(postcode):
    code = outward(postcode)
    try:
        return DISTRICTS[code]
    except KeyError:
        raise UnknownDistrict(code) from None


def _delivers(day, saturday):
    if day in BANK_HOLIDAYS:
        return False
    return day.weekday() < 5 or (saturday and day.weekday() == 5)


def _next_working_day(day):
    day += dt.timedelta(days=1)
    while day.weekday() >= 5 or day in BANK_HOLIDAYS:
        day += dt.timedelta(days=1)
    return day


def collection_day(postcode, collected):
    """The working day a parcel collected at ``collected`` (a datetime) counts as collected on."""
    cutoff = district(postcode).cutoff
    day = collected.date()
    if day.weekday() >= 5 or day in BANK_HOLIDAYS or collected.time() >= cutoff:
        day = _next_working_day(day)
    return day


def delivery_date(postcode, collected):
    """The promised delivery day of a parcel collected at ``collected``."""
    d = district(postcode)
    day = collection_day(postcode, collected)
    left = d.days
    while left:
        day += dt.timedelta(days=1)
        if _delivers(day, d.saturday):
            left -= 1
    return day


def depot_for(postcode):
    return district(postcode).depot
