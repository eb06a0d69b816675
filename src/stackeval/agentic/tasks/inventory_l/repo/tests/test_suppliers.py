import pytest

from inventory import Inventory, InventoryError, Item
from inventory.suppliers import Supplier, SupplierBook, reorder_plan


def book():
    b = SupplierBook()
    b.add(Supplier("Acme", lead_time_days=5, skus={"RIV-0001", "PIN-0002"}))
    b.add(Supplier("Brisk", lead_time_days=2, skus={"pin-0002"}, min_order=50))
    return b


def test_shortest_lead_time_wins():
    b = book()
    assert b.for_sku("PIN-0002").name == "Brisk"
    assert b.for_sku("RIV-0001").name == "Acme"
    with pytest.raises(InventoryError):
        b.for_sku("CLP-0003")


def test_reorder_quantities():
    inv = Inventory()
    inv.add(Item("RIV-0001", "rivet", quantity=5, reorder_level=30))
    inv.add(Item("PIN-0002", "pin", quantity=1, reorder_level=10))
    inv.add(Item("CLP-0003", "clip", quantity=99, reorder_level=10))
    assert reorder_plan(inv, book()) == {"PIN-0002": ("Brisk", 50), "RIV-0001": ("Acme", 55)}


def test_each_plan_starts_empty():
    first = Inventory()
    first.add(Item("RIV-0001", "rivet", quantity=0, reorder_level=4))
    second = Inventory()
    second.add(Item("PIN-0002", "pin", quantity=2, reorder_level=3))
    assert reorder_plan(first, book()) == {"RIV-0001": ("Acme", 8)}
    assert reorder_plan(second, book()) == {"PIN-0002": ("Brisk", 50)}
