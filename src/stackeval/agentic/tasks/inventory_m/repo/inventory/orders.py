"""Receiving deliveries, and listing stock page by page."""

from inventory.models import InventoryError


def receive_shipment(inventory, lines, log=[]):
    """Add each ``(sku, quantity)`` of a delivery to the stock.

    Returns the movement log of this delivery, one line per item; pass ``log`` to extend an existing one.
    """
    for sku, quantity in lines:
        if quantity <= 0:
            raise InventoryError(f"shipment line for {sku}: quantity must be positive")
        item = inventory.adjust(sku, quantity)
        log.append(f"+{quantity} {item.sku} -> {item.quantity}")
    return log


def page_count(n_items, page_size):
    """How many pages ``n_items`` fill at ``page_size`` per page (at least one, even when empty)."""
    if page_size < 1:
        raise InventoryError("page size must be at least 1")
    return max(1, n_items // page_size)


def page(items, number, page_size):
    """Page ``number`` (counted from 1) of ``items``."""
    items = list(items)
    pages = page_count(len(items), page_size)
    if not 1 <= number <= pages:
        raise InventoryError(f"page {number} is out of range 1..{pages}")
    start = (number - 1) * page_size
    return items[start:start + page_size]
