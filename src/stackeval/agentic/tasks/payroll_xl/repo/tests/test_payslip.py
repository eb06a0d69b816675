from decimal import Decimal

from payroll.payslip import payslip
from payroll.timesheets import parse
from staff import ALICE, BRUCE, CARA, DANA, NEW_YEAR_WEEK


def test_salaried_england():
    slip = payslip(ALICE, 2024)
    assert (slip.gross, slip.tax, slip.ni, slip.pension, slip.net) == (
        Decimal("3000.00"), Decimal("390.50"), Decimal("156.16"), Decimal("124.00"), Decimal("2329.34"))
    assert (slip.employer_ni, slip.employer_pension) == (Decimal("309.40"), Decimal("74.40"))


def test_salaried_scotland():
    slip = payslip(BRUCE, 2024)
    assert (slip.tax, slip.net) == (Decimal("396.44"), Decimal("2323.40"))


def test_overtime_in_the_new_year_week():
    slip = payslip(CARA, 2024, parse(NEW_YEAR_WEEK))
    assert (slip.basic_hours, slip.overtime_hours, slip.gross) == (Decimal(40), Decimal(4), Decimal("575.00"))
    assert (slip.tax, slip.ni, slip.pension, slip.net) == (
        Decimal("66.65"), Decimal("26.64"), Decimal("22.75"), Decimal("458.96"))


def test_gross_pay_is_rounded_like_every_amount():
    slip = payslip(DANA, 2024, parse("2025-03-03 36.5\n"))
    assert slip.gross == Decimal("365.37")


def test_payslip_lines():
    assert payslip(ALICE, 2024).lines()[0] == "gross 3000.00"
