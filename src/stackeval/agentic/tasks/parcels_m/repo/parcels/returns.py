"""Returns: a prepaid return label for a delivered parcel, valid for 30 days after delivery."""

import datetime as dt

from parcels.zones import normalise

RETURN_DAYS = 30


class ReturnRefused(ValueError):
    pass


def return_label(shipment_id, index, delivered, today, depot_postcode):
    if today > delivered + dt.timedelta(days=RETURN_DAYS):
        raise ReturnRefused(f"{shipment_id}/{index}: the return window closed on "
                            f"{(delivered + dt.timedelta(days=RETURN_DAYS)).isoformat()}")
    return f"RTN|{shipment_id}|{index}|{normalise(depot_postcode)}|{today.isoformat()}"
