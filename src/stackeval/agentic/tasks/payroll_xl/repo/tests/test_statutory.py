import datetime as dt
from decimal import Decimal

from payroll import minimum_wage, smp
from payroll.attachments import Order, apply_all
from payroll.benefits import Car, car_benefit


def test_maternity_pay_weeks():
    weeks = smp.weeks("smp", dt.date(2025, 6, 1), Decimal("600"), 2025)
    assert len(weeks) == 39
    assert (weeks[5].amount, weeks[6].amount) == (Decimal("540.00"), Decimal("187.18"))
    assert smp.weeks("smp", dt.date(2025, 6, 1), Decimal("120"), 2025) == []


def test_minimum_wage_by_age():
    assert minimum_wage.hourly_minimum(dt.date(2000, 1, 1), dt.date(2025, 5, 1)) == Decimal("12.21")
    assert minimum_wage.hourly_minimum(dt.date(2006, 1, 1), dt.date(2025, 3, 31)) == Decimal("8.60")
    assert not minimum_wage.check(160, Decimal("1900"), dt.date(2000, 1, 1), dt.date(2025, 5, 1)).ok


def test_orders_are_applied_in_priority_order():
    results, after = apply_all([Order("A1", "AEO", Decimal(100), Decimal(1500)), Order("C1", "CTAEO")],
                               Decimal(1800), "monthly")
    assert [(o.reference, amount) for o, amount, _ in results] == [("A1", Decimal("100.00")),
                                                                   ("C1", Decimal("288.83"))]


def test_company_car_benefit():
    assert car_benefit(Car(Decimal(40000), 0), 2025) == Decimal(1200)
    assert car_benefit(Car(Decimal(30000), 118, diesel=True, rde2=False), 2025) == Decimal(9900)
