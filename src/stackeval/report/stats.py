"""Inferential statistics, in one place. Pure.

- **Wilson** score interval for a pass rate (z = 1.96 for 95%);
- **exact McNemar**: with b = units passing only in A and c = passing only in B,
  p = min(1, 2 P(X <= min(b, c))) for X ~ Binomial(b + c, 1/2);
- **Clopper-Pearson** exact interval of a proportion, and the exact paired interval of a change in pass rate
  (conditional on the discordant pairs, ``paired_exact_delta``);
- **Student's t** quantiles (incomplete beta function, bisection), the t interval of a mean, and Welch's
  interval for a difference of means (Welch-Satterthwaite degrees of freedom).

Descriptive summaries of measurements (percentiles, median with spread) are metric math:
``stackeval.perf.stats``.
"""

from __future__ import annotations

import math
from statistics import mean, stdev

from stackeval.records.perf import WilsonInterval

ALPHA = 0.05

__all__ = ["ALPHA", "beta_quantile", "clopper_pearson", "exact_mcnemar", "mean_interval", "paired_exact_delta", "t_cdf",
           "t_quantile", "welch_delta", "wilson"]


def wilson(successes: int, n: int, z: float = 1.96) -> WilsonInterval:
    """Wilson score interval for ``successes`` out of ``n`` (z = 1.96 for 95 %)."""
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return WilsonInterval(successes=0, n=0, rate=None, low=0.0, high=1.0, z=z)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return WilsonInterval(
        successes=successes, n=n, rate=p, low=max(0.0, center - half), high=min(1.0, center + half), z=z
    )


def exact_mcnemar(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for b and c discordant pairs."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2.0**n
    return min(1.0, 2.0 * tail)


def beta_quantile(q: float, a: float, b: float) -> float:
    """The q quantile of Beta(a, b) (bisection on the regularized incomplete beta function)."""
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if _betainc(a, b, mid) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def clopper_pearson(successes: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval of a binomial proportion; (0, 1) when n = 0."""
    if n == 0:
        return 0.0, 1.0
    a = (1 - level) / 2
    lo = 0.0 if successes == 0 else beta_quantile(a, successes, n - successes + 1)
    hi = 1.0 if successes == n else beta_quantile(1 - a, successes + 1, n - successes)
    return lo, hi


def paired_exact_delta(b: int, c: int, n: int, level: float = 0.95) -> tuple[float, float, float, float]:
    """Change in pass rate over ``n`` paired units, b = passing only before, c = passing only after:
    (delta, low, high, p). The interval is exact conditional on the b + c discordant pairs (Clopper-Pearson
    on c of b + c, scaled by (b + c) / n); p is the exact McNemar p-value."""
    if n <= 0:
        raise ValueError("need at least one paired unit")
    d = b + c
    delta = (c - b) / n
    if d == 0:
        return 0.0, 0.0, 0.0, 1.0
    lo, hi = clopper_pearson(c, d, level)
    return delta, d / n * (2 * lo - 1), d / n * (2 * hi - 1), exact_mcnemar(b, c)


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300

    def nz(v: float) -> float:
        return v if abs(v) > tiny else tiny

    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 / nz(1.0 - qab * x / qap)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d, c = 1.0 / nz(1.0 + aa * d), nz(1.0 + aa / c)
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d, c = 1.0 / nz(1.0 + aa * d), nz(1.0 + aa / c)
        h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1.0 - x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(lbt) * _betacf(a, b, x) / a
    return 1.0 - math.exp(lbt) * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    p = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - p if t > 0 else p


def t_quantile(q: float, df: float) -> float:
    """Student's t quantile (bisection on the CDF); q in (0, 1), df > 0."""
    if not 0.0 < q < 1.0 or df <= 0:
        raise ValueError(f"need 0 < q < 1 and df > 0, got q={q}, df={df}")
    if q < 0.5:
        return -t_quantile(1.0 - q, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < q:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def mean_interval(xs: list[float], level: float = 0.95) -> tuple[float, float | None, float | None]:
    """(mean, low, high); the interval is None below two values."""
    m = mean(xs)
    if len(xs) < 2:
        return m, None, None
    half = t_quantile(0.5 + level / 2, len(xs) - 1) * stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


def welch_delta(a: list[float], b: list[float], level: float = 0.95) -> tuple[float, float | None, float | None]:
    """(mean(b) - mean(a), low, high) with Welch's interval; None when either side has < 2 values."""
    d = mean(b) - mean(a)
    if len(a) < 2 or len(b) < 2:
        return d, None, None
    va, vb = stdev(a) ** 2 / len(a), stdev(b) ** 2 / len(b)
    se = math.sqrt(va + vb)
    if se == 0:
        return d, d, d
    df = (va + vb) ** 2 / ((va**2 / (len(a) - 1) if va else 0) + (vb**2 / (len(b) - 1) if vb else 0) or 1e-300)
    half = t_quantile(0.5 + level / 2, max(df, 1.0)) * se
    return d, d - half, d + half
