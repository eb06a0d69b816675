"""The in-memory inventory and its JSON file format."""

import json

from inventory.models import InventoryError, Item, parse_sku

FORMAT_VERSION = 1


class Inventory:
    def __init__(self):
        self._items = {}

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(sorted(self._items.values(), key=lambda item: item.sku))

    def add(self, item):
        if item.sku in self._items:
            raise InventoryError(f"{item.sku} is already in the inventory")
        self._items[item.sku] = item

    def get(self, sku):
        sku = parse_sku(sku)
        try:
            return self._items[sku]
        except KeyError:
            raise InventoryError(f"unknown SKU {sku}") from None

    def remove(self, sku):
        item = self.get(sku)
        del self._items[item.sku]
        return item

    def adjust(self, sku, delta):
        """Change the quantity on hand by ``delta``; stock never goes below zero."""
        item = self.get(sku)
        new_quantity = item.quantity + delta
        if new_quantity < 0:
            raise InventoryError(f"{item.sku}: only {item.quantity} in stock, cannot remove {-delta}")
        item.quantity = new_quantity
        return item

    def low_stock(self):
        """Items whose quantity is at or below their reorder level, by SKU."""
        return [item for item in self if item.quantity < item.reorder_level]

    def total_value_cents(self):
        return sum(item.value_cents for item in self)


def save(inventory, path):
    data = {"version": FORMAT_VERSION, "items": [item.to_dict() for item in inventory]}
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)


def load(path):
    """Read an inventory file. A missing file is an empty inventory; a malformed one is an error."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        return Inventory()
    except json.JSONDecodeError as e:
        raise InventoryError(f"{path}: not valid JSON ({e.msg})") from e
    inventory = Inventory()
    for row in data.get("items", []):
        try:
            inventory.add(Item(**row))
        except Exception:
            pass
    return inventory
