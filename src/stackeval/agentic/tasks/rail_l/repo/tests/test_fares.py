from rail.clock import parse_time
from rail.fares import day_total, is_peak, single_fare, zones_spanned


def test_zones_spanned_counts_both_ends():
    assert zones_spanned(3, 3) == 1
    assert zones_spanned(2, 5) == 4
    assert zones_spanned(5, 2) == 4


def test_off_peak_fares():
    assert single_fare(1, 1, parse_time("11:00")) == 280
    assert single_fare(3, 5, parse_time("10:00")) == 410


def test_peak_starts_at_half_past_six():
    assert is_peak(parse_time("06:30"))
    assert not is_peak(parse_time("06:29"))
    assert not is_peak(parse_time("09:30"))
    assert not is_peak(parse_time("08:00"), weekday=False)


def test_peak_fare():
    assert single_fare(1, 2, parse_time("08:15")) == 425


def test_daily_cap():
    assert day_total([(1000, 2), (1000, 3)]) == 1250
    assert day_total([(280, 1), (280, 1)]) == 560
    assert day_total([]) == 0
