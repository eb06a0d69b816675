"""The page of a comparison (``Comparison`` -> ``Doc``): headline verdicts, runs side by side, the sweep
with its padding advisor and charts, the variables that differ, the difficulty gradient, flips and
McNemar tests per pair, the noise floor and pass@1 over repeats. Pure."""

from __future__ import annotations

from typing import Any

from stackeval.records.comparison import Comparison
from stackeval.report.blocks import Block, Chart, Doc, Heading, Note, Table, Text, cell, ci, num, pct, stat
from stackeval.report.charts import bar_chart, line_chart
from stackeval.report.resources import memory_blocks

__all__ = ["comparison_page"]


def _headline(cmp: Comparison) -> list[Block]:
    out: list[Block] = []
    for p in cmp.pairs:
        if p.summary:
            kind = "bad" if p.verdict == "significantly worse" else "good" if p.verdict == "significantly better" else "info"
            out.append(Note(p.summary + (" (same stack)" if p.same_stack else ""), kind))
    out.append(Note("noise floor: " + cmp.noise_note, "info"))
    for c in cmp.columns:
        if c.status in ("failed_to_start", "crashed"):
            out.append(Note(f"{c.label}: {c.status.replace('_', ' ')}: {c.reason}", "bad"))
    return out


def _cross_table(cmp: Comparison) -> Table:
    cats = sorted({k for c in cmp.columns for k in c.by_category}, key=lambda k: [x for c in cmp.columns for x in c.by_category].index(k))
    speed_keys = []
    for c in cmp.columns:
        for k in c.speed:
            if k not in speed_keys:
                speed_keys.append(k)
    # the settings that differ, most telling first (the whole command is in the variables table)
    # (engine_version has its own column)
    key_rows = sorted((r for r in cmp.variables.differ if r.key not in ("serve.command", "engine_version")),
                      key=lambda r: (not r.key.startswith("serve.flags."), r.key))[:6]
    differ = [r.key for r in key_rows]
    rows, classes = [], []
    for i, c in enumerate(cmp.columns):
        row: list[Any] = [c.label, c.status + (f": {c.reason}" if c.reason else ""), c.model, c.engine_version]
        row += [cell(r.values[i]) for r in key_rows]
        row += [pct(c.by_category[k].rate) if k in c.by_category else "–" for k in cats]
        row += [f"{c.overall.passed}/{c.overall.total} {pct(c.overall.rate)}" if c.overall else "–", c.errors]
        row += [stat(c.speed.get(k)) for k in speed_keys]
        rows.append(row)
        classes.append("bad" if c.status in ("failed_to_start", "crashed") else "")
    return Table(["column", "status", "model", "engine version", *differ, *cats, "overall", "errors",
                  *[f"{k} ({cmp.columns[0].speed[k].unit if k in cmp.columns[0].speed else ''})" for k in speed_keys]],
                 rows, classes)


def _variables_blocks(cmp: Comparison) -> list[Block]:
    v = cmp.variables
    out: list[Block] = [Heading("Variables that differ")]
    if v.differ:
        out.append(Table(["key", *v.labels], [[r.key, *r.values] for r in v.differ],
                         ["warn" if r.key in v.only_some else "" for r in v.differ]))
    else:
        out.append(Text("no stack variable differs"))
    keys = sorted(v.equal)
    out.append(Text(f"{len(keys)} keys are equal everywhere: " + ", ".join(keys[:40]) + (" ..." if len(keys) > 40 else "")))
    return out


def _pair_blocks(cmp: Comparison) -> list[Block]:
    out: list[Block] = []
    for p in cmp.pairs:
        out.append(Heading(f"{p.b} vs {p.a}", 3))
        if p.overall:
            ms = [p.overall, *p.by_category]
            out.append(Table(["scope", "units", f"pass only in {p.a}", f"pass only in {p.b}", "exact McNemar p", "significant"],
                             [[m.scope, m.units, m.a_only, m.b_only, m.p_value, m.significant] for m in ms],
                             ["bad" if m.significant and m.b_only < m.a_only else "good" if m.significant else "" for m in ms]))
            flips = [[f.test_id, f.arm, f.a, f.b, f"{p.a} better"] for f in p.a_better]
            flips += [[f.test_id, f.arm, f.a, f.b, f"{p.b} better"] for f in p.b_better]
            out.append(Table(["test", "arm", p.a, p.b, "flip"], flips) if flips else Text("no per-test flips"))
        if p.speed:
            out.append(Table(["speed metric", "unit", p.a, p.b, "delta", "relative", "95% interval", "verdict"],
                             [[s.metric, s.unit, s.a_mean, s.b_mean, s.delta, pct(s.relative),
                               "–" if s.low is None else f"[{s.low:.2f}, {s.high:.2f}]", s.verdict] for s in p.speed]))
    return out


