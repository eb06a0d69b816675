"""The resource sections of reports. Pure: a ``ResourceProfile`` (or the runs' stored profiles) in, blocks out.

- ``resource_blocks``: "does it fit": weights and KV cache from the startup log beside the memory measured
  at ready and at the peak under load, the headroom, per-phase peak/mean, and the timeline charts;
- ``memory_comparison`` / ``memory_blocks``: per-column memory (sweep points or runs) and each column's
  deltas against the first, for ``compare``.
"""

from __future__ import annotations

import math
from statistics import fmean
from typing import Any

from stackeval.records.resources import MemoryComparison, MemoryDelta, MemoryRow, ResourceProfile
from stackeval.records.sweep import ColumnInput
from stackeval.report.blocks import Block, Chart, Heading, Note, Table, Text
from stackeval.report.charts import esc

__all__ = ["resource_blocks", "timeline_svg", "memory_comparison", "memory_blocks", "mib", "gib", "as_profile"]

_PALETTE = ("#3366cc", "#dc3912", "#ff9900", "#109618", "#990099")
_W, _H, _L, _R, _T, _B = 680, 300, 64, 16, 36, 56


def mib(b: float | None) -> str:
    return "–" if b is None else f"{b / 1024**2:,.1f} MiB"


def gib(b: float | None) -> str:
    return "–" if b is None else f"{b / 1024**3:,.2f} GiB"


def _pct(x: float | None, nd: int = 0) -> str:
    return "–" if x is None else f"{x:.{nd}f}%"


def as_profile(p: ResourceProfile | dict[str, Any] | None) -> ResourceProfile | None:
    if p is None or isinstance(p, ResourceProfile):
        return p
    try:
        return ResourceProfile.model_validate(p)
    except ValueError:
        return None


# ------------------------------------------------------------------------------------------ timeline chart


def _nice_top(m: float) -> float:
    """The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^k) at or above ``m``."""
    if m <= 0:
        return 1.0
    mag = 10 ** math.floor(math.log10(m))
    return next(step * mag for step in (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10) if m <= step * mag)


def timeline_svg(title: str, xs: list[float], series: list[tuple[str, list[float | None]]], ylabel: str,
                 phases: list[tuple[str, float]], ymax: float | None = None) -> str:
    """Lines over time (seconds) with the phase boundaries as labelled dashed verticals."""
    ph, pw = _H - _T - _B, _W - _L - _R
    xmax = max(xs + [p[1] for p in phases] + [1e-9])
    vals = [v for _n, vs in series for v in vs if v is not None]
    top = ymax or _nice_top(max(vals) if vals else 0.0)

    def X(x: float) -> float:  # noqa: N802
        return _L + pw * x / xmax

    def Y(y: float) -> float:  # noqa: N802
        return _T + ph - ph * min(y, top) / top

    body = []
    for i in range(5):
        v = top * i / 4
        body.append(f'<line x1="{_L}" x2="{_W - _R}" y1="{Y(v):.1f}" y2="{Y(v):.1f}" stroke="#ddd"/>'
                    f'<text x="{_L - 6}" y="{Y(v) + 4:.1f}" text-anchor="end">{v:.3g}</text>')
    body.append(f'<line x1="{_L}" x2="{_L}" y1="{_T}" y2="{_T + ph}" stroke="#333"/>'
                f'<line x1="{_L}" x2="{_W - _R}" y1="{_T + ph}" y2="{_T + ph}" stroke="#333"/>'
                f'<text transform="translate(14,{_T + ph / 2:.0f}) rotate(-90)" text-anchor="middle">{esc(ylabel)}</text>'
                f'<text x="{_L + pw / 2:.0f}" y="{_H - 24}" text-anchor="middle">seconds</text>'
                f'<text x="{_L}" y="{_T + ph + 14}" text-anchor="middle">0</text>'
                f'<text x="{_W - _R}" y="{_T + ph + 14}" text-anchor="end">{xmax:.3g}</text>')
    for k, (name, at) in enumerate(phases):
        x = X(at)
        body.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{_T}" y2="{_T + ph}" stroke="#999" stroke-dasharray="3,3"/>'
                    f'<text x="{x + 2:.1f}" y="{_T + 10 + 11 * (k % 3)}" font-size="9" fill="#555">{esc(name[:18])}</text>')
    for si, (name, vs) in enumerate(series):
        color = _PALETTE[si % len(_PALETTE)]
        pts = [(X(x), Y(v)) for x, v in zip(xs, vs, strict=True) if v is not None]
        if len(pts) > 1:
            body.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.8" points="'
                        + " ".join(f"{a:.1f},{b:.1f}" for a, b in pts) + '"/>')
        elif pts:
            body.append(f'<circle cx="{pts[0][0]:.1f}" cy="{pts[0][1]:.1f}" r="3" fill="{color}"/>')
        lx = _L + si * 160
        body.append(f'<rect x="{lx}" y="{_H - 14}" width="12" height="4" fill="{color}"/>'
                    f'<text x="{lx + 16}" y="{_H - 9}">{esc(name[:24])}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" viewBox="0 0 {_W} {_H}" '
            f'font-family="sans-serif" font-size="11"><rect width="{_W}" height="{_H}" fill="#fff"/>'
            f'<text x="{_W / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">{esc(title)}</text>'
            + "".join(body) + "</svg>")


