"""The price of one parcel, and the shipping of an order."""

from parcels.rates import band_price, billable_grams
from parcels.zones import zone_for

MULTIPLIER = {"STD": 1.0, "EXP": 1.6, "ECO": 0.85}
FREE_FROM_CENTS = 5000  # standard shipping is free for orders of 50.00 and more


def quote_parcel(parcel, postcode, service="STD"):
    zone = zone_for(postcode)
    base = band_price(zone, billable_grams(parcel))
    return int(round(base * MULTIPLIER[service]))


def shipping_for_order(order_cents, parcels, postcode, service="STD"):
    """Standard shipping is free from ``FREE_FROM_CENTS``; other services are always charged."""
    if service == "STD" and order_cents > FREE_FROM_CENTS:
        return 0
    return sum(quote_parcel(p, postcode, service) for p in parcels)
