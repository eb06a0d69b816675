"""Postcode areas to delivery zones. The area is the leading letters of a postcode ("BS" of "BS1 4DJ")."""

import re

ZONES = {
    "B": 1, "BS": 2, "CF": 2, "E": 1, "EC": 1, "G": 3, "IV": 4, "KW": 4, "L": 2, "M": 2, "N": 1,
    "NW": 1, "SE": 1, "SW": 1, "W": 1, "ZE": 4,
}
REMOTE = 5  # areas we have no zone for are treated as remote
_AREA = re.compile(r"[A-Z]{1,2}")


def normalise(postcode):
    """Postcodes are compared without spaces."""
    return postcode.replace(" ", "")


def area(postcode):
    m = _AREA.match(normalise(postcode))
    return m.group(0) if m else ""


def zone_for(postcode):
    return ZONES.get(area(postcode), REMOTE)
