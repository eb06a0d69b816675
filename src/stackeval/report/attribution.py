"""Attribution analysis and page. Pure: measured design points -> ``AttributionReport`` -> ``Doc``.

- A contrast between two points pairs units (test x repeat): flips are tests whose majority verdict
  changes; the pass-rate change has an exact paired interval (``stats.paired_exact_delta``) and the exact
  McNemar p-value; decode tok/s and TTFT changes have Welch intervals over requests.
- The noise floor is measured: A on a second server, A once more at the end of the design, and A at
  concurrency 1 vs the run's concurrency. A variable has a quality effect only when its p < 0.05 AND it
  flips more tests than any floor measurement did; a speed effect only when its interval excludes 0, the
  interval widened by the server-to-server variation measured on A's servers (a step compares two server
  processes, and on a shared machine two processes of one stack differ by more than their requests'
  spread). Otherwise it is "not distinguishable from noise".
- Factorial (2 or 3 variables): main effects and two-way interactions as per-unit contrasts averaged
  over the other variables' levels, with t intervals.
"""

from __future__ import annotations

import itertools
import math
from statistics import mean, stdev

from stackeval.records.attribution import (
    AttributionPlan,
    AttributionReport,
    Contrast,
    Effect,
    Estimate,
    Flip,
    Interaction,
    MetricDelta,
    NoiseFloor,
    PassDelta,
    PointData,
    Verdict,
)
from stackeval.report.blocks import Doc, Heading, Note, Table, Text, num, pct
from stackeval.report.stats import ALPHA, mean_interval, paired_exact_delta, t_cdf, welch_delta

__all__ = ["attribution_page", "build_attribution", "contrast"]


def _majority(v: list[bool]) -> bool | None:
    k = sum(v)
    if 2 * k == len(v):
        return None
    return 2 * k > len(v)


def _metric(name: str, a: list[float], b: list[float]) -> MetricDelta | None:
    if not a or not b:
        return None
    d, lo, hi = welch_delta(a, b)
    ma = mean(a)
    return MetricDelta(metric=name, n_before=len(a), n_after=len(b), before=ma, after=mean(b), delta=d, low=lo,
                       high=hi, rel=d / ma if ma else None)  # type: ignore[arg-type]


def contrast(before: PointData, after: PointData, label: str, tests: list[str] | None = None,
             noisy: set[str] | None = None) -> Contrast:
    """``after`` against ``before`` over the tests both measured (or ``tests``)."""
    common = sorted(set(before.verdicts) & set(after.verdicts))
    if tests is not None:
        common = [t for t in common if t in set(tests)]
    flips: list[Flip] = []
    unstable: list[str] = []
    b = c = n = pa = pb = 0
    for t in common:
        va, vb = before.verdicts[t], after.verdicts[t]
        for x, y in zip(va, vb, strict=False):
            n += 1
            pa += x
            pb += y
            b += x and not y
            c += y and not x
        ma, mb = _majority(va), _majority(vb)
        if len(set(va)) > 1 or len(set(vb)) > 1:
            unstable.append(t)
        if ma is not None and mb is not None and ma != mb:
            flips.append(Flip(test_id=t, direction="fail->pass" if mb else "pass->fail",
                              before=f"{sum(va)}/{len(va)}", after=f"{sum(vb)}/{len(vb)}",
                              in_noise=t in (noisy or set())))
    pd = None
    if n:
        d, lo, hi, p = paired_exact_delta(b, c, n)
        pd = PassDelta(n=n, only_before=b, only_after=c, rate_before=pa / n, rate_after=pb / n, delta=d, low=lo,
                       high=hi, p=p)
    return Contrast(label=label, before=before.label, after=after.label, flips=flips, unstable=unstable,
                    pass_delta=pd, decode=_metric("decode_tok_s", before.decode_tok_s, after.decode_tok_s),
                    ttft=_metric("ttft_ms", before.ttft_ms, after.ttft_ms))


def _bound(m: MetricDelta | None) -> float | None:
    """The largest |relative change| the rerun's interval allows."""
    if m is None or m.before in (None, 0) or m.low is None or m.high is None:
        return None
    return max(abs(m.low), abs(m.high)) / abs(m.before)  # type: ignore[arg-type]


def _quality(c: Contrast | None, floor: NoiseFloor) -> Verdict:
    if c is None or c.pass_delta is None:
        return "n/a"
    real = [f for f in c.flips if not f.in_noise]
    return "effect" if c.pass_delta.p < ALPHA and len(real) > floor.max_flips else "noise"


