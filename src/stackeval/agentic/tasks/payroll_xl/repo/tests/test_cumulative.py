from decimal import Decimal

from payroll.cumulative import period_tax


def test_first_month_on_1257l():
    assert period_tax(Decimal("3000"), Decimal("3000"), 0, "1257L", "ENG", 2024, "monthly", 1) == Decimal("390.20")


def test_a_refund_after_a_low_month():
    tax = period_tax(Decimal("500"), Decimal("3500"), Decimal("390.20"), "1257L", "ENG", 2024, "monthly", 2)
    assert tax < 0


def test_k_code_is_limited_to_half_the_pay():
    assert period_tax(Decimal("100"), Decimal("100"), 0, "K475", "ENG", 2024, "monthly", 1) == Decimal("50.00")
