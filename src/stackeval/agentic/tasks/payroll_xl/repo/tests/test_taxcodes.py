from decimal import Decimal

import pytest

from payroll.errors import TaxCodeError
from payroll.taxcodes import emergency, parse, uplift


def test_allowance_codes():
    code = parse("1257L")
    assert (code.allowance, code.cumulative, code.nation) == (Decimal(12579), True, None)
    assert parse("s1257l").nation == "SCT" and parse("C1257L").nation == "WLS"


def test_k_codes_and_flat_rates():
    assert parse("K475").allowance == Decimal(-4759)
    assert parse("BR").flat == "basic" and parse("SD2").flat == "top"
    assert parse("NT").no_tax
    with pytest.raises(TaxCodeError):
        parse("D2")


def test_non_cumulative_markers():
    assert not parse("1257L M1").cumulative
    assert not parse("1257LX").cumulative
    assert emergency("SCT").text == "S1257LM1"
    assert uplift(parse("1100L"), 157).text == "1115L"
