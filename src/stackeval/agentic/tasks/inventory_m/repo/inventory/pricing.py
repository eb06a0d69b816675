"""Selling prices: quantity discount tiers and margins."""

from dataclasses import dataclass

from inventory.models import InventoryError


@dataclass(frozen=True)
class Tier:
    min_quantity: int
    percent_off: int


DEFAULT_TIERS = (Tier(10, 5), Tier(50, 10), Tier(200, 15))


def discount_percent(quantity, tiers=DEFAULT_TIERS):
    """The percentage off for ``quantity`` units: the best tier whose minimum quantity is reached."""
    if quantity < 1:
        raise InventoryError("quantity must be at least 1")
    best = 0
    for tier in tiers:
        if quantity > tier.min_quantity:
            best = max(best, tier.percent_off)
    return best


def order_price_cents(item, quantity, tiers=DEFAULT_TIERS):
    """What ``quantity`` units of ``item`` cost after the quantity discount (rounded down to a cent)."""
    gross = item.price_cents * quantity
    return gross - gross * discount_percent(quantity, tiers) // 100


def margin_percent(sell_cents, cost_cents):
    """Gross margin as a percentage of the selling price, to one decimal."""
    if sell_cents <= 0:
        raise InventoryError("selling price must be positive")
    return round(100 * (sell_cents - cost_cents) / sell_cents, 1)
