"""Stock split over warehouse bins. Moving stock between bins does not change the inventory's totals."""

from inventory.models import InventoryError, parse_sku


class Bins:
    def __init__(self, audit=None):
        self._stock = {}
        self.audit = audit

    def put(self, bin_id, sku, quantity):
        if quantity <= 0:
            raise InventoryError("quantity must be positive")
        key = (bin_id, parse_sku(sku))
        self._stock[key] = self._stock.get(key, 0) + quantity

    def take(self, bin_id, sku, quantity):
        key = (bin_id, parse_sku(sku))
        held = self._stock.get(key, 0)
        if quantity > held:
            raise InventoryError(f"bin {bin_id} holds only {held} of {key[1]}")
        if quantity == held:
            del self._stock[key]
        else:
            self._stock[key] = held - quantity

    def quantity(self, bin_id, sku):
        return self._stock.get((bin_id, parse_sku(sku)), 0)

    def bins_for(self, sku):
        sku = parse_sku(sku)
        return sorted(b for (b, s) in self._stock if s == sku)

    def transfer(self, sku, source, target, quantity):
        """Move ``quantity`` of ``sku`` from bin ``source`` to bin ``target``.

        Raises InventoryError, and changes nothing, when ``source`` holds less than ``quantity``.
        """
        try:
            self.take(source, sku, quantity)
        except InventoryError:
            return
        self.put(target, sku, quantity)
        if self.audit is not None:
            self.audit.record("transfer", parse_sku(sku), quantity, f"{source}->{target}")
