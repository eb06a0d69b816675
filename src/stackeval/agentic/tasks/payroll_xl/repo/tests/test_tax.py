from decimal import Decimal

from payroll.tax import annual_tax, period_tax
from staff import ALICE, BRUCE


def test_annual_tax_england_2024():
    assert annual_tax(36000, "ENG", 2024) == Decimal("4686.00")
    assert annual_tax(10000, "ENG", 2024) == 0


def test_annual_tax_england_2025():
    assert annual_tax(30000, "ENG", 2025) == Decimal("3400.00")


def test_annual_tax_scotland_2025():
    assert annual_tax(30000, "SCT", 2025) == Decimal("2397") * Decimal("0.19") + Decimal("12094") * Decimal(
        "0.20") + Decimal("2509") * Decimal("0.21")


def test_monthly_tax_is_a_twelfth_of_the_annual_tax():
    assert period_tax(Decimal("3000"), ALICE, 2024) == Decimal("390.50")
    assert period_tax(Decimal("3000"), BRUCE, 2024) == Decimal("396.44")
