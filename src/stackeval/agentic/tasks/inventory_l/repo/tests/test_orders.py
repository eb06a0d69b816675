import pytest

from inventory import Inventory, InventoryError, Item
from inventory.orders import page, page_count, receive_shipment


def stocked():
    inv = Inventory()
    inv.add(Item("GRS-0100", "grease 400g", quantity=2))
    inv.add(Item("OIL-0200", "oil 1l", quantity=0))
    return inv


def test_receive_shipment_updates_quantities():
    inv = stocked()
    receive_shipment(inv, [("GRS-0100", 10), ("oil-0200", 4)])
    assert inv.get("GRS-0100").quantity == 12
    assert inv.get("OIL-0200").quantity == 4
    with pytest.raises(InventoryError):
        receive_shipment(inv, [("GRS-0100", 0)])


def test_each_shipment_gets_its_own_log():
    inv = stocked()
    first = receive_shipment(inv, [("GRS-0100", 1)])
    second = receive_shipment(inv, [("OIL-0200", 6)])
    assert first == ["+1 GRS-0100 -> 3"]
    assert second == ["+6 OIL-0200 -> 6"]


def test_first_page():
    items = list(range(25))
    assert page(items, 1, 10) == list(range(10))
    assert page_count(0, 10) == 1
    with pytest.raises(InventoryError):
        page(items, 0, 10)


def test_last_partial_page_is_reachable():
    items = list(range(25))
    assert page_count(25, 10) == 3
    assert page(items, 3, 10) == [20, 21, 22, 23, 24]
    assert page_count(30, 10) == 3
