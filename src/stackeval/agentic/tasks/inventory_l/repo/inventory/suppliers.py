"""Suppliers, and what to order from whom."""

from dataclasses import dataclass, field

from inventory.models import InventoryError, parse_sku


@dataclass
class Supplier:
    name: str
    lead_time_days: int
    skus: set = field(default_factory=set)
    min_order: int = 1

    def __post_init__(self):
        self.skus = {parse_sku(s) for s in self.skus}


class SupplierBook:
    def __init__(self):
        self._suppliers = {}

    def add(self, supplier):
        if supplier.name in self._suppliers:
            raise InventoryError(f"supplier {supplier.name!r} already exists")
        self._suppliers[supplier.name] = supplier

    def for_sku(self, sku):
        """The supplier with the shortest lead time for ``sku`` (ties: by name)."""
        sku = parse_sku(sku)
        candidates = [s for s in self._suppliers.values() if sku in s.skus]
        if not candidates:
            raise InventoryError(f"no supplier carries {sku}")
        return min(candidates, key=lambda s: (s.lead_time_days, s.name))


def reorder_plan(inventory, book, plan={}):
    """What to order for each low-stock item: ``{sku: (supplier name, quantity)}``.

    The quantity refills the item to twice its reorder level, and is at least the supplier's minimum order.
    """
    for item in inventory.low_stock():
        supplier = book.for_sku(item.sku)
        quantity = max(2 * item.reorder_level - item.quantity, supplier.min_order)
        plan[item.sku] = (supplier.name, quantity)
    return plan
