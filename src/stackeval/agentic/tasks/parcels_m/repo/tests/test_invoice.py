import datetime as dt

from parcels.accounts import Account
from parcels.invoice import monthly_invoice
from parcels.models import Parcel, Shipment

BOX = Parcel(weight_g=800, length_cm=20, width_cm=15, height_cm=10)
TUBE = Parcel(weight_g=1500, length_cm=110, width_cm=8, height_cm=8)
ISSUED = dt.date(2024, 7, 1)


def test_small_account_invoice():
    acc = Account("ACC-17", "Corner Books", "BS1 4DJ")
    month = [Shipment("M-1", "BS1 4DJ", "STD", [BOX]), Shipment("M-2", "IV2 3BW", "STD", [BOX])]
    inv = monthly_invoice(acc, month, ISSUED)
    assert inv.line_totals() == [("M-1", 1, 562), ("M-2", 1, 1408)]
    assert (inv.subtotal_cents, inv.discount_cents, inv.vat_cents, inv.total_cents) == (1970, 0, 394, 2364)
    assert inv.due == dt.date(2024, 7, 31)


def test_busy_account_earns_a_discount():
    acc = Account("ACC-4", "Tube Co", "E1 6AN", terms="card", vat_registered=False)
    month = [Shipment(f"T-{i}", "E1 6AN", "EXP", [BOX]) for i in range(9)] + [Shipment("T-9", "N1 9GU", "STD", [TUBE])]
    inv = monthly_invoice(acc, month, ISSUED)
    assert inv.lines[-1].surcharges == {"fuel": 48, "oversize": 1200}
    assert (inv.subtotal_cents, inv.discount_cents, inv.vat_cents, inv.due) == (8850, 443, 0, ISSUED)