def _sweep_blocks(cmp: Comparison) -> list[Block]:
    sw = cmp.sweep
    if sw is None:
        return []
    out: list[Block] = [Heading(f"Sweep {sw.name} ({sw.sweep_id}, {sw.design})")]
    rows, classes = [], []
    for p in sw.points:
        sp = p.spec
        rows.append([p.index, p.name, p.status + (" (expected)" if p.expect == "fail" and p.status == "failed_to_start" else ""),
                     p.reason, p.k, stat(p.decode_tok_s), stat(p.output_tok_s),
                     pct(sp.acceptance_rate) if sp else "–", num(sp.mean_accepted_length, 2) if sp else "–",
                     p.cudagraph.note if p.cudagraph else "–", num(p.ready_s, 1)])
        classes.append("bad" if p.status in ("failed_to_start", "crashed") else "padded" if p.padded else "")
    out.append(Table(["#", "point", "status", "reason", "K", "single-stream decode tok/s", "output tok/s (max c)",
                      "acceptance", "mean accepted length", "CUDA graphs", "ready s"], rows, classes))
    out.append(Note(sw.recommendation, "warn" if any(p.padded for p in sw.points) else "info"))
    labels = [f"K={p.k}" if p.k is not None and set(p.varied) <= {sw.k_param} else p.label for p in sw.points]
    vals = [p.decode_tok_s.mean if p.decode_tok_s else None for p in sw.points]
    if any(v is not None for v in vals):
        title = "K sweep: single-stream decode" if sw.k_param else "single-stream decode per point"
        errs = [(p.decode_tok_s.low, p.decode_tok_s.high) if p.decode_tok_s and p.decode_tok_s.low is not None else None
                for p in sw.points]
        out.append(Chart(title + " (hatched: K+1 not a capture size)" if any(p.padded for p in sw.points) else title,
                         bar_chart(labels, vals, title=title, ylabel="tok/s", hatched=[bool(p.padded) for p in sw.points],
                                   errors=errs, notes=[p.status.replace("_", " ") for p in sw.points]),  # type: ignore[arg-type]
                         Table(["point", "decode tok/s", "padded"],
                               [[lab, v, p.padded] for lab, v, p in zip(labels, vals, sw.points, strict=True)],
                               ["padded" if p.padded else "" for p in sw.points])))
    curves = [(p.label, p.spec.per_position) for p in sw.points if p.spec and p.spec.per_position]
    if curves:
        width = max(len(c) for _n, c in curves)
        out.append(Chart("per-position acceptance",
                         line_chart([str(i) for i in range(width)],
                                    [(n, [100 * c[i] if i < len(c) else None for i in range(width)]) for n, c in curves],
                                    title="per-position acceptance", ylabel="accepted (%)", ymax=100),
                         Table(["point", *[f"pos {i}" for i in range(width)]],
                               [[n, *[pct(c[i]) if i < len(c) else "–" for i in range(width)]] for n, c in curves])))
    return out


def comparison_page(cmp: Comparison, title: str | None = None) -> Doc:
    n = len(cmp.columns)
    default = f"stackeval sweep: {cmp.sweep.name}" if cmp.sweep else f"stackeval comparison: {n} column{'' if n == 1 else 's'}"
    doc = Doc(title or default)
    doc.blocks += _headline(cmp)
    doc.blocks += [Heading("Runs side by side"), _cross_table(cmp)]
    doc.blocks += _sweep_blocks(cmp)
    doc.blocks += memory_blocks(cmp.memory)
    doc.blocks += _variables_blocks(cmp)
    tiers = sorted({t for c in cmp.columns for t in c.by_tier}, key=lambda t: [x for c in cmp.columns for x in c.by_tier].index(t))
    with_suite = [c for c in cmp.columns if c.by_tier]
    if tiers and with_suite:
        doc.blocks.append(Heading("Difficulty gradient"))
        series = [(c.label, [100 * (c.by_tier[t].rate or 0) if t in c.by_tier else None for t in tiers]) for c in with_suite]
        doc.blocks.append(Chart("pass rate by tier", line_chart(tiers, series, title="pass rate by tier", ylabel="pass rate (%)", ymax=100),
                                Table(["column", *tiers], [[n, *[num(v) for v in vs]] for n, vs in series])))
    if cmp.pairs:
        doc.blocks += [Heading("Differences and flips"), *_pair_blocks(cmp)]
    doc.blocks.append(Heading("Noise floor"))
    if cmp.noise:
        doc.blocks.append(Table(["same-stack pair", "units", "pass only in first", "pass only in second"],
                                [[p.source, p.units, p.a_only, p.b_only] for p in cmp.noise.pairs]))
    doc.blocks.append(Text(cmp.noise_note))
    reps = [c for c in cmp.columns if c.pass_at_1 and c.pass_at_1.max_repeats > 1]
    if reps:
        doc.blocks += [Heading("Repeats: pass@1"),
                       Table(["column", "tests", "repeats", "pass@1", "95% CI", "unstable tests"],
                             [[c.label, c.pass_at_1.tests, c.pass_at_1.max_repeats, pct(c.pass_at_1.mean),  # type: ignore[union-attr]
                               ci(c.pass_at_1.low, c.pass_at_1.high),  # type: ignore[union-attr]
                               ", ".join(f"{u.test_id} {u.passed}/{u.n}" for u in c.pass_at_1.unstable) or "none"]  # type: ignore[union-attr]
                              for c in reps])]
    return doc
