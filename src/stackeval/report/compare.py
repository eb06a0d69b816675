"""Comparing runs and sweep points. Pure: typed records in, a ``Comparison`` record out.

- **columns**: one per run, or one per sweep point (all runs at that point); per-category and overall
  pass rates (Wilson 95%), errors, speed figures (mean over repeated runs, t 95% interval when >= 2);
- **variables that differ**: stack-profile keys (``engine``, ``models``, settings) whose values differ
  between columns, side by side; equal keys are counted and listed once;
- **pairs** (each column against the first): per-test flips with ids, exact McNemar per category and
  overall on (test, arm, repeat) units present in both, speed deltas with Welch 95% intervals;
- **noise floor**: discordance between repeats of the same stack (repeats inside a run, and other
  columns with the same stack fingerprint and suite), used to say "not distinguishable from noise";
- **sweep**: per point speed, acceptance, per-position acceptance, and the CUDA-graph padding advisor.

Exact McNemar: with b = units passing only in A and c = passing only in B, p = min(1, 2 P(X <= min(b, c)))
for X ~ Binomial(b + c, 1/2). Intervals for means use Student's t (Welch-Satterthwaite df for deltas).
"""

from __future__ import annotations

import math
from collections import defaultdict
from statistics import mean, median, stdev

from pydantic import BaseModel, ConfigDict, Field

from stackeval.perf.cudagraph import check_k, recommend_k
from stackeval.perf.stats import wilson
from stackeval.records.items import CATEGORIES, TIERS
from stackeval.records.perf import CudagraphCheck
from stackeval.records.run import TestResult
from stackeval.records.stack import Scalar
from stackeval.records.sweep import ColumnInput, RunData, SweepContext

COMPARE_SCHEMA_VERSION = 1
ALPHA = 0.05

__all__ = ["RunData", "ColumnInput", "SweepContext", "Comparison", "compare", "exact_mcnemar", "t_quantile",
           "mean_interval", "welch_delta", "pass_at_1", "run_speed"]


# ------------------------------------------------------------------------------------------ statistics


