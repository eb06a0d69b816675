from decimal import Decimal

from payroll.expenses import Claim, approved, settle, settle_year


def test_approved_mileage_crosses_the_10000_mile_threshold():
    assert approved(1200, miles_before=9500) == Decimal("400.00")
    assert approved(100, "bicycle") == Decimal("20.00")
    assert approved(100, passengers=2) == Decimal("55.00")


def test_paying_above_the_approved_rate_is_taxable():
    assert settle(Claim(100, paid_per_mile=Decimal("0.55"))) == (
        Decimal("55.00"), Decimal("45.00"), Decimal("10.00"), Decimal("0"))
    year = settle_year([Claim(9990), Claim(20)])
    assert year[1][1] == Decimal("7.00")