def _between_var(groups: list[list[float]]) -> float | None:
    """Server-to-server variance of a mean, from several servers of the same stack (method of moments:
    the variance of their means less the mean squared standard error within them; 0 when negative)."""
    gs = [g for g in groups if len(g) >= 2]
    if len(gs) < 2:
        return None
    means = [mean(g) for g in gs]
    within = mean([stdev(g) ** 2 / len(g) for g in gs])
    return max(0.0, stdev(means) ** 2 - within)


def _widen(m: MetricDelta | None, a: list[float], b: list[float], between: float | None, servers: int) -> None:
    """Replace the Welch interval of a step by one that also counts the variation between two servers of
    the same stack (each side is one server): Var = se_a^2 + se_b^2 + 2 var_between, Satterthwaite df
    (the between-server part has servers - 1 degrees of freedom)."""
    if m is None or m.delta is None or len(a) < 2 or len(b) < 2 or not between:
        return
    from stackeval.report.stats import t_quantile

    comps = [(stdev(a) ** 2 / len(a), len(a) - 1), (stdev(b) ** 2 / len(b), len(b) - 1),
             (2 * between, max(servers - 1, 1))]
    var = sum(v for v, _d in comps)
    df = var * var / sum(v * v / d for v, d in comps if v)
    half = t_quantile(0.975, max(df, 1.0)) * math.sqrt(var)
    m.low, m.high = m.delta - half, m.delta + half


def _speed(m: MetricDelta | None) -> Verdict:
    if m is None or m.low is None or m.high is None or m.rel is None:
        return "n/a"
    if m.low > 0 or m.high < 0:
        return "effect"
    return "noise"


def _t_estimate(xs: list[float]) -> Estimate | None:
    if not xs:
        return None
    m, lo, hi = mean_interval(xs)
    p: float | None = None
    if len(xs) >= 2:
        sd = stdev(xs)
        if sd == 0:
            p = 1.0 if m == 0 else 0.0
            lo, hi = m, m
        else:
            t = m / (sd / math.sqrt(len(xs)))
            p = 2 * (1 - t_cdf(abs(t), len(xs) - 1))
    return Estimate(estimate=m, low=lo, high=hi, p=p, n=len(xs))


def _cells(points: list[PointData], names: list[str]) -> dict[tuple[str, ...], PointData]:
    out: dict[tuple[str, ...], PointData] = {}
    for p in points:
        if all(n in p.levels for n in names):
            out.setdefault(tuple(p.levels[n] for n in names), p)
    return out


def _units(cells: dict[tuple[str, ...], PointData], tests: list[str]) -> list[tuple[str, int]]:
    us: list[tuple[str, int]] = []
    for t in tests:
        reps = [len(p.verdicts.get(t, [])) for p in cells.values()]
        us += [(t, r) for r in range(min(reps) if reps else 0)]
    return us


def _welch_sum(groups: list[tuple[float, list[float]]]) -> Estimate | None:
    """sum(w_i * mean(x_i)) with a Welch-Satterthwaite interval."""
    if any(len(x) < 2 for _w, x in groups):
        return None
    est = sum(w * mean(x) for w, x in groups)
    vs = [(w * w * stdev(x) ** 2 / len(x), len(x)) for w, x in groups]
    var = sum(v for v, _n in vs)
    if var == 0:
        return Estimate(estimate=est, low=est, high=est, p=1.0 if est == 0 else 0.0, n=sum(len(x) for _w, x in groups))
    df = var * var / sum(v * v / (n - 1) for v, n in vs if v) if any(v for v, _n in vs) else 1.0
    from stackeval.report.stats import t_quantile

    half = t_quantile(0.975, max(df, 1.0)) * math.sqrt(var)
    t = est / math.sqrt(var)
    return Estimate(estimate=est, low=est - half, high=est + half, p=2 * (1 - t_cdf(abs(t), max(df, 1.0))),
                    n=sum(len(x) for _w, x in groups))


