"""Small, dependency-free statistics.

Percentiles use linear interpolation between closest ranks (numpy's default ``linear`` method,
Hyndman & Fan type 7): for sorted values x[0..n-1] and q in [0, 100], h = (n - 1) * q / 100 and
P(q) = x[floor(h)] + (h - floor(h)) * (x[floor(h) + 1] - x[floor(h)]). One value is its own every
percentile; an empty sample has none (None).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from stackeval.records.perf import Distribution, MedianSpread

__all__ = ["clean", "percentile", "summarize", "median_spread"]


def clean(values: Iterable[float | int | None]) -> list[float]:
    """Drop None and NaN; keep everything else as float."""
    out: list[float] = []
    for v in values:
        if v is None:
            continue
        f = float(v)
        if not math.isnan(f):
            out.append(f)
    return out


def _pct_sorted(xs: list[float], q: float) -> float:
    h = (len(xs) - 1) * q / 100.0
    lo = math.floor(h)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (h - lo) * (xs[hi] - xs[lo])


def percentile(values: Iterable[float | int | None], q: float) -> float | None:
    """The q-th percentile (0 <= q <= 100), linear interpolation; None for an empty sample."""
    if not 0 <= q <= 100:
        raise ValueError(f"percentile q must be within [0, 100], got {q}")
    xs = sorted(clean(values))
    if not xs:
        return None
    return _pct_sorted(xs, q)


def summarize(values: Iterable[float | int | None]) -> Distribution:
    xs = sorted(clean(values))
    if not xs:
        return Distribution()
    return Distribution(
        count=len(xs),
        mean=math.fsum(xs) / len(xs),
        p50=_pct_sorted(xs, 50),
        p90=_pct_sorted(xs, 90),
        p99=_pct_sorted(xs, 99),
        min=xs[0],
        max=xs[-1],
    )


def median_spread(values: Iterable[float | int | None]) -> MedianSpread:
    """Median with min and max (e.g. median of 3 single-stream runs)."""
    xs = sorted(clean(values))
    if not xs:
        return MedianSpread()
    return MedianSpread(n=len(xs), median=_pct_sorted(xs, 50), min=xs[0], max=xs[-1])
