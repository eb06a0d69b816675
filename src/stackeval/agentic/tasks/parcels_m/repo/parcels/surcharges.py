"""Surcharges on top of a parcel's quoted price.

- fuel: a percentage of the quoted price, set each month by the carrier;
- remote area: a flat charge for the Highlands and islands (zone 4) and for areas we cannot zone;
- oversize: a flat charge for a parcel whose longest side is over 100 cm.
"""

from parcels.units import percent
from parcels.zones import REMOTE, zone_for

FUEL_PERCENT = 8
REMOTE_CENTS = 350
OVERSIZE_CENTS = 1200
OVERSIZE_CM = 100
HIGHLANDS = 4


def fuel_surcharge(base_cents):
    return percent(base_cents, FUEL_PERCENT)


def remote_surcharge(postcode):
    # only the areas we cannot zone are remote: the Highlands already pay their own zone-4 band
    return REMOTE_CENTS if zone_for(postcode) == REMOTE else 0


def oversize_surcharge(parcel):
    longest = max(parcel.length_cm, parcel.width_cm, parcel.height_cm)
    return OVERSIZE_CENTS if longest > OVERSIZE_CM else 0


def surcharges_for(parcel, postcode, base_cents):
    """The surcharges of one parcel by name; the ones that do not apply are left out."""
    out = {
        "fuel": fuel_surcharge(base_cents),
        "remote": remote_surcharge(postcode),
        "oversize": oversize_surcharge(parcel),
    }
    return {k: v for k, v in out.items() if v}