def _factorial(plan: AttributionPlan, points: list[PointData], tests: list[str], floor: NoiseFloor,
               effects: dict[str, Effect]) -> list[Interaction]:
    names = [v.name for v in plan.variables if v.launchable]
    cells = _cells(points, names)
    if len(cells) < 2 ** len(names):
        return []
    units = _units(cells, tests)
    k = len(names)
    combos = list(itertools.product("AB", repeat=k))

    def y(cell: tuple[str, ...], u: tuple[str, int]) -> float:
        return float(cells[cell].verdicts[u[0]][u[1]])

    def sign(cell: tuple[str, ...], idx: list[int]) -> int:
        return math.prod(1 if cell[i] == "B" else -1 for i in idx)

    scale = 2 ** (k - 1)
    for i, n in enumerate(names):
        if n in effects and units:
            e = effects[n]
            e.main_pass = _t_estimate([sum(sign(cc, [i]) * y(cc, u) for cc in combos) / scale for u in units])
            e.main_decode = _welch_sum([(sign(cc, [i]) / scale, cells[cc].decode_tok_s) for cc in combos])
    out: list[Interaction] = []
    for i, j in itertools.combinations(range(k), 2):
        # y11 - y10 - y01 + y00, averaged over the other variables' levels
        per = [sum(sign(cc, [i, j]) * y(cc, u) for cc in combos) / (scale / 2) for u in units]
        pi = _t_estimate(per) if units else None
        di = _welch_sum([(sign(cc, [i, j]) / (scale / 2), cells[cc].decode_tok_s) for cc in combos])
        q: Verdict = "n/a" if pi is None or pi.p is None else ("effect" if pi.p < ALPHA and pi.estimate != 0 else "noise")
        s: Verdict = "n/a"
        if di is not None and di.low is not None and di.high is not None:
            base = mean(cells[tuple("A" * k)].decode_tok_s) if cells[tuple("A" * k)].decode_tok_s else 0
            rel = abs(di.estimate) / base if base else 0.0
            s = "effect" if (di.low > 0 or di.high < 0) and rel > (floor.decode_rel or 0.0) else "noise"
        pair = [names[i], names[j]]
        words = []
        if q == "effect" and pi is not None:
            words.append(f"pass rate interaction {pi.estimate:+.1%} (p={pi.p:.3g})")
        if s == "effect" and di is not None:
            words.append(f"decode interaction {di.estimate:+.1f} tok/s")
        summary = "; ".join(words) or "no interaction distinguishable from noise"
        out.append(Interaction(variables=pair, pass_rate=pi, decode=di, quality=q, speed=s, summary=summary))
    return out


def build_attribution(plan: AttributionPlan, points: list[PointData], *, rerun: PointData | None = None,
                      conc1: PointData | None = None, floor_base: PointData | None = None,
                      again: PointData | None = None, notes: list[str] | None = None) -> AttributionReport:
    """``points``: the design points as measured (A is the point whose levels are all A). ``rerun``: A on a
    second server; ``conc1``: that server at concurrency 1 (``floor_base``: the same server at the run's
    concurrency; default ``rerun``); ``again``: A once more at the end of the design (drift)."""
    names = [v.name for v in plan.variables if v.launchable]
    by_levels = {tuple(p.levels.get(n, "A") for n in names): p for p in points if p.status == "complete" or p.verdicts}
    a = by_levels.get(tuple("A" for _ in names))
    b = by_levels.get(tuple("B" for _ in names))
    tests = plan.selected or sorted(a.verdicts if a else [])
    rep = AttributionReport(plan=plan, notes=list(notes or []),
                            points=[f"{p.label}: {p.status}" for p in points])
    floor = NoiseFloor()
    noisy: set[str] = set()
    if a is not None and rerun is not None:
        floor.rerun = contrast(a, rerun, "A rerun (second server)", tests)
    if a is not None and again is not None:
        floor.again = contrast(a, again, "A again (end of the design)", tests)
    fb = floor_base or rerun
    if fb is not None and conc1 is not None:
        floor.concurrency = contrast(conc1, fb, f"A at concurrency 1 -> {plan.concurrency}", tests)
    for c in (floor.rerun, floor.again, floor.concurrency):
        if c is not None:
            noisy |= {f.test_id for f in c.flips} | set(c.unstable)
            floor.max_flips = max(floor.max_flips, len(c.flips))
    servers = [p for p in (a, again, rerun) if p is not None]
    floor.servers = len(servers)
    dv = _between_var([p.decode_tok_s for p in servers])
    tv = _between_var([p.ttft_ms for p in servers])
    floor.decode_between_sd = math.sqrt(dv) if dv is not None else None
    floor.ttft_between_sd = math.sqrt(tv) if tv is not None else None
    same = [c for c in (floor.rerun, floor.again) if c is not None]
    floor.decode_rel = max((x for x in (_bound(c.decode) for c in same) if x is not None), default=None)
    floor.ttft_rel = max((x for x in (_bound(c.ttft) for c in same) if x is not None), default=None)
    if a is None:
        rep.notes.append("point A has no results: nothing to attribute")
        rep.floor = floor
        return rep
    if b is not None:
        rep.total = contrast(a, b, "A -> B", tests, noisy)
        ctl = [t for t in plan.controls if t in a.verdicts and t in b.verdicts]
        floor.control_n = len(ctl)
        floor.control_flips = sum(1 for f in rep.total.flips if f.test_id in set(ctl))
    rep.floor = floor
    total_d = rep.total.pass_delta.delta if rep.total and rep.total.pass_delta else None
    total_s = rep.total.decode.delta if rep.total and rep.total.decode else None
    effects: dict[str, Effect] = {}
    for v in plan.variables:
        e = Effect(variable=v)
        if not v.launchable:
            e.summary = f"not varied: {v.note}" if v.note else "not varied"
            rep.effects.append(e)
            continue
        step = by_levels.get(tuple("B" if n == v.name else "A" for n in names))
        if step is None:
            e.summary = "its step from A was not measured"
        else:
            e.step = contrast(a, step, f"A -> A + {v.name}={v.b}", tests, noisy)
            _widen(e.step.decode, a.decode_tok_s, step.decode_tok_s, dv, len(servers))
            _widen(e.step.ttft, a.ttft_ms, step.ttft_ms, tv, len(servers))
            e.quality = _quality(e.step, floor)
            e.speed = _speed(e.step.decode)
            e.ttft = _speed(e.step.ttft)
            pd = e.step.pass_delta
            if pd is not None and total_d:
                e.share_pass = pd.delta / total_d
            if e.step.decode and e.step.decode.delta is not None and total_s:
                e.share_decode = e.step.decode.delta / total_s
            e.summary = _summary(e)
        effects[v.name] = e
        rep.effects.append(e)
    if plan.design == "factorial" and 2 <= len(names) <= 3:
        rep.interactions = _factorial(plan, points, tests, floor, effects)
    return rep


