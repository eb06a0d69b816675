import pytest

from inventory import InventoryError, Item
from inventory.forecast import days_of_cover, moving_average, reorder_needed


def test_short_history_and_no_sales():
    assert moving_average([2, 4], window=7) == 3.0
    assert moving_average([], window=7) == 0.0
    assert days_of_cover(10, [0, 0, 0]) is None
    with pytest.raises(InventoryError):
        moving_average([1], window=0)


def test_moving_average_uses_exactly_the_last_window_days():
    history = [30, 1, 2, 3, 4, 5, 6, 7]
    assert moving_average(history, window=7) == 4.0
    assert moving_average(history, window=2) == 6.5


def test_days_of_cover_and_reorder():
    history = [40, 10, 10, 10, 10, 10, 10, 10]
    assert days_of_cover(95, history) == 9
    item = Item("SOP-0001", "soap", quantity=95)
    assert reorder_needed(item, history, lead_time_days=9)
    assert not reorder_needed(item, history, lead_time_days=8)
