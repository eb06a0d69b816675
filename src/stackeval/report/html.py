"""The one renderer for run reports and comparisons: a report is built as a list of blocks (headings,
text, notes, tables, charts), then written as Markdown or as one self-contained HTML file (inline CSS,
charts as SVG images embedded as data URIs, no scripts, no external resources). Pure.

Charts are drawn here as SVG (no plotting dependency); in Markdown a chart is written as its data table.
"""

from __future__ import annotations

import base64
import html
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from stackeval.records.run import RunInfo, TestResult
from stackeval.records.stack import StackProfile
from stackeval.report.compare import Comparison, pass_at_1
from stackeval.report.suite_report import build_report

__all__ = ["Doc", "Heading", "Text", "Note", "Table", "Chart", "render", "render_run", "render_comparison",
           "run_document", "comparison_document", "bar_chart", "line_chart"]


# ------------------------------------------------------------------------------------------ blocks


@dataclass
class Heading:
    text: str
    level: int = 2


@dataclass
class Text:
    text: str


@dataclass
class Note:
    text: str
    kind: Literal["info", "good", "bad", "warn"] = "info"


@dataclass
class Table:
    headers: list[str]
    rows: list[list[Any]]
    row_class: list[str] = field(default_factory=list)  # per row: "", "bad", "padded", ...
    caption: str = ""


@dataclass
class Chart:
    title: str
    svg: str
    data: Table


Block = Heading | Text | Note | Table | Chart


@dataclass
class Doc:
    title: str
    blocks: list[Block] = field(default_factory=list)


# ------------------------------------------------------------------------------------------ formatting


def _cell(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.4g}" if abs(v) < 1e4 else f"{v:.0f}"
    if isinstance(v, (list, dict)):
        return json.dumps(v, default=str)
    return str(v)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _ci(lo: float | None, hi: float | None) -> str:
    return "–" if lo is None or hi is None else f"{100 * lo:.0f}–{100 * hi:.0f}%"


def _num(x: float | None, nd: int = 1) -> str:
    return "–" if x is None else f"{x:.{nd}f}"


def _stat(s: Any) -> str:
    if s is None:
        return "–"
    iv = f" [{s.low:.1f}, {s.high:.1f}]" if s.low is not None and s.high is not None else ""
    return f"{s.mean:.1f}{iv} (n={s.n})"


# ------------------------------------------------------------------------------------------ SVG charts

_PALETTE = ("#3366cc", "#dc3912", "#ff9900", "#109618", "#990099", "#0099c6", "#dd4477", "#66aa00", "#b82e2e", "#316395")
_W, _H, _L, _R, _T, _B = 680, 320, 64, 16, 36, 64


def _esc(s: str) -> str:
    return html.escape(str(s), quote=True)


def _svg(body: str, title: str, w: int = _W, h: int = _H) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            f'font-family="sans-serif" font-size="11"><rect width="{w}" height="{h}" fill="#fff"/>'
            f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">{_esc(title)}</text>'
            f"{body}</svg>")


def _axis(ymax: float, ylabel: str, w: int = _W, h: int = _H) -> str:
    out = []
    ph = h - _T - _B
    for i in range(5):
        v = ymax * i / 4
        y = _T + ph - ph * i / 4
        out.append(f'<line x1="{_L}" x2="{w - _R}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
                   f'<text x="{_L - 6}" y="{y + 4:.1f}" text-anchor="end">{v:.3g}</text>')
    out.append(f'<line x1="{_L}" x2="{_L}" y1="{_T}" y2="{_T + ph}" stroke="#333"/>'
               f'<line x1="{_L}" x2="{w - _R}" y1="{_T + ph}" y2="{_T + ph}" stroke="#333"/>'
               f'<text transform="translate(14,{_T + ph / 2:.0f}) rotate(-90)" text-anchor="middle">{_esc(ylabel)}</text>')
    return "".join(out)


