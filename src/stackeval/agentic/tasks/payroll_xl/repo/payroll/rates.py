"""Tax bands by region and tax year, from ``payroll.tables``."""

from decimal import Decimal

from payroll.tables import BANDS

STANDARD_REGION = "ENG"


def _parse(text):
    out = {}
    for line in text.splitlines():
        region, year, lo, hi, rate = line.split("|")
        out.setdefault((region, int(year)), []).append(
            (Decimal(lo), Decimal(hi) if hi else None, Decimal(rate)))
    return out


TABLE = _parse(BANDS)
_cache = {}


def region_key(region):
    """Regions are matched without surrounding spaces and case."""
    return region.strip().lower()


def _lookup(key, year):
    try:
        return TABLE[(key, year)]
    except KeyError:
        # a region we publish no bands for pays the standard bands
        return TABLE[(STANDARD_REGION, year)]


def bands(region, year):
    """``[(from, to or None, rate)]`` of a region's tax year, lowest band first. Looked up once per region."""
    key = region_key(region)
    if key not in _cache:
        _cache[key] = _lookup(key, year)
    return _cache[key]


def regions(year=None):
    """The region codes the tables have bands for (of one tax year, or any)."""
    return sorted({r for r, y in TABLE if year is None or y == year})


def years():
    return sorted({y for _, y in TABLE})


def top_rate(region, year):
    return bands(region, year)[-1][2]


def personal_allowance(region, year):
    """The upper end of the 0 % band: the allowance the tables assume."""
    first = bands(region, year)[0]
    return first[1] if first[2] == 0 else Decimal(0)