def _summary(e: Effect) -> str:
    s = e.step
    assert s is not None
    parts = []
    if e.quality == "effect" and s.pass_delta is not None:
        up = sum(f.direction == "fail->pass" for f in s.flips)
        down = len(s.flips) - up
        parts.append(f"flips {len(s.flips)} test(s) ({up} fail->pass, {down} pass->fail), pass rate "
                     f"{s.pass_delta.delta:+.1%} (p={s.pass_delta.p:.3g})")
    elif e.quality == "noise":
        parts.append("pass rate: not distinguishable from noise")
    if e.speed == "effect" and s.decode is not None and s.decode.rel is not None:
        parts.append(f"decode {s.decode.rel:+.0%}")
    elif e.speed == "noise":
        parts.append("decode speed: not distinguishable from noise")
    if e.ttft == "effect" and s.ttft is not None and s.ttft.rel is not None:
        parts.append(f"TTFT {s.ttft.rel:+.0%}")
    if e.quality != "effect" and e.speed != "effect" and e.ttft != "effect":
        return "not distinguishable from noise"
    return "; ".join(parts)


# --------------------------------------------------------------------------- the page


def _iv(lo: float | None, hi: float | None, fmt: str = "{:+.1%}") -> str:
    return "–" if lo is None or hi is None else f"[{fmt.format(lo)}, {fmt.format(hi)}]"


def _pass_cells(c: Contrast | None) -> list[object]:
    pd = c.pass_delta if c else None
    if pd is None:
        return ["–", "–", "–"]
    return [f"{pd.delta:+.1%}", _iv(pd.low, pd.high), f"{pd.p:.3g}"]


def _metric_cells(m: MetricDelta | None, nd: int = 1) -> list[object]:
    if m is None or m.delta is None:
        return ["–", "–"]
    rel = f" ({m.rel:+.0%})" if m.rel is not None else ""
    return [f"{m.delta:+.{nd}f}{rel}", _iv(m.low, m.high, "{:+." + str(nd) + "f}")]


def _flips(c: Contrast | None) -> str:
    if c is None or not c.flips:
        return "none"
    return "; ".join(f"{f.test_id} {f.direction} ({f.before}->{f.after}){' [also in noise]' if f.in_noise else ''}"
                     for f in c.flips)


def _contrast_row(c: Contrast) -> list[object]:
    return [c.label, len(c.flips), *_pass_cells(c), *_metric_cells(c.decode), *_metric_cells(c.ttft, 0)]


HEAD = ["comparison", "flips", "Δ pass", "95% exact", "p", "Δ decode tok/s", "95%", "Δ TTFT ms", "95%"]