def _nice_max(vals: list[float]) -> float:
    m = max([v for v in vals if v is not None] or [1.0])
    if m <= 0:
        return 1.0
    for step in (1, 2, 2.5, 5, 10):
        mag = 10 ** int(f"{m:e}".split("e")[1])
        if m <= step * mag:
            return step * mag
    return m


def bar_chart(labels: list[str], values: list[float | None], *, title: str, ylabel: str,
              hatched: list[bool] | None = None, errors: list[tuple[float, float] | None] | None = None,
              ymax: float | None = None, notes: list[str] | None = None) -> str:
    """Bars with optional error bars; hatched bars get a diagonal pattern; a None value shows its note."""
    top = ymax or _nice_max([v for v in values if v is not None] + [e[1] for e in errors or [] if e])
    ph, pw = _H - _T - _B, _W - _L - _R
    n = max(1, len(labels))
    slot = pw / n
    bw = slot * 0.6
    body = ['<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
            '<rect width="8" height="8" fill="#9db7e8"/><line x1="0" y1="0" x2="0" y2="8" stroke="#1a3d7c" stroke-width="3"/>'
            "</pattern></defs>", _axis(top, ylabel)]
    for i, (lab, v) in enumerate(zip(labels, values, strict=True)):
        x = _L + slot * i + (slot - bw) / 2
        cx = x + bw / 2
        err = errors[i] if errors and i < len(errors) else None
        if v is not None:
            hgt = ph * min(v, top) / top
            label_at = ph * min(max(v, err[1] if err else v), top) / top  # above the error bar, if any
            fill = "url(#hatch)" if hatched and hatched[i] else _PALETTE[0]
            body.append(f'<rect x="{x:.1f}" y="{_T + ph - hgt:.1f}" width="{bw:.1f}" height="{hgt:.1f}" fill="{fill}" '
                        f'stroke="#1a3d7c"><title>{_esc(lab)}: {v:.3g}</title></rect>'
                        f'<text x="{cx:.1f}" y="{max(_T + 10, _T + ph - label_at - 4):.1f}" text-anchor="middle">{v:.3g}</text>')
        else:
            note = (notes[i] if notes and i < len(notes) else "") or "n/a"
            body.append(f'<text x="{cx:.1f}" y="{_T + ph - 6:.1f}" text-anchor="middle" fill="#b00">{_esc(note)}</text>')
        if err:
            lo, hi = err
            y1, y2 = _T + ph - ph * min(lo, top) / top, _T + ph - ph * min(hi, top) / top
            body.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y1:.1f}" y2="{y2:.1f}" stroke="#000"/>'
                        f'<line x1="{cx - 5:.1f}" x2="{cx + 5:.1f}" y1="{y1:.1f}" y2="{y1:.1f}" stroke="#000"/>'
                        f'<line x1="{cx - 5:.1f}" x2="{cx + 5:.1f}" y1="{y2:.1f}" y2="{y2:.1f}" stroke="#000"/>')
        body.append(f'<text x="{cx:.1f}" y="{_T + ph + 14}" text-anchor="middle">{_esc(lab[:22])}</text>')
    if hatched and any(hatched):
        body.append(f'<rect x="{_W - 200}" y="{_H - 22}" width="14" height="10" fill="url(#hatch)" stroke="#1a3d7c"/>'
                    f'<text x="{_W - 182}" y="{_H - 13}">K+1 not a capture size (padded)</text>')
    return _svg("".join(body), title)


