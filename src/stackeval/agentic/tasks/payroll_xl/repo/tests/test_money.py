from decimal import Decimal

from payroll.money import pennies, to_pence


def test_pennies_round_halves_up():
    assert pennies("2.675") == Decimal("2.68")
    assert pennies("2.665") == Decimal("2.67")
    assert pennies("-2.665") == Decimal("-2.67")
    assert pennies(3) == Decimal("3.00")


def test_to_pence():
    assert to_pence("12.345") == 1235
    assert to_pence(Decimal("0.1")) == 10