# ------------------------------------------------------------------------------------------ run report


def _fits_table(p: ResourceProfile) -> Table:
    f = p.fits
    assert f is not None
    rows: list[list[Any]] = []
    if f.weights_bytes is not None:
        rows.append(["weights (startup log)", gib(f.weights_bytes)])
    if f.kv_cache_bytes is not None or f.kv_cache_tokens is not None:
        rows.append(["KV cache (startup log)", f"{gib(f.kv_cache_bytes)}"
                     + (f", {f.kv_cache_tokens:,} tokens" if f.kv_cache_tokens is not None else "")])
    if f.host_total_bytes is not None:
        rows.append(["host memory total", gib(f.host_total_bytes)])
    if f.gpu_total_bytes is not None:
        rows.append(["GPU memory total", gib(f.gpu_total_bytes)])
    r = f.at_ready
    if r is not None:
        what = "at ready" if r.phase == "ready" else "idle, when sampling began"
        rows.append([f"server RSS {what}", mib(r.rss_bytes)])
        rows.append([f"host memory in use {what}", gib(r.host_used_bytes)])
        if r.gpu_used_bytes is not None:
            rows.append([f"GPU memory in use {what}", gib(r.gpu_used_bytes)])
        if r.gpu_proc_used_bytes is not None:
            rows.append([f"the server's GPU memory (NVML per process) {what}", gib(r.gpu_proc_used_bytes)])
    if f.headroom_at_ready_bytes is not None:
        rows.append([f"free headroom at ready ({f.memory_view} view)", gib(f.headroom_at_ready_bytes)])
    pk = f.peak_under_load
    if pk is not None:
        rows.append([f"server RSS peak under load ({pk.phase})", mib(pk.rss_bytes)])
        rows.append(["host memory in use, peak under load", gib(pk.host_used_bytes)])
        if pk.gpu_used_bytes is not None:
            rows.append(["GPU memory in use, peak under load", gib(pk.gpu_used_bytes)])
        if pk.gpu_proc_used_bytes is not None:
            rows.append(["the server's GPU memory (NVML per process), peak under load", gib(pk.gpu_proc_used_bytes)])
    if f.headroom_at_peak_bytes is not None:
        rows.append([f"free headroom at the peak ({f.memory_view} view)", gib(f.headroom_at_peak_bytes)])
    return Table(["fits", "value"], rows)


