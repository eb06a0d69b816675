import pytest

from inventory import InventoryError, Item
from inventory.pricing import discount_percent, margin_percent, order_price_cents


def test_small_orders_pay_full_price_and_margins():
    item = Item("PEN-0001", "pen", price_cents=120)
    assert discount_percent(1) == 0
    assert order_price_cents(item, 3) == 360
    assert margin_percent(200, 150) == 25.0
    with pytest.raises(InventoryError):
        discount_percent(0)


def test_a_tier_starts_at_its_minimum_quantity():
    assert discount_percent(9) == 0
    assert discount_percent(10) == 5
    assert discount_percent(49) == 5
    assert discount_percent(50) == 10
    assert discount_percent(200) == 15


def test_order_price_at_a_tier_boundary():
    item = Item("PAD-0002", "notepad", price_cents=250)
    assert order_price_cents(item, 50) == 11250
    assert order_price_cents(item, 51) == 11475