def line_chart(xlabels: list[str], series: list[tuple[str, list[float | None]]], *, title: str, ylabel: str,
               ymax: float | None = None) -> str:
    top = ymax or _nice_max([v for _n, vs in series for v in vs if v is not None])
    ph, pw = _H - _T - _B, _W - _L - _R
    n = max(1, len(xlabels))
    step = pw / n
    body = [_axis(top, ylabel)]
    for i, lab in enumerate(xlabels):
        body.append(f'<text x="{_L + step * (i + 0.5):.1f}" y="{_T + ph + 14}" text-anchor="middle">{_esc(lab[:16])}</text>')
    for si, (name, vs) in enumerate(series):
        color = _PALETTE[si % len(_PALETTE)]
        dx = (si - (len(series) - 1) / 2) * 3.0  # a small offset keeps equal series visible
        pts = [(_L + step * (i + 0.5) + dx, _T + ph - ph * min(v, top) / top) for i, v in enumerate(vs) if v is not None]
        if len(pts) > 1:
            body.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="'
                        + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts) + '"/>')
        for x, y in pts:
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{color}"/>')
        lx, ly = _L + (si % 4) * 150, _H - _B + 30 + (si // 4) * 14
        body.append(f'<rect x="{lx}" y="{ly - 9}" width="12" height="4" fill="{color}"/>'
                    f'<text x="{lx + 16}" y="{ly - 4}">{_esc(name[:20])}</text>')
    return _svg("".join(body), title, _W, _H + 14 * ((len(series) - 1) // 4))


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


# ------------------------------------------------------------------------------------------ writers

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:1200px;color:#222;padding:0 1rem}
h1{font-size:1.6rem;border-bottom:2px solid #3366cc;padding-bottom:.3rem}h2{font-size:1.25rem;margin-top:2rem}
h3{font-size:1.05rem}table{border-collapse:collapse;margin:.6rem 0;font-size:.85rem;display:block;overflow-x:auto}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}th{background:#eef2fa}
tr.bad td{background:#fde8e8}tr.padded td{background:repeating-linear-gradient(45deg,#fff,#fff 6px,#e6ecf7 6px,#e6ecf7 12px)}
tr.good td{background:#e8f6e8}.note{padding:.5rem .8rem;border-left:4px solid #3366cc;background:#f3f6fc;margin:.6rem 0}
.note.bad{border-color:#c62828;background:#fdecec}.note.good{border-color:#2e7d32;background:#edf7ee}
.note.warn{border-color:#e69500;background:#fff6e5}figure{margin:1rem 0}figcaption{font-size:.8rem;color:#555}
details{margin:.4rem 0}code{background:#f4f4f4;padding:0 .2rem}
"""


def _html_table(t: Table) -> str:
    head = "".join(f"<th>{_esc(h)}</th>" for h in t.headers)
    rows = []
    for i, r in enumerate(t.rows):
        cls = t.row_class[i] if i < len(t.row_class) and t.row_class[i] else ""
        rows.append(f'<tr class="{cls}">' if cls else "<tr>")
        rows.append("".join(f"<td>{_esc(_cell(v))}</td>" for v in r) + "</tr>")
    cap = f"<caption>{_esc(t.caption)}</caption>" if t.caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def to_html(doc: Doc) -> str:
    parts = [f"<h1>{_esc(doc.title)}</h1>"]
    for b in doc.blocks:
        if isinstance(b, Heading):
            parts.append(f"<h{b.level}>{_esc(b.text)}</h{b.level}>")
        elif isinstance(b, Text):
            parts.append(f"<p>{_esc(b.text)}</p>")
        elif isinstance(b, Note):
            parts.append(f'<div class="note {b.kind}">{_esc(b.text)}</div>')
        elif isinstance(b, Table):
            parts.append(_html_table(b))
        elif isinstance(b, Chart):
            parts.append(f'<figure><img src="{_data_uri(b.svg)}" alt="{_esc(b.title)}" width="{_W}">'
                         f"<figcaption>{_esc(b.title)}</figcaption><details><summary>data</summary>"
                         f"{_html_table(b.data)}</details></figure>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{_esc(doc.title)}</title>"
            f"<style>{_CSS}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")


def _md_cell(v: Any) -> str:
    return _cell(v).replace("|", "\\|").replace("\n", " ")


def _md_table(t: Table) -> list[str]:
    out = ["| " + " | ".join(t.headers) + " |", "|" + "|".join("---" for _ in t.headers) + "|"]
    for i, r in enumerate(t.rows):
        mark = " (padded)" if i < len(t.row_class) and t.row_class[i] == "padded" else ""
        cells = [_md_cell(v) for v in r]
        if mark and cells:
            cells[0] += mark
        out.append("| " + " | ".join(cells) + " |")
    return out


def to_markdown(doc: Doc) -> str:
    L = [f"# {doc.title}", ""]
    for b in doc.blocks:
        if isinstance(b, Heading):
            L += ["#" * b.level + " " + b.text, ""]
        elif isinstance(b, Text):
            L += [b.text, ""]
        elif isinstance(b, Note):
            L += [f"> {'**' + b.kind + ':** ' if b.kind in ('bad', 'warn') else ''}{b.text}", ""]
        elif isinstance(b, Table):
            L += [*_md_table(b), ""]
        elif isinstance(b, Chart):
            L += [f"*Chart: {b.title}* (drawn in the HTML report)", "", *_md_table(b.data), ""]
    return "\n".join(L).rstrip() + "\n"


def render(doc: Doc, fmt: str) -> str:
    if fmt == "html":
        return to_html(doc)
    if fmt == "md":
        return to_markdown(doc)
    raise ValueError(f"unknown format {fmt!r}")


# ------------------------------------------------------------------------------------------ run report


def _rate_rows(rows: list[dict[str, Any]], key: str) -> Table:
    return Table([key, "pass", "total", "rate", "95% CI", "fail", "error", "timeout"],
                 [[r[key], r["passed"], r["total"], _pct(r["rate"]), _ci(*r["ci95"]), r["failed"], r["errors"], r["timeouts"]]
                  for r in rows])


def _bench_blocks(bench: dict[str, Any]) -> list[Block]:
    out: list[Block] = [Heading("Speed")]
    p = bench.get("params") or {}
    out.append(Text(f"output {p.get('output_tokens')} tokens, prompt ~{p.get('input_words')} words, "
                    f"single-stream runs {p.get('runs')}"))
    ss = bench.get("single_stream")
    if ss:
        d = ss.get("decode_tok_s") or {}
        out.append(Table(["single stream", "decode tok/s (median)", "min", "max", "TTFT p50 ms", "TPOT p50 ms"],
                         [["", _num(d.get("median")), _num(d.get("min")), _num(d.get("max")),
                           _num((ss.get("ttft_ms") or {}).get("p50")), _num((ss.get("tpot_ms") or {}).get("p50"), 2)]]))
    lv = bench.get("levels") or []
    if lv:
        out.append(Table(["concurrency", "n", "errors", "output tok/s", "per-stream tok/s", "TTFT p50 ms", "TTFT p99 ms",
                          "TPOT p50 ms", "E2E p50 ms"],
                         [[x.get("concurrency"), x.get("n"), sum((x.get("errors") or {}).values()), _num(x.get("output_tok_s")),
                           _num(x.get("per_stream_tok_s")), _num(x["ttft_ms"].get("p50")), _num(x["ttft_ms"].get("p99")),
                           _num(x["tpot_ms"].get("p50"), 2), _num(x["e2e_ms"].get("p50"))] for x in lv]))
    sd = bench.get("spec_decode")
    if sd:
        out.append(Heading("Speculative decoding", 3))
        out.append(Text(f"source {sd.get('source')}: acceptance {_pct(sd.get('acceptance_rate'))}, mean accepted length "
                        f"{_num(sd.get('mean_accepted_length'), 2)}, drafts {sd.get('drafts')}, draft tokens "
                        f"{sd.get('draft_tokens')}, accepted {sd.get('accepted_tokens')}"))
        pp = sd.get("per_position") or []
        if pp:
            xl = [str(i) for i in range(len(pp))]
            out.append(Chart("per-position acceptance", line_chart(xl, [("accepted", [100 * v for v in pp])],
                                                                   title="per-position acceptance", ylabel="accepted (%)",
                                                                   ymax=100),
                             Table(["position", "accepted"], [[i, _pct(v)] for i, v in enumerate(pp)])))
    for w in bench.get("warnings") or []:
        out.append(Note(w, "warn"))
    return out


def run_document(info: RunInfo, stack: StackProfile, results: list[TestResult], docs: dict[str, Any] | None = None) -> Doc:
    docs = docs or {}
    rep = build_report(info, stack, results)
    h = rep["headline"]
    sweep = docs.get("sweep") or {}
    doc = Doc(f"stackeval report: {h['profile']} on {h['model']}")
    where = f" · sweep {sweep.get('sweep_id')} point {sweep.get('name')!r}" if sweep else ""
    doc.blocks.append(Text(f"engine {h['engine']} {h['engine_version'] or ''} · endpoint {h['endpoint']} · run {h['run_id']} "
                           f"({h['status']}) · suite hash {h['suite_hash']}{where}"))
    if info.kind == "bench" and isinstance(docs.get("bench"), dict):
        doc.blocks += _bench_blocks(docs["bench"])
        return doc
    doc.blocks.append(Note(f"{h['passed']}/{h['total']} passed ({_pct(h['rate'])}, 95% CI {_ci(*h['ci95'])}) · "
                           f"errors {h['errors']} · timeouts {h['timeouts']} · run wall {h['run_wall_s']} s",
                           "good" if h["total"] and h["passed"] == h["total"] else "info"))
    doc.blocks += [Heading("Per capability"), _rate_rows(rep["by_category"], "category"), Heading("Difficulty gradient")]
    tiers = rep["by_tier"]
    if tiers:
        doc.blocks.append(Chart("pass rate by tier (Wilson 95% interval)",
                                bar_chart([t["tier"] for t in tiers], [100 * (t["rate"] or 0) for t in tiers],
                                          title="pass rate by tier", ylabel="pass rate (%)", ymax=100,
                                          errors=[(100 * t["ci95"][0], 100 * t["ci95"][1]) for t in tiers]),
                                _rate_rows(tiers, "tier")))
    doc.blocks.append(Heading("Failure modes"))
    if rep["failure_classes"]:
        doc.blocks.append(Table(["failure class", "count"], [[k, v] for k, v in rep["failure_classes"].items()]))
    else:
        doc.blocks.append(Text("no failures"))
    if rep["coding_failures"]:
        doc.blocks.append(Table(["coding test", "class", "detail"],
                                [[c["test_id"], c["failure_class"], c["detail"][:160]] for c in rep["coding_failures"]]))
    mf = rep["math_failures"]
    if mf["format_mismatch"] or mf["wrong_answer"]:
        doc.blocks.append(Text(f"math: format mismatch {len(mf['format_mismatch'])} ({', '.join(mf['format_mismatch']) or '-'}); "
                               f"wrong answer {len(mf['wrong_answer'])} ({', '.join(mf['wrong_answer']) or '-'})"))
    doc.blocks += [Heading("Slowest tests"),
                   Table(["test", "wall s", "status"], [[r["test_id"], r["wall_s"], r["status"]] for r in rep["slowest"]]),
                   Heading("Speed per category"),
                   Table(["category", "pass rate", "median TTFT ms", "median decode tok/s", "median wall s", "mean completion tokens"],
                         [[q["category"], _pct(q["rate"]), q["median_ttft_ms"], q["median_decode_tok_s"], q["median_wall_s"],
                           q["mean_completion_tokens"]] for q in rep["quality_speed"]])]
    pa = pass_at_1(results)
    if pa.max_repeats > 1:
        doc.blocks += [Heading("Repeats"),
                       Text(f"pass@1 {_pct(pa.mean)} (95% CI {_ci(pa.low, pa.high)}) over {pa.tests} tests, "
                            f"up to {pa.max_repeats} repeats; {len(pa.unstable)} tests pass in some repeats only"),
                       Table(["test", "arm", "passed", "repeats"], [[c.test_id, c.arm, c.passed, c.n] for c in pa.counts],
                             row_class=["padded" if 0 < c.passed < c.n else "" for c in pa.counts])]
    if "arms" in rep:
        a, b = rep["arms"]["arms"]
        doc.blocks += [Heading(f"Flips between thinking arms {a} and {b}")]
        for k in (f"pass_{a}_fail_{b}", f"pass_{b}_fail_{a}"):
            doc.blocks.append(Text(f"{k.replace('_', ' ')}: {', '.join(rep['arms'][k]) or 'none'}"))
    if isinstance(docs.get("bench"), dict):
        doc.blocks += _bench_blocks(docs["bench"])
    return doc


def render_run(info: RunInfo, stack: StackProfile, results: list[TestResult], docs: dict[str, Any] | None, fmt: str) -> str:
    return render(run_document(info, stack, results, docs), fmt)


# ------------------------------------------------------------------------------------------ comparison


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
    key_rows = sorted((r for r in cmp.variables.differ if r.key != "serve.command"),
                      key=lambda r: (not r.key.startswith("serve.flags."), r.key))[:6]
    differ = [r.key for r in key_rows]
    rows, classes = [], []
    for i, c in enumerate(cmp.columns):
        row: list[Any] = [c.label, c.status + (f": {c.reason}" if c.reason else ""), c.model, c.engine_version]
        row += [_cell(r.values[i]) for r in key_rows]
        row += [_pct(c.by_category[k].rate) if k in c.by_category else "–" for k in cats]
        row += [f"{c.overall.passed}/{c.overall.total} {_pct(c.overall.rate)}" if c.overall else "–", c.errors]
        row += [_stat(c.speed.get(k)) for k in speed_keys]
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
                             [[s.metric, s.unit, s.a_mean, s.b_mean, s.delta, _pct(s.relative),
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
                     p.reason, p.k, _stat(p.decode_tok_s), _stat(p.output_tok_s),
                     _pct(sp.acceptance_rate) if sp else "–", _num(sp.mean_accepted_length, 2) if sp else "–",
                     p.cudagraph.note if p.cudagraph else "–", _num(p.ready_s, 1)])
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
                               [[n, *[_pct(c[i]) if i < len(c) else "–" for i in range(width)]] for n, c in curves])))
    return out


def comparison_document(cmp: Comparison, title: str | None = None) -> Doc:
    n = len(cmp.columns)
    default = f"stackeval sweep: {cmp.sweep.name}" if cmp.sweep else f"stackeval comparison: {n} column{'' if n == 1 else 's'}"
    doc = Doc(title or default)
    doc.blocks += _headline(cmp)
    doc.blocks += [Heading("Runs side by side"), _cross_table(cmp)]
    doc.blocks += _sweep_blocks(cmp)
    doc.blocks += _variables_blocks(cmp)
    tiers = sorted({t for c in cmp.columns for t in c.by_tier}, key=lambda t: [x for c in cmp.columns for x in c.by_tier].index(t))
    with_suite = [c for c in cmp.columns if c.by_tier]
    if tiers and with_suite:
        doc.blocks.append(Heading("Difficulty gradient"))
        series = [(c.label, [100 * (c.by_tier[t].rate or 0) if t in c.by_tier else None for t in tiers]) for c in with_suite]
        doc.blocks.append(Chart("pass rate by tier", line_chart(tiers, series, title="pass rate by tier", ylabel="pass rate (%)", ymax=100),
                                Table(["column", *tiers], [[n, *[_num(v) for v in vs]] for n, vs in series])))
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
                             [[c.label, c.pass_at_1.tests, c.pass_at_1.max_repeats, _pct(c.pass_at_1.mean),  # type: ignore[union-attr]
                               _ci(c.pass_at_1.low, c.pass_at_1.high),  # type: ignore[union-attr]
                               ", ".join(f"{u.test_id} {u.passed}/{u.n}" for u in c.pass_at_1.unstable) or "none"]  # type: ignore[union-attr]
                              for c in reps])]
    return doc


def render_comparison(cmp: Comparison, fmt: str, title: str | None = None) -> str:
    if fmt == "json":
        return cmp.model_dump_json(indent=2) + "\n"
    return render(comparison_document(cmp, title), fmt)
