"""Optional cover for a parcel's declared value: the first 50.00 is included, then 1.5 % of the value
above it (at least 0.50), up to a cover limit per service."""

INCLUDED_CENTS = 5000
RATE_TENTHS = 15  # 1.5 %, in tenths of a percent
MINIMUM_CENTS = 50
LIMIT_CENTS = {"STD": 50_000, "EXP": 250_000, "ECO": 10_000}


class NotInsurable(ValueError):
    pass


def cover_cost(value_cents, service="STD"):
    if value_cents > LIMIT_CENTS[service]:
        raise NotInsurable(f"{value_cents / 100:.2f} is over the {service} cover limit")
    above = value_cents - INCLUDED_CENTS
    if above <= 0:
        return 0
    return max(MINIMUM_CENTS, (above * RATE_TENTHS + 500) // 1000)  # to the nearest cent, halves up


def shipment_cover(shipment):
    return sum(cover_cost(p.value_cents, shipment.service) for p in shipment.parcels)
