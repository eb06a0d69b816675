"""The monthly invoice of a business account: one line per parcel shipped (its quote and surcharges), the
volume discount, VAT, and the date payment is due."""

import datetime as dt
from dataclasses import dataclass, field

from parcels.quote import quote_parcel
from parcels.surcharges import surcharges_for
from parcels.units import percent

VAT_PERCENT = 20


@dataclass(frozen=True)
class Line:
    shipment: str
    parcel: int
    base_cents: int
    surcharges: dict = field(default_factory=dict)

    @property
    def total_cents(self):
        return self.base_cents + sum(self.surcharges.values())


@dataclass(frozen=True)
class Invoice:
    account: str
    lines: tuple
    subtotal_cents: int
    discount_cents: int
    vat_cents: int
    total_cents: int
    due: dt.date

    def line_totals(self):
        return [(x.shipment, x.parcel, x.total_cents) for x in self.lines]


def invoice_lines(shipments):
    lines = []
    for s in shipments:
        for i, p in enumerate(s.parcels, start=1):
            base = quote_parcel(p, s.postcode, s.service)
            lines.append(Line(s.id, i, base, surcharges_for(p, s.postcode, base)))
    return tuple(lines)


def _totals(account, lines):
    subtotal = sum(x.total_cents for x in lines)
    discount = percent(subtotal, account.discount_for(len(lines)))
    net = subtotal - discount
    vat = percent(net, VAT_PERCENT) if account.vat_registered else 0
    return subtotal, discount, vat, net + vat


def monthly_invoice(account, shipments, issued):
    """The invoice of ``shipments`` (all of one account's month), issued on ``issued``."""
    lines = invoice_lines(shipments)
    subtotal, discount, vat, total = _totals(account, lines)
    due = issued + dt.timedelta(days=account.payment_days)
    return Invoice(account.id, lines, subtotal, discount, vat, total, due)