def exact_mcnemar(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for b and c discordant pairs."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2.0**n
    return min(1.0, 2.0 * tail)


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


# ------------------------------------------------------------------------------------------ records


class _R(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Rate(_R):
    passed: int
    total: int
    rate: float | None
    low: float
    high: float


class TestCounts(_R):
    __test__ = False
    test_id: str
    arm: str
    passed: int
    n: int


class PassAt1(_R):
    tests: int
    max_repeats: int
    mean: float | None
    low: float | None
    high: float | None
    unstable: list[TestCounts] = Field(default_factory=list)  # 0 < passed < n
    counts: list[TestCounts] = Field(default_factory=list)


class SpeedStat(_R):
    metric: str
    unit: str
    higher_is_better: bool
    n: int
    mean: float
    low: float | None = None
    high: float | None = None
    values: list[float] = Field(default_factory=list)


class SpecSummary(_R):
    acceptance_rate: float | None = None
    mean_accepted_length: float | None = None
    per_position: list[float] = Field(default_factory=list)
    k: int | None = None
    source: str | None = None


class ColumnSummary(_R):
    label: str
    run_ids: list[str]
    kinds: list[str]
    status: str  # complete | failed_to_start | crashed | interrupted | running | ...
    reason: str | None = None
    model: str | None = None
    engine: str | None = None
    engine_version: str | None = None
    fingerprints: list[str] = Field(default_factory=list)
    overall: Rate | None = None
    by_category: dict[str, Rate] = Field(default_factory=dict)
    by_tier: dict[str, Rate] = Field(default_factory=dict)
    errors: int = 0
    timeouts: int = 0
    speed: dict[str, SpeedStat] = Field(default_factory=dict)
    spec: SpecSummary | None = None
    pass_at_1: PassAt1 | None = None
    params: dict[str, Scalar] = Field(default_factory=dict)


class VariableRow(_R):
    key: str
    values: list[Scalar | list[str] | None]


class Variables(_R):
    labels: list[str]
    differ: list[VariableRow] = Field(default_factory=list)
    equal: dict[str, Scalar | list[str] | None] = Field(default_factory=dict)
    only_some: list[str] = Field(default_factory=list)  # keys present in some columns only (listed in differ)


class McNemar(_R):
    scope: str
    units: int
    a_only: int  # pass in A, fail in B
    b_only: int  # pass in B, fail in A
    p_value: float
    significant: bool


class Flip(_R):
    test_id: str
    arm: str
    a: str  # "passed/n"
    b: str


class SpeedDelta(_R):
    metric: str
    unit: str
    a_mean: float
    b_mean: float
    delta: float
    relative: float | None
    low: float | None
    high: float | None
    n_a: int
    n_b: int
    verdict: str  # faster | slower | within noise | no interval (no repeats)


class NoisePair(_R):
    source: str
    units: int
    a_only: int
    b_only: int


class NoiseFloor(_R):
    pairs: list[NoisePair]
    mean_rate: float
    max_rate: float
    max_net: int


class PairComparison(_R):
    a: str
    b: str
    same_stack: bool
    overall: McNemar | None = None
    by_category: list[McNemar] = Field(default_factory=list)
    a_better: list[Flip] = Field(default_factory=list)
    b_better: list[Flip] = Field(default_factory=list)
    speed: list[SpeedDelta] = Field(default_factory=list)
    verdict: str = ""  # significantly worse | significantly better | not significantly different | no common tests
    summary: str = ""


class SweepPointView(_R):
    index: int
    name: str
    label: str
    varied: dict[str, Scalar] = Field(default_factory=dict)
    status: str
    reason: str | None = None
    expect: str | None = None
    ready_s: float | None = None
    k: int | None = None
    decode_tok_s: SpeedStat | None = None
    output_tok_s: SpeedStat | None = None
    spec: SpecSummary | None = None
    cudagraph: CudagraphCheck | None = None
    padded: bool | None = None  # True: K+1 is not a capture size


class SweepView(_R):
    sweep_id: str
    name: str
    design: str
    k_param: str | None = None
    capture_sizes: list[int] | None = None
    recommendation: str = ""
    points: list[SweepPointView] = Field(default_factory=list)


class Comparison(_R):
    schema_version: int = COMPARE_SCHEMA_VERSION
    columns: list[ColumnSummary]
    variables: Variables
    pairs: list[PairComparison] = Field(default_factory=list)
    noise: NoiseFloor | None = None
    noise_note: str = ""
    sweep: SweepView | None = None


# ------------------------------------------------------------------------------------------ inputs


# RunData, ColumnInput and SweepContext (the inputs) are records: see stackeval.records.sweep.


# ------------------------------------------------------------------------------------------ columns


def _rate(rs: list[TestResult]) -> Rate:
    p = sum(1 for r in rs if r.status == "pass")
    w = wilson(p, len(rs))
    return Rate(passed=p, total=len(rs), rate=w.rate, low=round(w.low, 4), high=round(w.high, 4))


def _grouped(rs: list[TestResult], key: str, order: tuple[str, ...]) -> dict[str, Rate]:
    g: dict[str, list[TestResult]] = defaultdict(list)
    for r in rs:
        g[getattr(r, key)].append(r)
    return {k: _rate(g[k]) for k in [k for k in order if k in g] + sorted(k for k in g if k not in order)}


Unit = tuple[str, str, int]  # test_id, arm, repeat


def suite_units(runs: list[RunData]) -> dict[Unit, TestResult]:
    """Results of a column's suite runs; a second run of the same tests continues the repeat numbering."""
    out: dict[Unit, TestResult] = {}
    for rd in runs:
        if rd.info.kind != "suite":
            continue
        offset: dict[tuple[str, str], int] = defaultdict(int)
        for (tid, arm, _rep) in out:
            offset[(tid, arm)] = max(offset[(tid, arm)], _rep + 1)
        for r in rd.results:
            out[(r.test_id, r.arm, r.repeat + offset[(r.test_id, r.arm)])] = r
    return out


def pass_at_1(results: list[TestResult]) -> PassAt1:
    """Per-test pass counts over repeats; pass@1 = mean per-test pass rate, t 95% interval over tests
    (Wilson on the pooled count when every test ran once)."""
    g: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for r in results:
        g[(r.test_id, r.arm)].append(r.status == "pass")
    counts = [TestCounts(test_id=t, arm=a, passed=sum(v), n=len(v)) for (t, a), v in sorted(g.items())]
    if not counts:
        return PassAt1(tests=0, max_repeats=0, mean=None, low=None, high=None)
    rates = [c.passed / c.n for c in counts]
    maxn = max(c.n for c in counts)
    if maxn == 1:
        w = wilson(sum(c.passed for c in counts), len(counts))
        lo, hi, m = w.low, w.high, w.rate
    else:
        m, lo, hi = mean_interval(rates)
        if lo is None or hi is None:
            lo, hi = m, m
        lo, hi = max(0.0, lo), min(1.0, hi)
    return PassAt1(tests=len(counts), max_repeats=maxn, mean=round(m or 0.0, 4), low=round(lo, 4), high=round(hi, 4),
                   unstable=[c for c in counts if 0 < c.passed < c.n], counts=counts)


def run_speed(rd: RunData) -> dict[str, tuple[float, str, bool]]:
    """Scalar speed figures of one run: metric -> (value, unit, higher is better)."""
    out: dict[str, tuple[float, str, bool]] = {}
    bench = rd.docs.get("bench")
    if rd.info.kind == "bench" and isinstance(bench, dict):
        ss = bench.get("single_stream") or {}
        dec = (ss.get("decode_tok_s") or {}).get("median")
        if dec is not None:
            out["single-stream decode"] = (float(dec), "tok/s", True)
        ttft = (ss.get("ttft_ms") or {}).get("p50")
        if ttft is not None:
            out["single-stream TTFT p50"] = (float(ttft), "ms", False)
        for lv in bench.get("levels") or []:
            c = lv.get("concurrency")
            if lv.get("output_tok_s") is not None:
                out[f"c={c} output"] = (float(lv["output_tok_s"]), "tok/s", True)
            if (lv.get("ttft_ms") or {}).get("p50") is not None:
                out[f"c={c} TTFT p50"] = (float(lv["ttft_ms"]["p50"]), "ms", False)
    elif rd.info.kind == "suite":
        dec = [r.decode_tok_s for r in rd.results if r.decode_tok_s is not None]
        ttft = [r.ttft_ms for r in rd.results if r.ttft_ms is not None]
        if dec:
            out["suite decode (median)"] = (float(median(dec)), "tok/s", True)
        if ttft:
            out["suite TTFT (median)"] = (float(median(ttft)), "ms", False)
    return out


def _spec(runs: list[RunData]) -> SpecSummary | None:
    rates, lengths, per_pos, k, source = [], [], [], None, None
    for rd in runs:
        sd = (rd.docs.get("bench") or {}).get("spec_decode") if rd.info.kind == "bench" else None
        if not isinstance(sd, dict):
            continue
        if sd.get("acceptance_rate") is not None:
            rates.append(float(sd["acceptance_rate"]))
        if sd.get("mean_accepted_length") is not None:
            lengths.append(float(sd["mean_accepted_length"]))
        if sd.get("per_position"):
            per_pos.append([float(x) for x in sd["per_position"]])
        k = k or sd.get("k")
        source = source or sd.get("source")
    if not rates and not per_pos:
        return None
    width = max((len(p) for p in per_pos), default=0)
    pos = [mean(p[i] for p in per_pos if i < len(p)) for i in range(width)]
    return SpecSummary(acceptance_rate=round(mean(rates), 4) if rates else None,
                       mean_accepted_length=round(mean(lengths), 3) if lengths else None,
                       per_position=[round(x, 4) for x in pos], k=k, source=source)


def _column(ci: ColumnInput) -> ColumnSummary:
    units = suite_units(ci.runs)
    rs = list(units.values())
    speeds: dict[str, list[float]] = defaultdict(list)
    meta: dict[str, tuple[str, bool]] = {}
    for rd in ci.runs:
        for k, (v, unit, hib) in run_speed(rd).items():
            speeds[k].append(v)
            meta[k] = (unit, hib)
    speed = {}
    for k, vs in speeds.items():
        m, lo, hi = mean_interval(vs)
        speed[k] = SpeedStat(metric=k, unit=meta[k][0], higher_is_better=meta[k][1], n=len(vs), mean=round(m, 3),
                             low=None if lo is None else round(lo, 3), high=None if hi is None else round(hi, 3),
                             values=[round(v, 3) for v in vs])
    first = ci.runs[0] if ci.runs else None
    status = ci.point.status if ci.point else (first.info.status if first else "no runs")
    return ColumnSummary(
        label=ci.label, run_ids=[r.info.id for r in ci.runs], kinds=sorted({r.info.kind for r in ci.runs}),
        status=status, reason=ci.point.reason if ci.point else None,
        model=first.info.model if first else None, engine=first.stack.engine if first else None,
        engine_version=first.stack.engine_version if first else None,
        fingerprints=sorted({r.stack.fingerprint for r in ci.runs}),
        overall=_rate(rs) if rs else None, by_category=_grouped(rs, "category", CATEGORIES) if rs else {},
        by_tier=_grouped(rs, "tier", TIERS) if rs else {},
        errors=sum(1 for r in rs if r.status == "error"), timeouts=sum(1 for r in rs if r.status == "timeout"),
        speed=speed, spec=_spec(ci.runs), pass_at_1=pass_at_1(rs) if rs else None,
        params=dict(ci.point.point.params) if ci.point else {},
    )


# ------------------------------------------------------------------------------------------ variables


def stack_values(ci: ColumnInput) -> dict[str, Scalar | list[str] | None]:
    """The stack keys of a column: engine facts and settings (volatile ``state.*`` keys left out)."""
    out: dict[str, Scalar | list[str] | None] = {}
    if ci.runs:
        st = ci.runs[0].stack
        out.update({"engine": st.engine, "engine_version": st.engine_version, "models": sorted(st.models),
                    "max_model_len": st.max_model_len})
        for rd in ci.runs:
            for k, v in rd.stack.settings.items():
                if not k.startswith("state."):
                    out.setdefault(k, v)
    elif ci.settings:
        out.update({k: v for k, v in ci.settings.items() if not k.startswith("state.")})
    return out


def variables(cols: list[ColumnInput]) -> Variables:
    """Keys whose values differ between columns. A column with runs counts a missing key as a value
    (None); a point that never started knows only its recipe keys, so its missing keys are not counted."""
    vals = [stack_values(c) for c in cols]
    var = Variables(labels=[c.label for c in cols])
    for k in sorted({k for v in vals for k in v}):
        row = [v.get(k) for v in vals]
        informative = [repr(v.get(k)) for v, c in zip(vals, cols, strict=True) if c.runs or k in v]
        if len(set(informative)) <= 1:
            var.equal[k] = next((x for x in row if x is not None), None)
            continue
        var.differ.append(VariableRow(key=k, values=row))
        if any(k not in v for v, c in zip(vals, cols, strict=True) if c.runs):
            var.only_some.append(k)
    return var


# ------------------------------------------------------------------------------------------ pairs, noise


def _discord(a: dict[Unit, TestResult], b: dict[Unit, TestResult], cat: str | None = None) -> tuple[int, int, int]:
    n = ao = bo = 0
    for u, ra in a.items():
        rb = b.get(u)
        if rb is None or (cat is not None and ra.category != cat):
            continue
        n += 1
        pa, pb = ra.status == "pass", rb.status == "pass"
        ao += pa and not pb
        bo += pb and not pa
    return n, ao, bo


def _repeat_split(units: dict[Unit, TestResult]) -> dict[int, dict[Unit, TestResult]]:
    by: dict[int, dict[Unit, TestResult]] = defaultdict(dict)
    for (t, a, r), res in units.items():
        by[r][(t, a, 0)] = res
    return by


def noise_pairs(cols: list[ColumnInput], units: list[dict[Unit, TestResult]]) -> list[tuple[tuple[int, int] | None, NoisePair]]:
    """Same-stack discordance: repeats inside a column, and column pairs sharing stack and suite."""
    out: list[tuple[tuple[int, int] | None, NoisePair]] = []
    for c, u in zip(cols, units, strict=True):
        reps = _repeat_split(u)
        ks = sorted(reps)
        for i, ri in enumerate(ks):
            for rj in ks[i + 1:]:
                n, ao, bo = _discord(reps[ri], reps[rj])
                if n:
                    out.append((None, NoisePair(source=f"{c.label}: repeat {ri} vs {rj}", units=n, a_only=ao, b_only=bo)))
    sig = [_stack_sig(c) for c in cols]
    for i in range(len(cols)):
        for j in range(i + 1, len(cols)):
            if sig[i] is not None and sig[i] == sig[j]:
                n, ao, bo = _discord(units[i], units[j])
                if n:
                    out.append(((i, j), NoisePair(source=f"{cols[i].label} vs {cols[j].label} (same stack)",
                                                  units=n, a_only=ao, b_only=bo)))
    return out


def _stack_sig(c: ColumnInput) -> tuple[str, ...] | None:
    suites = [r for r in c.runs if r.info.kind == "suite"]
    if not suites:
        return None
    return tuple(sorted({(r.stack.fingerprint + ":" + r.info.suite_hash) for r in suites}))


def _floor(pairs: list[NoisePair]) -> NoiseFloor | None:
    if not pairs:
        return None
    rates = [(p.a_only + p.b_only) / p.units for p in pairs]
    return NoiseFloor(pairs=pairs, mean_rate=round(mean(rates), 4), max_rate=round(max(rates), 4),
                      max_net=max(abs(p.a_only - p.b_only) for p in pairs))


def _flips(a: dict[Unit, TestResult], b: dict[Unit, TestResult]) -> tuple[list[Flip], list[Flip]]:
    ca: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    cb: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for u, ra in a.items():
        rb = b.get(u)
        if rb is None:
            continue
        key = (u[0], u[1])
        ca[key][0] += ra.status == "pass"
        ca[key][1] += 1
        cb[key][0] += rb.status == "pass"
        cb[key][1] += 1
    ab, ba = [], []
    for key in sorted(ca):
        (pa, n), (pb, _) = ca[key], cb[key]
        f = Flip(test_id=key[0], arm=key[1], a=f"{pa}/{n}", b=f"{pb}/{n}")
        if pa > pb:
            ab.append(f)
        elif pb > pa:
            ba.append(f)
    return ab, ba


def _speed_deltas(ca: ColumnSummary, cb: ColumnSummary) -> list[SpeedDelta]:
    out = []
    for k, sa in ca.speed.items():
        sb = cb.speed.get(k)
        if sb is None:
            continue
        d, lo, hi = welch_delta(sa.values, sb.values)
        if lo is None or hi is None:
            verdict = "no interval (no repeats)"
        elif lo <= 0 <= hi:
            verdict = "within noise"
        else:
            better = (d > 0) == sa.higher_is_better
            verdict = "faster" if better else "slower"
        out.append(SpeedDelta(metric=k, unit=sa.unit, a_mean=sa.mean, b_mean=sb.mean, delta=round(d, 3),
                              relative=round(d / sa.mean, 4) if sa.mean else None,
                              low=None if lo is None else round(lo, 3), high=None if hi is None else round(hi, 3),
                              n_a=sa.n, n_b=sb.n, verdict=verdict))
    return out


def _pair(i: int, j: int, cols: list[ColumnInput], sums: list[ColumnSummary], units: list[dict[Unit, TestResult]],
          noise: list[tuple[tuple[int, int] | None, NoisePair]]) -> PairComparison:
    a, b = units[i], units[j]
    same = bool(sums[i].fingerprints) and sums[i].fingerprints == sums[j].fingerprints
    pc = PairComparison(a=cols[i].label, b=cols[j].label, same_stack=same, speed=_speed_deltas(sums[i], sums[j]))
    n, ao, bo = _discord(a, b)
    if n == 0:
        pc.verdict = "no common tests" if (a or b) else ""
        return pc
    p = exact_mcnemar(ao, bo)
    pc.overall = McNemar(scope="overall", units=n, a_only=ao, b_only=bo, p_value=p, significant=p < ALPHA)
    cats = sorted({r.category for r in a.values()}, key=lambda c: (CATEGORIES.index(c) if c in CATEGORIES else 99, c))
    for cat in cats:
        cn, cao, cbo = _discord(a, b, cat)
        if cn:
            cp = exact_mcnemar(cao, cbo)
            pc.by_category.append(McNemar(scope=cat, units=cn, a_only=cao, b_only=cbo, p_value=cp,
                                          significant=cp < ALPHA))
    pc.a_better, pc.b_better = _flips(a, b)
    floor = _floor([np for key, np in noise if key != (i, j)])
    within = floor is not None and abs(ao - bo) <= floor.max_net
    if p < ALPHA and not within:
        pc.verdict = "significantly worse" if bo < ao else "significantly better"
        pc.summary = (f"{cols[j].label} is {pc.verdict} than {cols[i].label}: {ao} tests pass only in "
                      f"{cols[i].label}, {bo} only in {cols[j].label} of {n} (exact McNemar p={p:.3g})")
    else:
        pc.verdict = "not significantly different"
        why = f"exact McNemar p={p:.3g}" if p >= ALPHA else f"p={p:.3g} but the net {abs(ao - bo)} is within the noise floor"
        pc.summary = (f"{cols[j].label} vs {cols[i].label}: not significantly different, not distinguishable from noise "
                      f"({ao} pass only in {cols[i].label}, {bo} only in {cols[j].label} of {n}; {why})")
    return pc


# ------------------------------------------------------------------------------------------ sweep


def _k_of(params: dict[str, Scalar], k_param: str | None) -> int | None:
    if not k_param or k_param not in params:
        return None
    v = params[k_param]
    try:
        return int(v) if v is not None and not isinstance(v, bool) else None
    except (TypeError, ValueError):
        return None


def _sweep(ctx: SweepContext, cols: list[ColumnInput], sums: list[ColumnSummary]) -> SweepView:
    sizes = ctx.capture_sizes
    if sizes is None:
        for c in cols:
            st = c.point.startup if c.point else None
            if st is not None and (st.cudagraph_capture_sizes or st.cuda_graph_batch_sizes):
                sizes = list(st.cudagraph_capture_sizes or st.cuda_graph_batch_sizes or [])
                break
    view = SweepView(sweep_id=ctx.sweep_id, name=ctx.name, design=ctx.design, k_param=ctx.k_param, capture_sizes=sizes)
    ks: list[int] = []
    for c, s in zip(cols, sums, strict=True):
        if c.point is None:
            continue
        k = _k_of(c.point.point.params, ctx.k_param)
        pv = SweepPointView(index=c.point.point.index, name=c.point.point.name, label=c.label, varied=c.point.point.varied,
                            status=c.point.status, reason=c.point.reason, expect=c.point.point.expect,
                            ready_s=c.point.ready_s, k=k, decode_tok_s=s.speed.get("single-stream decode"),
                            spec=s.spec)
        outs = [v for key, v in s.speed.items() if key.startswith("c=") and key.endswith(" output")]
        pv.output_tok_s = max(outs, key=lambda v: int(v.metric.split()[0][2:])) if outs else None
        if k is not None and k >= 1:
            ks.append(k)
            if sizes and c.runs:  # a point that never ran pays no padding
                pv.cudagraph = check_k(k, sizes, batch=ctx.batch)
                pv.padded = not pv.cudagraph.is_capture_size
        view.points.append(pv)
    if ctx.k_param is None:
        view.recommendation = "no speculative-K parameter in this sweep: padding advisor not applicable"
    elif not sizes:
        view.recommendation = ("no CUDA-graph capture sizes in the startup logs (CPU, eager or cudagraphs off): "
                               "padding advisor not applicable")
    else:
        good = recommend_k(sizes, batch=ctx.batch, k_max=max([16, *ks]))
        plus = sorted({ctx.batch * (k + 1) for k in good})
        padded = sorted({p.k for p in view.points if p.padded and p.k is not None})
        view.recommendation = (f"choose K with K+1 in {{{', '.join(map(str, plus))}}} (K in {{{', '.join(map(str, good))}}})"
                               + (f"; padded here: K={', '.join(map(str, padded))}" if padded else ""))
    return view


# ------------------------------------------------------------------------------------------ entry


def compare(cols: list[ColumnInput], sweep: SweepContext | None = None) -> Comparison:
    sums = [_column(c) for c in cols]
    units = [suite_units(c.runs) for c in cols]
    noise = noise_pairs(cols, units)
    pairs = []
    base = next((i for i, c in enumerate(cols) if units[i]), 0)
    for j in range(len(cols)):
        if j != base and (units[base] or units[j] or sums[base].speed or sums[j].speed):
            pairs.append(_pair(base, j, cols, sums, units, noise))
    floor = _floor([np for _k, np in noise])
    if floor is None:
        note = "no repeated runs of the same stack: noise floor unknown (use --repeats or repeat a run)"
    else:
        note = (f"same-stack repeats disagree on {100 * floor.mean_rate:.1f}% of tests on average "
                f"(max {100 * floor.max_rate:.1f}%, max net {floor.max_net}) over {len(floor.pairs)} pair(s)")
    return Comparison(columns=sums, variables=variables(cols), pairs=pairs, noise=floor, noise_note=note,
                      sweep=_sweep(sweep, cols, sums) if sweep else None)
