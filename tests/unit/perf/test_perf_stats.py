
import pytest

from stackeval.perf.stats import clean, median_spread, percentile, summarize


def test_percentile_linear_interpolation_matches_hand_computation():
    xs = [10, 20, 30, 40]
    # h = (n-1) q/100: p50 -> h=1.5 -> 20 + 0.5*10; p90 -> h=2.7 -> 30 + 0.7*10; p99 -> h=2.97
    assert percentile(xs, 50) == pytest.approx(25.0)
    assert percentile(xs, 90) == pytest.approx(37.0)
    assert percentile(xs, 99) == pytest.approx(39.7)
    assert percentile(xs, 0) == 10
    assert percentile(xs, 100) == 40


def test_percentile_ignores_order_none_and_nan():
    assert percentile([40, None, 10, float("nan"), 30, 20], 50) == pytest.approx(25.0)


def test_percentile_edge_cases():
    assert percentile([], 50) is None
    assert percentile([None], 50) is None
    assert percentile([7.5], 0) == 7.5
    assert percentile([7.5], 99) == 7.5
    with pytest.raises(ValueError):
        percentile([1, 2], 101)


def test_summarize():
    d = summarize([3, 1, 2, 4, 5])
    assert (d.count, d.min, d.max, d.mean, d.p50) == (5, 1, 5, 3, 3)
    assert d.p90 == pytest.approx(4.6)
    assert d.p99 == pytest.approx(4.96)


def test_summarize_empty_and_single():
    empty = summarize([])
    assert empty.count == 0 and empty.mean is None and empty.p99 is None and empty.min is None
    one = summarize([12.0])
    assert one.count == 1 and one.mean == one.p50 == one.p90 == one.p99 == one.min == one.max == 12.0


def test_median_spread():
    m = median_spread([101.0, 97.0, 99.5])
    assert (m.n, m.median, m.min, m.max) == (3, 99.5, 97.0, 101.0)
    assert median_spread([]).median is None
    assert median_spread([1, 2]).median == 1.5


def test_clean():
    assert clean([1, None, float("nan"), 2.5]) == [1.0, 2.5]
