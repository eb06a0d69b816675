"""Rolling stock: the classes of unit the operator runs and the formations they make.

A formation is one or more units coupled together; only units of the same coupling family can work in
multiple, and a formation may not be longer than the shortest platform it calls at.
"""

from dataclasses import dataclass


class BadFormation(ValueError):
    pass


@dataclass(frozen=True)
class UnitClass:
    code: str
    cars: int
    seats: int
    standing: int
    length_m: float
    max_kmh: int
    family: str  # units of one family couple together
    bicycles: int = 2


CLASSES = {
    "150": UnitClass("150", 2, 124, 90, 40.0, 120, "sprinter", 2),
    "156": UnitClass("156", 2, 146, 80, 46.0, 120, "sprinter", 4),
    "158": UnitClass("158", 2, 138, 70, 46.6, 145, "sprinter", 2),
    "165": UnitClass("165", 3, 278, 140, 68.5, 145, "turbo", 2),
    "166": UnitClass("166", 3, 262, 120, 68.5, 145, "turbo", 4),
    "375": UnitClass("375", 4, 236, 160, 81.0, 160, "electrostar", 4),
    "377": UnitClass("377", 4, 244, 180, 81.0, 160, "electrostar", 4),
}
MAX_UNITS = 3


@dataclass(frozen=True)
class Formation:
    units: tuple  # class codes, front first

    def __post_init__(self):
        if not self.units:
            raise BadFormation("a formation needs a unit")
        if len(self.units) > MAX_UNITS:
            raise BadFormation(f"at most {MAX_UNITS} units work in multiple")
        unknown = [u for u in self.units if u not in CLASSES]
        if unknown:
            raise BadFormation(f"unknown unit class {unknown[0]!r}")
        families = {CLASSES[u].family for u in self.units}
        if len(families) > 1:
            raise BadFormation(f"units of different families do not couple: {'+'.join(self.units)}")

    @classmethod
    def parse(cls, text):
        """``"165+166"`` -> the formation of a 165 in front of a 166."""
        return cls(tuple(p.strip() for p in text.split("+") if p.strip()))

    @property
    def cars(self):
        return sum(CLASSES[u].cars for u in self.units)

    @property
    def seats(self):
        return sum(CLASSES[u].seats for u in self.units)

    @property
    def capacity(self):
        """Seats plus the standing room the operator allows."""
        return sum(CLASSES[u].seats + CLASSES[u].standing for u in self.units)

    @property
    def length_m(self):
        return sum(CLASSES[u].length_m for u in self.units)

    @property
    def max_kmh(self):
        return min(CLASSES[u].max_kmh for u in self.units)

    @property
    def bicycles(self):
        return sum(CLASSES[u].bicycles for u in self.units)

    def fits(self, platform_m):
        return self.length_m <= platform_m

    def __str__(self):
        return "+".join(self.units)


def split(formation, at):
    """The two formations made by uncoupling after the ``at``-th unit (``1 <= at < units``)."""
    if not 1 <= at < len(formation.units):
        raise BadFormation(f"cannot split a {len(formation.units)}-unit formation after unit {at}")
    return Formation(formation.units[:at]), Formation(formation.units[at:])


def join(front, rear):
    return Formation(front.units + rear.units)


def smallest_for(passengers, family, seated=False):
    """The shortest formation of ``family`` (fewest cars, then fewest units) that carries ``passengers``."""
    members = sorted((c for c in CLASSES.values() if c.family == family), key=lambda c: (c.cars, c.code))
    best = None
    for n in range(1, MAX_UNITS + 1):
        for first in members:
            f = Formation((first.code,) * n)
            room = f.seats if seated else f.capacity
            if room >= passengers and (best is None or (f.cars, len(f.units)) < (best.cars, len(best.units))):
                best = f
    if best is None:
        raise BadFormation(f"no {family} formation carries {passengers}")
    return best
