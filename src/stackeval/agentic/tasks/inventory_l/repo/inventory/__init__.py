"""A small inventory-management library with a command line (``python -m inventory.cli``)."""

from inventory.models import InventoryError, Item
from inventory.store import Inventory, load, save

__all__ = ["Inventory", "InventoryError", "Item", "load", "save"]
__version__ = "2.0.0"
