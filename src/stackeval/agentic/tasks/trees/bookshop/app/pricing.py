"""Cart totals. All amounts are integer cents; rounding happens once per step."""

from app import config


def net_total(cart):
    return sum(line.net_cents for line in cart.lines)


def apply_voucher(net_cents, voucher):
    """The net amount after the voucher's percentage is taken off."""
    if voucher is None:
        return net_cents
    return round(net_cents * (1 + voucher.percent / 100))


def shipping(net_cents):
    if net_cents >= config.FREE_SHIPPING_CENTS or net_cents == 0:
        return 0
    return config.SHIPPING_CENTS


def with_vat(net_cents):
    return round(net_cents * (1 + config.VAT_RATE))


def cart_total(cart):
    """What the customer pays: net after voucher, plus VAT, plus shipping."""
    net = apply_voucher(net_total(cart), cart.voucher)
    return with_vat(net) + shipping(net)


def breakdown(cart):
    net = net_total(cart)
    discounted = apply_voucher(net, cart.voucher)
    return {
        "net": net,
        "discount": net - discounted,
        "vat": with_vat(discounted) - discounted,
        "shipping": shipping(discounted),
        "total": cart_total(cart),
    }
