"""Stations: code, name, fare zone, position and the minimum interchange time in minutes, from the
operator's register (``rail.register``), and the lookups by code and by name."""

from dataclasses import dataclass

from rail.register import REGISTER


@dataclass(frozen=True)
class Station:
    code: str
    name: str
    zone: int
    lat: float
    lon: float
    interchange_min: int


def _parse(text):
    out = {}
    for line in text.splitlines():
        code, name, zone, lat, lon, change = line.split("|")
        out[code] = Station(code, name, int(zone), float(lat), float(lon), int(change))
    return out


STATIONS = _parse(REGISTER)


class UnknownStation(KeyError):
    pass


def get(code):
    try:
        return STATIONS[code.upper()]
    except KeyError:
        raise UnknownStation(code) from None


def find(text):
    """The station called ``text`` (any case), or whose code is ``text``. A name that is the start of
    several station names means the one called exactly that."""
    text = text.strip()
    if text.upper() in STATIONS:
        return STATIONS[text.upper()]
    matches = sorted((s for s in STATIONS.values() if s.name.lower().startswith(text.lower())),
                     key=lambda s: s.code)
    if not matches:
        raise UnknownStation(text)
    return matches[0]
