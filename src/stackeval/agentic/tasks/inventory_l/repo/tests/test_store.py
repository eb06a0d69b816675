import json

import pytest

from inventory import Inventory, InventoryError, Item, load, save


def make_inventory():
    inv = Inventory()
    inv.add(Item("BLT-0001", "bolt M6", quantity=40, reorder_level=10, price_cents=12))
    inv.add(Item("NUT-0002", "nut M6", quantity=10, reorder_level=10, price_cents=5))
    inv.add(Item("WSH-0003", "washer M6", quantity=3, reorder_level=20, price_cents=2))
    return inv


def test_add_and_get_normalises_sku():
    inv = make_inventory()
    assert inv.get("blt-0001").name == "bolt M6"
    with pytest.raises(InventoryError):
        inv.add(Item("BLT-0001", "another bolt"))


def test_adjust_never_goes_below_zero():
    inv = make_inventory()
    assert inv.adjust("WSH-0003", -3).quantity == 0
    with pytest.raises(InventoryError):
        inv.adjust("WSH-0003", -1)
    assert inv.get("WSH-0003").quantity == 0


def test_low_stock_includes_item_at_reorder_level():
    inv = make_inventory()
    assert [item.sku for item in inv.low_stock()] == ["NUT-0002", "WSH-0003"]


def test_save_and_load_roundtrip(tmp_path):
    path = tmp_path / "stock.json"
    save(make_inventory(), path)
    loaded = load(path)
    assert [item.to_dict() for item in loaded] == [item.to_dict() for item in make_inventory()]
    assert loaded.total_value_cents() == 40 * 12 + 10 * 5 + 3 * 2


def test_load_missing_file_is_empty(tmp_path):
    assert len(load(tmp_path / "absent.json")) == 0


def test_load_rejects_a_bad_item(tmp_path):
    path = tmp_path / "stock.json"
    rows = [
        {"sku": "BLT-0001", "name": "bolt M6", "quantity": 40},
        {"sku": "NUT-0002", "name": "nut M6", "quantity": -5},
    ]
    path.write_text(json.dumps({"version": 1, "items": rows}), encoding="utf-8")
    with pytest.raises(InventoryError):
        load(path)