def attribution_page(rep: AttributionReport) -> Doc:
    plan = rep.plan
    doc = Doc(f"Attribution {plan.id}: {plan.a_label} -> {plan.b_label}")
    wl = []
    if plan.profile:
        wl.append(f"profile {plan.profile}: {len(plan.selected)} tests ({len(plan.flipped)} whose verdict differs "
                  f"between A and B, {len(plan.controls)} controls), repeats {plan.repeats}, concurrency "
                  f"{plan.concurrency}")
    if plan.bench is not None:
        wl.append(f"bench {plan.bench.title()}")
    doc.blocks.append(Text(f"Design {plan.design}, {len(plan.points)} points; workload: {'; '.join(wl) or 'none'}."))
    doc.blocks.append(Heading("Variables that differ"))
    doc.blocks.append(Table(["variable", "kind", "A", "B", "varied"],
                            [[v.name, v.kind, v.a, v.b, "yes" if v.launchable else f"no: {v.note}"]
                             for v in plan.variables]))
    doc.blocks.append(Heading("Effects"))
    rows, cls = [], []
    for e in rep.effects:
        s = e.step
        rows.append([e.variable.name, e.summary, len(s.flips) if s else "–", *_pass_cells(s),
                     *_metric_cells(s.decode if s else None), *_metric_cells(s.ttft if s else None, 0),
                     pct(e.share_pass) if e.share_pass is not None else "–"])
        cls.append("good" if "effect" in (e.quality, e.speed, e.ttft) else "")
    doc.blocks.append(Table(["variable", "verdict", "flips", "Δ pass", "95% exact", "p", "Δ decode tok/s", "95%",
                             "Δ TTFT ms", "95%", "share of A->B"], rows, cls,
                            caption="each variable's step from A (only it set to B's value)"))
    for e in rep.effects:
        if e.step is not None and e.step.flips:
            doc.blocks.append(Text(f"{e.variable.name}: {_flips(e.step)}"))
    noise = [e.variable.name for e in rep.effects if e.variable.launchable and e.step is not None
             and "effect" not in (e.quality, e.speed, e.ttft)]
    if noise:
        doc.blocks.append(Note(f"Not distinguishable from noise: {', '.join(noise)}.", "info"))
    if any(e.main_pass is not None for e in rep.effects):
        doc.blocks.append(Heading("Main effects (factorial, averaged over the other variables)", 3))
        doc.blocks.append(Table(["variable", "Δ pass", "95% t", "p", "Δ decode tok/s", "95%"], [
            [e.variable.name, f"{e.main_pass.estimate:+.1%}" if e.main_pass else "–",
             _iv(e.main_pass.low, e.main_pass.high) if e.main_pass else "–",
             f"{e.main_pass.p:.3g}" if e.main_pass and e.main_pass.p is not None else "–",
             num(e.main_decode.estimate) if e.main_decode else "–",
             _iv(e.main_decode.low, e.main_decode.high, "{:+.1f}") if e.main_decode else "–"]
            for e in rep.effects if e.variable.launchable]))
    if rep.interactions:
        doc.blocks.append(Heading("Interactions"))
        doc.blocks.append(Table(["variables", "verdict", "pass contrast", "95% t", "p", "decode contrast tok/s", "95%"], [
            [" x ".join(i.variables), i.summary,
             f"{i.pass_rate.estimate:+.1%}" if i.pass_rate else "–",
             _iv(i.pass_rate.low, i.pass_rate.high) if i.pass_rate else "–",
             f"{i.pass_rate.p:.3g}" if i.pass_rate and i.pass_rate.p is not None else "–",
             num(i.decode.estimate) if i.decode else "–",
             _iv(i.decode.low, i.decode.high, "{:+.1f}") if i.decode else "–"] for i in rep.interactions],
            ["good" if "effect" in (i.quality, i.speed) else "" for i in rep.interactions]))
    doc.blocks.append(Heading("Noise floor (measured)"))
    fl = rep.floor
    rows = [_contrast_row(c) for c in (fl.rerun, fl.again, fl.concurrency) if c is not None]
    if rep.total is not None:
        rows.append(_contrast_row(rep.total))
    doc.blocks.append(Table(HEAD, rows))
    doc.blocks.append(Text(
        f"A variable counts as an effect on pass rate only with p < {ALPHA} and more flipped tests than any floor "
        f"measurement ({fl.max_flips}); on speed only when its interval excludes 0, the interval "
        f"widened by the server-to-server variation of {fl.servers} servers of A (SD of mean decode "
        f"{num(fl.decode_between_sd, 2)} tok/s, of mean TTFT {num(fl.ttft_between_sd, 0)} ms). Control tests flipping "
        f"A -> B: {fl.control_flips} of {fl.control_n}."))
    if rep.total is not None:
        doc.blocks.append(Text(f"A -> B flips: {_flips(rep.total)}"))
    doc.blocks.append(Heading("Points", 3))
    doc.blocks.append(Text("; ".join(rep.points) or "none"))
    for n in rep.notes:
        doc.blocks.append(Note(n, "warn"))
    return doc
