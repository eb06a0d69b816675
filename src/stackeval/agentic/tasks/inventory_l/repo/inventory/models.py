"""The stock item record and SKU validation."""

import re
from dataclasses import asdict, dataclass

SKU_PATTERN = re.compile(r"^[A-Z]{3}-\d{4}$")


class InventoryError(Exception):
    """A request the inventory cannot satisfy: bad input, unknown SKU, not enough stock."""


def parse_sku(text):
    """Normalise a SKU (``abc-0042`` -> ``ABC-0042``); raise InventoryError when it is malformed."""
    sku = str(text).strip().upper()
    if not SKU_PATTERN.match(sku):
        raise InventoryError(f"invalid SKU {text!r}: expected three letters, a dash and four digits")
    return sku


@dataclass
class Item:
    sku: str
    name: str
    quantity: int = 0
    reorder_level: int = 0
    price_cents: int = 0

    def __post_init__(self):
        self.sku = parse_sku(self.sku)
        if not self.name.strip():
            raise InventoryError(f"{self.sku}: name must not be empty")
        for field_name in ("quantity", "reorder_level", "price_cents"):
            if getattr(self, field_name) < 0:
                raise InventoryError(f"{self.sku}: {field_name} must not be negative")

    @property
    def value_cents(self):
        return self.quantity * self.price_cents

    def to_dict(self):
        return asdict(self)
