"""Claims for lost or damaged parcels.

Without cover the carrier's liability is the parcel's declared value up to ``STANDARD_LIABILITY_CENTS``
(20.00); with cover (``parcels.insurance``) it is the declared value up to the service's cover limit.
The postage is refunded too when the parcel was lost (not when it was only damaged). Claims must be made
within 60 days of the shipment date.
"""

import datetime as dt
from dataclasses import dataclass

from parcels.insurance import LIMIT_CENTS

STANDARD_LIABILITY_CENTS = 2000
CLAIM_DAYS = 60
REASONS = {"lost", "damaged"}


class ClaimRejected(ValueError):
    pass


@dataclass(frozen=True)
class LossClaim:
    shipment: str
    parcel: int
    reason: str
    declared_cents: int
    postage_cents: int
    covered: bool
    service: str
    shipped: dt.date
    claimed: dt.date


def check(claim):
    if claim.reason not in REASONS:
        raise ClaimRejected(f"{claim.shipment}/{claim.parcel}: unknown reason {claim.reason!r}")
    if claim.claimed < claim.shipped:
        raise ClaimRejected(f"{claim.shipment}/{claim.parcel}: claimed before it was shipped")
    if (claim.claimed - claim.shipped).days > CLAIM_DAYS:
        raise ClaimRejected(f"{claim.shipment}/{claim.parcel}: claimed after {CLAIM_DAYS} days")


def payout(claim):
    """The amount paid on an accepted claim, in cents."""
    check(claim)
    limit = LIMIT_CENTS[claim.service] if claim.covered else STANDARD_LIABILITY_CENTS
    amount = min(claim.declared_cents, limit)
    if claim.reason == "lost":
        amount += claim.postage_cents
    return amount


def batch(claims):
    """``(paid, rejected)``: the payouts by ``(shipment, parcel)``, and the rejection messages."""
    paid, rejected = {}, []
    for c in claims:
        key = (c.shipment, c.parcel)
        if key in paid:
            rejected.append(f"{c.shipment}/{c.parcel}: already paid")
            continue
        try:
            paid[key] = payout(c)
        except ClaimRejected as e:
            rejected.append(str(e))
    return paid, rejected
