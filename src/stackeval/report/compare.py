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

from collections import defaultdict
from statistics import mean, median

from stackeval.perf.cudagraph import check_k, recommend_k
from stackeval.records.comparison import (
    ColumnSummary,
    Comparison,
    Flip,
    McNemar,
    NoiseFloor,
    NoisePair,
    PairComparison,
    SpecSummary,
    SpeedDelta,
    SpeedStat,
    SweepPointView,
    SweepView,
    VariableRow,
    Variables,
)
from stackeval.records.items import CATEGORIES, TIERS
from stackeval.records.run import TestResult
from stackeval.records.stack import Scalar
from stackeval.records.sweep import ColumnInput, RunData, SweepContext
from stackeval.report.resources import memory_comparison
from stackeval.report.stats import ALPHA, exact_mcnemar, mean_interval, welch_delta
from stackeval.report.suite_report import bench_document
from stackeval.report.summary import grouped_rates, pass_at_1, rate
from stackeval.report.truncation import budget_variables

__all__ = ["compare", "noise_pairs", "run_speed", "stack_values", "suite_units", "variables"]


# ------------------------------------------------------------------------------------------ columns


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


def run_speed(rd: RunData) -> dict[str, tuple[float, str, bool]]:
    """Scalar speed figures of one run: metric -> (value, unit, higher is better)."""
    out: dict[str, tuple[float, str, bool]] = {}
    bench = bench_document(rd.docs) if rd.info.kind == "bench" else None
    if bench is not None:
        ss = bench.single_stream
        if ss is not None and ss.decode_tok_s.median is not None:
            out["single-stream decode"] = (ss.decode_tok_s.median, "tok/s", True)
        if ss is not None and ss.ttft_ms.p50 is not None:
            out["single-stream TTFT p50"] = (ss.ttft_ms.p50, "ms", False)
        for lv in bench.levels:
            if lv.output_tok_s is not None:
                out[f"c={lv.concurrency} output"] = (lv.output_tok_s, "tok/s", True)
            if lv.ttft_ms.p50 is not None:
                out[f"c={lv.concurrency} TTFT p50"] = (lv.ttft_ms.p50, "ms", False)
    elif rd.info.kind == "suite":
        dec = [r.decode_tok_s for r in rd.results if r.decode_tok_s is not None]
        ttft = [r.ttft_ms for r in rd.results if r.ttft_ms is not None]
        if dec:
            out["suite decode (median)"] = (float(median(dec)), "tok/s", True)
        if ttft:
            out["suite TTFT (median)"] = (float(median(ttft)), "ms", False)
    return out


def _spec(runs: list[RunData]) -> SpecSummary | None:
    rates: list[float] = []
    lengths: list[float] = []
    per_pos: list[list[float]] = []
    k: int | None = None
    source: str | None = None
    for rd in runs:
        bench = bench_document(rd.docs) if rd.info.kind == "bench" else None
        sd = bench.spec_decode if bench is not None else None
        if sd is None:
            continue
        if sd.acceptance_rate is not None:
            rates.append(sd.acceptance_rate)
        if sd.mean_accepted_length is not None:
            lengths.append(sd.mean_accepted_length)
        if sd.per_position:
            per_pos.append(list(sd.per_position))
        k = k or sd.k
        source = source or sd.source
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
        overall=rate(rs) if rs else None, by_category=grouped_rates(rs, "category", CATEGORIES) if rs else {},
        by_tier=grouped_rates(rs, "tier", TIERS) if rs else {},
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
            if rd.info.kind == "suite":  # token budgets and thinking arm: runs with different budgets differ
                for k, v in budget_variables(rd.info.spec).items():
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
                      sweep=_sweep(sweep, cols, sums) if sweep else None, memory=memory_comparison(cols))
