"""Inferential statistics: Wilson intervals, exact McNemar, t quantiles, mean and Welch intervals."""

from __future__ import annotations

import math

import pytest

from stackeval.report.stats import exact_mcnemar, mean_interval, t_quantile, welch_delta, wilson


def test_wilson_known_values():
    # 8/10 at z=1.96: centre (0.8 + 0.19208)/1.38416, half-width 1.96*sqrt(0.016 + 0.0009604)/1.38416
    w = wilson(8, 10)
    centre = (0.8 + 1.96**2 / 20) / (1 + 1.96**2 / 10)
    half = 1.96 * math.sqrt(0.8 * 0.2 / 10 + 1.96**2 / 400) / (1 + 1.96**2 / 10)
    assert w.rate == 0.8
    assert w.low == pytest.approx(centre - half) == pytest.approx(0.4902, abs=1e-4)
    assert w.high == pytest.approx(centre + half) == pytest.approx(0.9433, abs=1e-4)


def test_wilson_edges():
    assert wilson(0, 0).rate is None and (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)
    w0 = wilson(0, 20)
    assert w0.low == 0.0 and 0 < w0.high < 0.2
    w1 = wilson(20, 20)
    assert w1.high == pytest.approx(1.0) and 0.8 < w1.low < 1.0
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_exact_mcnemar() -> None:
    assert exact_mcnemar(0, 0) == 1.0
    assert exact_mcnemar(10, 0) == pytest.approx(2 / 1024)
    assert exact_mcnemar(0, 10) == exact_mcnemar(10, 0)
    assert exact_mcnemar(5, 0) == pytest.approx(0.0625)
    assert exact_mcnemar(6, 0) == pytest.approx(0.03125)
    assert exact_mcnemar(3, 2) == 1.0
    assert exact_mcnemar(12, 3) == pytest.approx(0.03515625)  # 2 * P(X <= 3), X ~ Bin(15, 1/2)


def test_t_quantiles_match_the_tables() -> None:
    for df, t in ((1, 12.706), (2, 4.303), (4, 2.776), (10, 2.228), (30, 2.042)):
        assert t_quantile(0.975, df) == pytest.approx(t, abs=1e-3)
    assert t_quantile(0.975, 1e7) == pytest.approx(1.96, abs=1e-3)
    assert t_quantile(0.025, 4) == pytest.approx(-2.776, abs=1e-3)
    with pytest.raises(ValueError):
        t_quantile(1.0, 3)


def test_mean_and_welch_intervals() -> None:
    m, lo, hi = mean_interval([10.0, 12.0, 14.0])
    assert m == 12 and lo == pytest.approx(12 - 4.303 * 2 / 3**0.5, abs=1e-3) and hi == pytest.approx(24 - lo)
    assert mean_interval([5.0]) == (5.0, None, None)
    d, lo, hi = welch_delta([10.0, 11.0, 12.0], [20.0, 21.0, 22.0])
    assert d == 10 and lo is not None and 7 < lo < 10 < hi < 13
    assert welch_delta([1.0], [2.0, 3.0]) == (1.5, None, None)
