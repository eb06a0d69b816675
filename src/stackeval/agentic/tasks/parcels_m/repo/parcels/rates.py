"""Rate bands per zone: (up to this many kg, price in cents). Heavier than the last band is refused."""

from parcels.units import kg, round_to

RATES = {
    1: [(1, 450), (2, 600), (5, 900), (10, 1400), (20, 2200)],
    2: [(1, 520), (2, 690), (5, 1050), (10, 1600), (20, 2500)],
    3: [(1, 610), (2, 790), (5, 1200), (10, 1850), (20, 2900)],
    4: [(1, 980), (2, 1250), (5, 1900), (10, 2800), (20, 4300)],
}
VOLUMETRIC_DIVISOR = 5  # cm3 per gram: 5000 cm3 bill as one kg


class TooHeavy(ValueError):
    pass


def billable_grams(parcel):
    """The larger of the actual and the volumetric weight, charged per started 100 g."""
    volumetric = parcel.volume_cm3 // VOLUMETRIC_DIVISOR
    return round_to(max(parcel.weight_g, volumetric), 100)


def band_price(zone, grams):
    bands = RATES[zone]
    for max_kg, price in bands:
        if kg(grams) <= max_kg:
            return price
    raise TooHeavy(f"{kg(grams)} kg is over the {bands[-1][0]} kg limit of zone {zone}")
