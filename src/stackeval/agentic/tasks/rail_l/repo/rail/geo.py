"""Positions on the ground: great-circle distances and bearings between stations, and the stations near
a point. Latitudes and longitudes are in degrees (WGS84), as in the operator's register."""

import math

from rail.stations import STATIONS, get

EARTH_RADIUS_KM = 6371.0088  # the mean radius (IUGG)
COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def haversine_km(lat1, lon1, lat2, lon2):
    """The great-circle distance between two points, in kilometres."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def distance_km(a, b):
    """The straight-line distance between two stations (codes), in kilometres."""
    sa, sb = get(a), get(b)
    return haversine_km(sa.lat, sa.lon, sb.lat, sb.lon)


def bearing_deg(a, b):
    """The initial bearing from station ``a`` to station ``b``, 0 to 360 degrees, clockwise from north."""
    sa, sb = get(a), get(b)
    p1, p2 = math.radians(sa.lat), math.radians(sb.lat)
    dl = math.radians(sb.lon - sa.lon)
    x = math.sin(dl) * math.cos(p2)
    y = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return (math.degrees(math.atan2(x, y)) + 360) % 360


def compass_point(degrees):
    """The nearest of the eight compass points to a bearing."""
    return COMPASS[int((degrees % 360) / 45 + 0.5) % 8]


def nearest(lat, lon, limit=3, within_km=None):
    """The ``limit`` stations nearest a point, nearest first, as ``(km, station)``; ties by code."""
    out = []
    for s in STATIONS.values():
        km = haversine_km(lat, lon, s.lat, s.lon)
        if within_km is None or km <= within_km:
            out.append((km, s.code, s))
    out.sort(key=lambda x: (x[0], x[1]))
    return [(km, s) for km, _, s in out[:limit]]


def bounding_box(codes):
    """``(south, west, north, east)`` of the given stations."""
    if not codes:
        raise ValueError("no stations")
    lats = [get(c).lat for c in codes]
    lons = [get(c).lon for c in codes]
    return min(lats), min(lons), max(lats), max(lons)
