"""Demand forecasting from daily sales history (oldest first)."""

from inventory.models import InventoryError


def moving_average(history, window):
    """Mean of the last ``window`` values of ``history`` (of all of it when it is shorter)."""
    if window < 1:
        raise InventoryError("window must be at least 1")
    if not history:
        return 0.0
    recent = history[-window - 1:]
    return sum(recent) / len(recent)


def days_of_cover(quantity, history, window=7):
    """Whole days ``quantity`` lasts at the recent average daily sales; None when nothing sells."""
    rate = moving_average(history, window)
    if rate == 0:
        return None
    return int(quantity // rate)


def reorder_needed(item, history, lead_time_days, window=7):
    """True when the stock runs out before a new delivery could arrive."""
    cover = days_of_cover(item.quantity, history, window)
    return cover is not None and cover <= lead_time_days
