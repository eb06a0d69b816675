"""Money is Decimal pounds; what is paid is rounded to pennies, halves away from zero (the bank's rule)."""

from decimal import ROUND_HALF_UP, Decimal

PENNY = Decimal("0.01")


def D(value):
    return value if isinstance(value, Decimal) else Decimal(str(value))


def pennies(amount):
    """``amount`` rounded to pennies, halves up."""
    return D(amount).quantize(PENNY, rounding=ROUND_HALF_UP)


def to_pence(amount):
    return int(pennies(amount) * 100)


def pounds_down(amount):
    """Whole pounds, rounded towards zero (taxable pay to date, loan deductions)."""
    from decimal import ROUND_DOWN

    return D(amount).quantize(Decimal(1), rounding=ROUND_DOWN)


def total(amounts):
    """The sum of amounts as pounds and pence."""
    return pennies(sum((D(a) for a in amounts), Decimal(0)))


def from_pence(pence):
    return (Decimal(int(pence)) / 100).quantize(PENNY)