def _phase_table(p: ResourceProfile) -> Table:
    gpu = any(ph.gpu_used_peak is not None or ph.gpu_proc_used_peak is not None for ph in p.phases)
    kv = any(ph.kv_cache_usage_peak is not None for ph in p.phases)
    head = ["phase", "start s", "duration s", "samples", "RSS first", "RSS peak", "RSS mean", "host used peak",
            "CPU % mean", "CPU % peak"]
    if gpu:
        head += ["GPU used peak", "server GPU mem peak", "GPU util mean", "GPU power mean W"]
    if kv:
        head += ["KV usage peak", "running peak", "waiting peak"]
    rows = []
    for ph in p.phases:
        row: list[Any] = [ph.name, ph.start_s, round(ph.end_s - ph.start_s, 2), ph.n, mib(ph.rss_first), mib(ph.rss_peak),
                          mib(ph.rss_mean), gib(ph.host_used_peak), _pct(ph.cpu_pct_mean), _pct(ph.cpu_pct_peak)]
        if gpu:
            row += [gib(ph.gpu_used_peak), gib(ph.gpu_proc_used_peak), _pct(ph.gpu_util_mean), ph.gpu_power_mean_w]
        if kv:
            row += [_pct(None if ph.kv_cache_usage_peak is None else 100 * ph.kv_cache_usage_peak, 1), ph.running_peak,
                    ph.waiting_peak]
        rows.append(row)
    return Table(head, rows)


