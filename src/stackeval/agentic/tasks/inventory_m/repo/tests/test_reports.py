from inventory import Inventory, Item
from inventory.reports import format_cents, valuation


def test_valuation_by_family():
    inv = Inventory()
    inv.add(Item("SCR-0001", "screw 3x20", quantity=100, price_cents=3))
    inv.add(Item("SCR-0002", "screw 4x40", quantity=50, price_cents=6))
    inv.add(Item("ANC-0001", "anchor", quantity=20, price_cents=15))
    assert valuation(inv) == {"ANC": 300, "SCR": 600}
    assert format_cents(-205) == "-2.05"
