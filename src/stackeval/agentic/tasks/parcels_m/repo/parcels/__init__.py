"""Parcel shipping: zones by postcode, rate bands, quotes, labels, tracking and customs declarations."""

from parcels.checkout import checkout
from parcels.models import Parcel, Shipment
from parcels.quote import quote_parcel

__all__ = ["Parcel", "Shipment", "checkout", "quote_parcel"]