def _charts(p: ResourceProfile) -> list[Block]:
    if len(p.series) < 2:
        return []
    cols = {c: i for i, c in enumerate(p.series_columns)}

    def col(name: str, scale: float = 1.0) -> list[float | None]:
        i = cols.get(name)
        return [None if i is None or r[i] is None else float(r[i]) * scale for r in p.series]  # type: ignore[operator]

    xs = [float(r[0] or 0.0) for r in p.series]
    step = max(1, -(-len(xs) // 40))  # the data tables under the charts: at most ~40 rows
    keep = list(range(0, len(xs), step))
    phases = [(ph.name, ph.start_s) for ph in p.phases]
    mem = [("server RSS (MiB)", col("rss_bytes", 1 / 1024**2))]
    if any(v is not None for v in col("gpu_used_bytes")):
        mem.append(("GPU used (MiB)", col("gpu_used_bytes", 1 / 1024**2)))
    util = [("server CPU %", col("cpu_pct"))]
    if any(v is not None for v in col("gpu_util_pct")):
        util.append(("GPU util %", col("gpu_util_pct")))
    if any(v is not None for v in col("kv_cache_usage")):
        util.append(("KV cache usage %", col("kv_cache_usage", 100.0)))
    out: list[Block] = []
    if any(v is not None for _n, vs in mem for v in vs):
        out.append(Chart("memory over the timeline", timeline_svg("memory over the timeline", xs, mem, "MiB", phases),
                         Table(["s", *[n for n, _v in mem]], [[xs[i], *[vs[i] for _n, vs in mem]] for i in keep])))
    out.append(Chart("utilisation over the timeline", timeline_svg("utilisation over the timeline", xs, util, "%", phases),
                     Table(["s", *[n for n, _v in util]], [[xs[i], *[vs[i] for _n, vs in util]] for i in keep])))
    return out


def resource_blocks(profile: ResourceProfile | dict[str, Any] | None) -> list[Block]:
    p = as_profile(profile)
    if p is None:
        return []
    out: list[Block] = [Heading("Resources")]
    where = f"server process tree of pid {p.pid}" if p.source == "local" else "remote endpoint"
    devs = ", ".join(f"{g.index}: {g.name}" + (" (unified memory)" if g.unified_memory else "") for g in p.gpus)
    out.append(Text(f"{where}; {p.samples} samples every {p.interval_s} s by a separate process"
                    + (f"; GPUs {devs}" if devs else "")))
    for n in p.notes + (p.fits.notes if p.fits else []):
        out.append(Note(n, "info"))
    if p.source == "local" and p.fits is not None:
        out += [Heading("Fits", 3), _fits_table(p)]
    if p.phases:
        out += [Heading("Per phase", 3), _phase_table(p)]
    out += _charts(p)
    return out


# ------------------------------------------------------------------------------------------ compare


def _run_profiles(ci: ColumnInput) -> list[ResourceProfile]:
    out = []
    for rd in ci.runs:
        doc = rd.docs.get("resources") or (rd.docs.get("bench") or {}).get("resources")
        p = as_profile(doc)
        if p is not None and p.source == "local":
            out.append(p)
    return out


def _mean_int(xs: list[int | None]) -> int | None:
    ys = [x for x in xs if x is not None]
    return int(fmean(ys)) if ys else None


_METRICS = (("rss_at_ready", "server RSS at ready"), ("rss_peak_load", "server RSS peak under load"),
            ("host_used_at_ready", "host used at ready"), ("host_used_peak_load", "host used peak under load"),
            ("gpu_used_at_ready", "GPU used at ready"), ("gpu_used_peak_load", "GPU used peak under load"),
            ("kv_cache_bytes", "KV cache (log)"), ("weights_bytes", "weights (log)"))


def memory_comparison(cols: list[ColumnInput]) -> MemoryComparison | None:
    """Memory per column (mean over its runs) and each column's delta against the first column with figures."""
    rows = []
    for c in cols:
        profs = [p for p in _run_profiles(c) if p.fits is not None]
        fits = [p.fits for p in profs if p.fits is not None]
        row = MemoryRow(label=c.label, runs=len(profs))
        if fits:
            row.rss_at_ready = _mean_int([f.at_ready.rss_bytes if f.at_ready else None for f in fits])
            row.host_used_at_ready = _mean_int([f.at_ready.host_used_bytes if f.at_ready else None for f in fits])
            row.gpu_used_at_ready = _mean_int([f.at_ready.gpu_used_bytes if f.at_ready else None for f in fits])
            row.rss_peak_load = _mean_int([f.peak_under_load.rss_bytes if f.peak_under_load else None for f in fits])
            row.host_used_peak_load = _mean_int([f.peak_under_load.host_used_bytes if f.peak_under_load else None
                                                 for f in fits])
            row.gpu_used_peak_load = _mean_int([f.peak_under_load.gpu_used_bytes if f.peak_under_load else None
                                                for f in fits])
            row.kv_cache_bytes = _mean_int([f.kv_cache_bytes for f in fits])
            row.weights_bytes = _mean_int([f.weights_bytes for f in fits])
            row.peak_phase = next((f.peak_under_load.phase for f in fits if f.peak_under_load), None)
        rows.append(row)
    if not any(r.runs for r in rows):
        return None
    base = next(r for r in rows if r.runs)
    deltas = []
    for r in rows:
        if r is base or not r.runs:
            continue
        for key, name in _METRICS:
            a, b = getattr(base, key), getattr(r, key)
            if a is None or b is None:
                continue
            deltas.append(MemoryDelta(a=base.label, b=r.label, metric=name, a_bytes=a, b_bytes=b, delta_bytes=b - a,
                                      relative=round((b - a) / a, 4) if a else None))
    return MemoryComparison(columns=rows, deltas=deltas)


def memory_blocks(mc: MemoryComparison | None) -> list[Block]:
    if mc is None:
        return []
    out: list[Block] = [Heading("Memory"),
                        Text("the server's memory measured by the resource sampler (mean over each column's runs); RSS "
                             "is the server's process tree, host used is the whole machine")]
    out.append(Table(["column", "runs", "RSS at ready", "RSS peak under load", "peak in", "host used at ready",
                      "host used peak", "GPU used at ready", "GPU used peak", "KV cache (log)", "weights (log)"],
                     [[r.label, r.runs, mib(r.rss_at_ready), mib(r.rss_peak_load), r.peak_phase, gib(r.host_used_at_ready),
                       gib(r.host_used_peak_load), gib(r.gpu_used_at_ready), gib(r.gpu_used_peak_load),
                       mib(r.kv_cache_bytes), mib(r.weights_bytes)] for r in mc.columns]))
    if mc.deltas:
        out.append(Table(["vs", "column", "metric", "first", "this", "delta", "relative"],
                         [[d.a, d.b, d.metric, mib(d.a_bytes), mib(d.b_bytes),
                           ("+" if d.delta_bytes >= 0 else "") + mib(d.delta_bytes),
                           "–" if d.relative is None else f"{100 * d.relative:+.1f}%"] for d in mc.deltas]))
    return out
