"""Delivery addresses: checking a UK postcode's shape, and the address block printed on a label.

A postcode is an outward code (area letters, a district number, sometimes a letter: "BS1", "EC1A",
"W1D") and an inward code (a digit and two letters: "4DJ"). The address block is at most six lines of
at most 35 characters, the post town in capitals on its own line, the postcode last.
"""

import re
from dataclasses import dataclass, field

from parcels.districts import UnknownDistrict, district

_POSTCODE = re.compile(r"^([A-Z]{1,2}[0-9][0-9A-Z]?) ?([0-9][A-Z]{2})$")
MAX_LINES = 6
MAX_WIDTH = 35


class BadAddress(ValueError):
    pass


def tidy_postcode(text):
    """A postcode in its standard form ("bs14dj" -> "BS1 4DJ"); ``BadAddress`` when it is not one."""
    compact = re.sub(r"\s+", "", text.upper())
    m = _POSTCODE.match(f"{compact[:-3]} {compact[-3:]}")
    if not m:
        raise BadAddress(f"not a postcode: {text!r}")
    return f"{m.group(1)} {m.group(2)}"


@dataclass(frozen=True)
class Address:
    name: str
    lines: tuple
    postcode: str
    town: str = ""
    extra: dict = field(default_factory=dict)


def post_town(postcode):
    try:
        return district(postcode).post_town
    except UnknownDistrict:
        raise BadAddress(f"no such postcode district: {postcode!r}") from None


def address_block(address):
    """The lines printed on a label."""
    postcode = tidy_postcode(address.postcode)
    town = (address.town or post_town(postcode)).upper()
    lines = [address.name, *[x for x in address.lines if x.strip()]]
    lines = [x.strip() for x in lines]
    block = [*lines, town, postcode]
    if len(block) > MAX_LINES:
        raise BadAddress(f"{len(block)} lines; a label holds {MAX_LINES}")
    long = [x for x in block if len(x) > MAX_WIDTH]
    if long:
        raise BadAddress(f"line too long for a label: {long[0]!r}")
    return block
