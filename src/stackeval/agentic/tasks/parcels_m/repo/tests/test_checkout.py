from parcels.checkout import checkout
from parcels.customs import declaration
from parcels.models import Parcel, Shipment

BOOK = Parcel(weight_g=1049, length_cm=25, width_cm=18, height_cm=4, value_cents=1999, contents="books")
MUG = Parcel(weight_g=450, length_cm=12, width_cm=12, height_cm=12, value_cents=800, contents="mug")


def test_checkout_totals():
    out = checkout(Shipment("O-1", "BS1 4DJ", "STD", [MUG]), 2500)
    assert (out["shipping_cents"], out["total_cents"]) == (520, 3020)
    assert out["customs"] == []


def test_checkout_accepts_postcodes_as_typed():
    out = checkout(Shipment("O-2", " bs1 4dj", "STD", [MUG]), 2500)
    assert out["shipping_cents"] == 520
    assert out["labels"] == ["PCL|O-2|STD|2|1/1|500"]


def test_export_needs_a_declaration():
    s = Shipment("O-3", "BS1 4DJ", "EXP", [BOOK, MUG], country="IE")
    assert declaration(s) == [{"contents": "books", "grams": 1000, "value_cents": 1999},
                              {"contents": "mug", "grams": 500, "value_cents": 800}]


def test_declared_weight_is_the_nearest_100g():
    s = Shipment("O-4", "BS1 4DJ", "STD", [Parcel(1050, 10, 10, 10, 100)], country="FR")
    assert declaration(s)[0]["grams"] == 1100
