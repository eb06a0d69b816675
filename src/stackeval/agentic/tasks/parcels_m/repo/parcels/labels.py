"""Shipping labels: one line per parcel, ``PCL|<shipment id>|<service>|<zone>|<parcel n>/<of>|<billable g>``."""

from parcels.rates import billable_grams
from parcels.zones import zone_for


def label_lines(shipment):
    zone = zone_for(shipment.postcode)
    n = len(shipment.parcels)
    return [f"PCL|{shipment.id}|{zone}|{i}/{n}|{billable_grams(p)}"
            for i, p in enumerate(shipment.parcels, start=1)]
