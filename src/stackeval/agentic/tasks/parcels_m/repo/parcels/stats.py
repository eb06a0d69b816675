"""An account's shipping statistics for a period: parcels by zone and by service, total weight, and the
share sent by express."""

from collections import Counter

from parcels.models import SERVICES
from parcels.zones import zone_for


def parcels_by_zone(shipments):
    c = Counter()
    for s in shipments:
        c[zone_for(s.postcode)] += len(s.parcels)
    return dict(sorted(c.items()))


def parcels_by_service(shipments):
    c = Counter({code: 0 for code in SERVICES})
    for s in shipments:
        c[s.service] += len(s.parcels)
    return dict(sorted(c.items()))


def total_grams(shipments):
    return sum(p.weight_g for s in shipments for p in s.parcels)


def express_share(shipments):
    """Percent of parcels sent by express, one decimal (0.0 with no parcels)."""
    by = parcels_by_service(shipments)
    n = sum(by.values())
    return 0.0 if n == 0 else round(100 * by["EXP"] / n, 1)


def heaviest(shipments, n=3):
    """The ``n`` heaviest parcels as ``(grams, shipment id, parcel number)``, heaviest first."""
    rows = [(p.weight_g, s.id, i) for s in shipments for i, p in enumerate(s.parcels, start=1)]
    return sorted(rows, key=lambda r: (-r[0], r[1], r[2]))[:n]
