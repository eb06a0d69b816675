import datetime as dt
from decimal import Decimal

from payroll.leavers import final_pay, p45_figures
from staff import EVE


def test_final_pay_of_a_leaver():
    pay = final_pay(EVE, dt.date(2025, 1, 30), taken=Decimal("1"))
    assert (pay.year, pay.period) == (2024, 10)
    assert pay.salary == Decimal("3225.81")
    assert (pay.holiday_days, pay.holiday_pay) == (Decimal("1.30"), Decimal("240.00"))
    assert pay.student_loan == Decimal("124")
    assert (pay.gross, pay.tax, pay.ni, pay.pension, pay.net) == (
        Decimal("3465.81"), Decimal("483.66"), Decimal("193.42"), Decimal("147.29"), Decimal("2517.44"))


def test_p45_figures():
    p45 = p45_figures(EVE, dt.date(2025, 1, 30), Decimal("39225.81"), Decimal("5312.40"))
    assert (p45["period"], p45["tax_year"], p45["week1_month1"]) == ("Month 10", "2024-25", False)
