"""Checkout: the shipping lines of an order, its labels and its declaration."""

from parcels.customs import declaration
from parcels.labels import label_lines
from parcels.quote import shipping_for_order


def checkout(shipment, order_cents):
    shipping = shipping_for_order(order_cents, shipment.parcels, shipment.postcode, shipment.service)
    return {
        "shipment": shipment.id,
        "order_cents": order_cents,
        "shipping_cents": shipping,
        "total_cents": order_cents + shipping,
        "labels": label_lines(shipment),
        "customs": declaration(shipment),
    }
