"""Attachment of earnings orders: a court or a council tells the employer to deduct from an employee's pay.

- AEO (England and Wales, civil debts): a normal deduction rate and a protected earnings rate per period;
  the deduction may not take attachable earnings below the protected rate, and what cannot be deducted is
  carried forward (a shortfall) to the next periods;
- CTAEO (council tax) and DEO: a percentage of attachable earnings by band, from the tables below;
- the employer may charge £1 administration per deduction.

Attachable earnings are gross pay less tax, NI and pension contributions (not student loans).
"""

from dataclasses import dataclass, replace
from decimal import Decimal

from payroll.errors import AttachmentError
from payroll.money import D, pennies

ADMIN_FEE = Decimal(1)

# council tax: (monthly attachable earnings up to, percent); above the last: 17 %
CTAEO_MONTHLY = [(Decimal(75), 0), (Decimal(135), 3), (Decimal(185), 5), (Decimal(355), 7),
                 (Decimal(500), 12), (Decimal(1000), 17), (Decimal(1500), 17)]
CTAEO_WEEKLY = [(Decimal(75), 0), (Decimal(135), 3), (Decimal(185), 5), (Decimal(355), 7),
                (Decimal(500), 12), (Decimal(1000), 17)]
CTAEO_TOP = 17


@dataclass(frozen=True)
class Order:
    reference: str
    kind: str  # "AEO", "CTAEO"
    normal_rate: Decimal = Decimal(0)  # AEO: per period
    protected: Decimal = Decimal(0)  # AEO: per period
    total_due: Decimal | None = None
    paid: Decimal = Decimal(0)
    shortfall: Decimal = Decimal(0)
    priority: int = 0  # lower first; AEOs rank by date of the order


def attachable(gross, tax, ni, pension):
    return D(gross) - D(tax) - D(ni) - D(pension)


def _ctaeo_percent(earnings, frequency):
    table = CTAEO_MONTHLY if frequency == "monthly" else CTAEO_WEEKLY
    for limit, pct in table:
        if earnings <= limit:
            return pct
    return CTAEO_TOP


def deduct(order, earnings, frequency):
    """(deduction, the order afterwards). ``earnings`` are the attachable earnings left for this order."""
    earnings = D(earnings)
    remaining = None if order.total_due is None else D(order.total_due) - D(order.paid)
    if remaining is not None and remaining <= 0:
        return Decimal(0), order
    if order.kind == "AEO":
        wanted = D(order.normal_rate) + D(order.shortfall)
        room = max(Decimal(0), earnings - D(order.protected))
        amount = min(wanted, room)
        shortfall = wanted - amount
    elif order.kind == "CTAEO":
        amount = pennies(earnings * _ctaeo_percent(earnings, frequency) / 100)
        shortfall = Decimal(0)
    else:
        raise AttachmentError(f"{order.reference}: unknown order kind {order.kind!r}")
    if remaining is not None:
        amount = min(amount, remaining)
    amount = pennies(amount)
    return amount, replace(order, paid=D(order.paid) + amount, shortfall=shortfall)


def apply_all(orders, earnings, frequency, admin_fee=True):
    """Apply orders in priority order: ([(order, deduction, fee)], the orders afterwards)."""
    left = D(earnings)
    results, after = [], []
    for order in sorted(orders, key=lambda o: (o.priority, o.reference)):
        amount, updated = deduct(order, left, frequency)
        fee = ADMIN_FEE if admin_fee and amount > 0 and left - amount >= ADMIN_FEE else Decimal(0)
        left -= amount + fee
        results.append((order, amount, fee))
        after.append(updated)
    return results, after


# --- deduction from earnings orders (child maintenance) --------------------------------------------------

def deo_deduction(earnings, rate_pct, protected, arrears=Decimal(0)):
    """A DEO: the order's percentage of net earnings, never taking them below the protected rate; what
    cannot be taken is added to the arrears. Returns (deduction, new arrears)."""
    earnings = D(earnings)
    wanted = pennies(earnings * D(rate_pct) / 100) + D(arrears)
    room = max(Decimal(0), earnings - D(protected))
    take = min(wanted, room)
    return pennies(take), wanted - take


def priority_orders(orders):
    """Priority orders (council tax, child maintenance, fines) before non-priority ones; within each, by
    date of the order."""
    priority = {"CTAEO": 0, "DEO": 0, "AEO": 1}
    return sorted(orders, key=lambda o: (priority.get(o.kind, 2), o.priority, o.reference))
