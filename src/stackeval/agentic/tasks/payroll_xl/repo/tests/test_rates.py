from decimal import Decimal

from payroll.rates import TABLE, bands


def test_the_table_has_the_home_regions():
    assert {("ENG", 2024), ("SCT", 2025), ("WLS", 2024)} <= set(TABLE)


def test_bands_start_at_zero_and_the_top_band_is_open():
    for key, rows in TABLE.items():
        assert rows[0][0] == 0 and rows[-1][1] is None, key


def test_region_codes_are_matched_loosely():
    assert bands(" wls ", 2024) == TABLE[("WLS", 2024)]


def test_scottish_bands():
    assert [r for _, _, r in bands("SCT", 2024)] == [Decimal(x) for x in
                                                      ("0", "0.19", "0.20", "0.21", "0.42", "0.45", "0.48")]


def test_unknown_region_pays_the_standard_bands():
    assert bands("ZZ9", 2024) == TABLE[("ENG", 2024)]
