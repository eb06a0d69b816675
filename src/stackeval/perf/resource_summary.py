"""Resource samples and phase marks -> a ``ResourceProfile``: per-phase peak and mean, memory at ready,
peak under load, and the "fits" figures beside the startup log's weights and KV cache. Pure: records in,
a record out (no /proc, no clock)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from statistics import fmean
from typing import Any

from stackeval.records.perf import StartupInfo
from stackeval.records.resources import (
    LAUNCH_PHASES,
    Fits,
    GpuDevice,
    MemoryPoint,
    PhaseMark,
    PhaseStats,
    ResourceProfile,
    ResourceSample,
)

__all__ = ["parse_probe_lines", "with_cpu_pct", "phase_stats", "summarize", "NOT_LOAD", "GIB"]

GIB = 1024**3
NOT_LOAD = (*LAUNCH_PHASES, "idle", "server_exited", "end")  # phases that are not a load level
_TERMINATORS = ("end",)  # a mark that ends the phase before it and starts none


def parse_probe_lines(lines: Iterable[str]) -> tuple[dict[str, Any], list[ResourceSample], list[PhaseMark]]:
    """The probe's JSON lines -> (info, samples, log/sampler marks). A torn last line is skipped."""
    info: dict[str, Any] = {}
    samples: list[ResourceSample] = []
    marks: list[PhaseMark] = []
    for line in lines:
        try:
            d = json.loads(line)
        except ValueError:
            continue
        k = d.pop("k", None)
        if k == "s":
            samples.append(ResourceSample.model_validate(d))
        elif k == "m":
            marks.append(PhaseMark.model_validate(d))
        elif k == "info":
            info = d
    return info, with_cpu_pct(samples), marks


def with_cpu_pct(samples: list[ResourceSample]) -> list[ResourceSample]:
    prev: ResourceSample | None = None
    for s in samples:
        if s.cpu_pct is None and prev is not None and s.cpu_s is not None and prev.cpu_s is not None and s.t > prev.t:
            s.cpu_pct = round(max(0.0, 100.0 * (s.cpu_s - prev.cpu_s) / (s.t - prev.t)), 2)
        prev = s
    return samples


def _peak(xs: list[Any]) -> Any:
    xs = [x for x in xs if x is not None]
    return max(xs) if xs else None


def _mean(xs: list[Any], nd: int = 1) -> float | None:
    xs = [x for x in xs if x is not None]
    return round(fmean(xs), nd) if xs else None


def _gpu_mean(s: ResourceSample, key: str) -> float | None:
    vals = [getattr(g, key) for g in s.gpus if getattr(g, key) is not None]
    return fmean(vals) if vals else None


def _gpu_sum(s: ResourceSample, key: str) -> float | None:
    vals = [getattr(g, key) for g in s.gpus if getattr(g, key) is not None]
    return sum(vals) if vals else None


def _stats(name: str, t0: float, start: float, end: float, ss: list[ResourceSample]) -> PhaseStats:
    host_used = [s.host_used_bytes for s in ss]
    return PhaseStats(
        name=name, start_s=round(start - t0, 3), end_s=round(end - t0, 3), n=len(ss),
        rss_first=next((s.rss_bytes for s in ss if s.rss_bytes is not None), None),
        rss_peak=_peak([s.rss_bytes for s in ss]), rss_mean=_mean([s.rss_bytes for s in ss], 0),
        host_used_peak=_peak(host_used), host_used_mean=_mean(host_used, 0),
        host_available_min=min((s.host_available_bytes for s in ss if s.host_available_bytes is not None), default=None),
        cpu_pct_mean=_mean([s.cpu_pct for s in ss]), cpu_pct_peak=_peak([s.cpu_pct for s in ss]),
        gpu_used_peak=_peak([s.gpu_used_bytes for s in ss]), gpu_used_mean=_mean([s.gpu_used_bytes for s in ss], 0),
        gpu_proc_used_peak=_peak([_gpu_sum(s, "proc_used_bytes") for s in ss]),
        gpu_util_mean=_mean([_gpu_mean(s, "util_pct") for s in ss]),
        gpu_power_mean_w=_mean([_gpu_sum(s, "power_w") for s in ss]),
        gpu_power_peak_w=_peak([_gpu_sum(s, "power_w") for s in ss]),
        kv_cache_usage_peak=_peak([s.kv_cache_usage for s in ss]),
        running_peak=_peak([s.running for s in ss]), waiting_peak=_peak([s.waiting for s in ss]),
    )


def _ordered(marks: list[PhaseMark]) -> list[PhaseMark]:
    """Time order; a launch phase marked twice (log line and health check) keeps its first mark."""
    out: list[PhaseMark] = []
    seen: set[str] = set()
    for m in sorted(marks, key=lambda m: m.t):
        if m.name in LAUNCH_PHASES or m.name == "server_exited":
            if m.name in seen:
                continue
            seen.add(m.name)
        out.append(m)
    return out


def phase_stats(samples: list[ResourceSample], marks: list[PhaseMark], t0: float, end_t: float,
                window: tuple[float, float] | None = None) -> list[PhaseStats]:
    """One ``PhaseStats`` per mark: from the mark to the next one (the last to ``end_t``). With ``window``,
    only launch phases and phases starting inside it, each cut at the window's end."""
    ms = _ordered(marks)
    out = []
    for i, m in enumerate(ms):
        if m.name in _TERMINATORS:
            continue
        end = ms[i + 1].t if i + 1 < len(ms) else end_t
        if window is not None:
            if m.name not in LAUNCH_PHASES and not (window[0] <= m.t <= window[1]):
                continue
            if m.name not in LAUNCH_PHASES:
                end = min(end, window[1])
        inside = [s for s in samples if m.t <= s.t < end]
        st = _stats(m.name, t0, m.t, max(end, m.t), inside or [s for s in samples if s.t >= m.t][:1])
        st.n = len(inside)  # 0: a phase shorter than the interval, read at the first sample after it began
        out.append(st)
    return out


def _point(s: ResourceSample | None, t0: float, phase: str) -> MemoryPoint | None:
    if s is None:
        return None
    proc = _gpu_sum(s, "proc_used_bytes")
    return MemoryPoint(at_s=round(s.t - t0, 3), phase=phase, rss_bytes=s.rss_bytes, host_used_bytes=s.host_used_bytes,
                       host_available_bytes=s.host_available_bytes, gpu_used_bytes=s.gpu_used_bytes,
                       gpu_proc_used_bytes=None if proc is None else int(proc))


def _series(samples: list[ResourceSample], t0: float, limit: int) -> list[list[float | None]]:
    step = max(1, -(-len(samples) // limit))
    rows = []
    for s in samples[::step]:
        util = _gpu_mean(s, "util_pct")
        rows.append([round(s.t - t0, 3), s.rss_bytes, s.host_used_bytes, s.cpu_pct, s.gpu_used_bytes,
                     None if util is None else round(util, 1), s.kv_cache_usage])
    return rows


def _fits(prof: ResourceProfile, samples: list[ResourceSample], marks: list[PhaseMark], startup: StartupInfo | None,
          gpu_total: int | None) -> Fits:
    f = Fits(host_total_bytes=prof.host_total_bytes, gpu_total_bytes=gpu_total)
    if startup is not None:
        if startup.model_load_gib is not None:
            f.weights_bytes = int(startup.model_load_gib * GIB)
        if startup.kv_cache_gib is not None:
            f.kv_cache_bytes = int(startup.kv_cache_gib * GIB)
        elif startup.available_kv_gib is not None:
            f.kv_cache_bytes = int(startup.available_kv_gib * GIB)
        f.kv_cache_tokens = startup.kv_cache_tokens
    f.memory_view = "unified" if prof.unified_memory else "gpu" if gpu_total else "host"
    t0 = prof.t0
    ready = next((m for m in _ordered(marks) if m.name == "ready"), None)
    if ready is not None:
        after = [s for s in samples if s.t >= ready.t]
        f.at_ready = _point(after[0] if after else None, t0, "ready")
    else:
        idle = next((m for m in _ordered(marks) if m.name == "idle"), None)
        if idle is not None:
            after = [s for s in samples if s.t >= idle.t]
            f.at_ready = _point(after[0] if after else None, t0, "idle")
            f.notes.append("the server was already running: 'at ready' is its idle state when sampling began")
    load = [p for p in prof.phases if p.name not in NOT_LOAD]
    if load:
        top = max(load, key=lambda p: p.rss_peak or 0)
        f.peak_under_load = MemoryPoint(phase=top.name, rss_bytes=top.rss_peak,
                                        host_used_bytes=_peak([p.host_used_peak for p in load]),
                                        host_available_bytes=min((p.host_available_min for p in load
                                                                  if p.host_available_min is not None), default=None),
                                        gpu_used_bytes=_peak([p.gpu_used_peak for p in load]),
                                        gpu_proc_used_bytes=_peak([p.gpu_proc_used_peak for p in load]))
    if f.memory_view == "gpu":
        if f.at_ready and f.at_ready.gpu_used_bytes is not None and gpu_total:
            f.headroom_at_ready_bytes = gpu_total - f.at_ready.gpu_used_bytes
        if f.peak_under_load and f.peak_under_load.gpu_used_bytes is not None and gpu_total:
            f.headroom_at_peak_bytes = gpu_total - f.peak_under_load.gpu_used_bytes
    else:
        if f.at_ready:
            f.headroom_at_ready_bytes = f.at_ready.host_available_bytes
        if f.peak_under_load:
            f.headroom_at_peak_bytes = f.peak_under_load.host_available_bytes
    if f.memory_view == "unified":
        f.notes.append("unified memory: the GPU uses system memory, so host memory is the GPU's memory: both views "
                       "are shown, the host's (available, in use) and NVML's per-process GPU memory of the server")
    return f


def summarize(info: dict[str, Any], samples: list[ResourceSample], marks: list[PhaseMark], *, source: str,
              startup: StartupInfo | None = None, window: tuple[float, float] | None = None,
              end_t: float | None = None, interval_s: float = 0.25, series_limit: int = 400) -> ResourceProfile:
    """The profile of one timeline (or of the launch phases plus ``window``)."""
    samples = with_cpu_pct(sorted(samples, key=lambda s: s.t))
    if window is not None:
        has_launch = any(m.name in LAUNCH_PHASES for m in marks)
        launch_end = min((m.t for m in marks if m.name not in LAUNCH_PHASES), default=window[0])
        keep = [s for s in samples if window[0] <= s.t <= window[1] or (has_launch and s.t < launch_end)]
        nxt = next((s for s in samples if s.t > window[1]), None)  # the last phase's reading when it was short
        if nxt is not None:
            keep.append(nxt)
        ms = [m for m in marks if m.name in LAUNCH_PHASES or window[0] <= m.t <= window[1]]
    else:
        keep, ms = samples, marks
    times = [m.t for m in ms] + [s.t for s in keep]
    t0 = min(times) if times else 0.0
    end = end_t if end_t is not None else (window[1] if window else (max(times) if times else t0))
    gpus = [GpuDevice.model_validate(d) for d in info.get("gpus") or []]
    prof = ResourceProfile(source="local" if info.get("pid") else "remote", pid=info.get("pid"),
                           interval_s=float(info.get("interval_s") or interval_s), t0=round(t0, 4),
                           host_total_bytes=info.get("host_total_bytes"),
                           unified_memory=bool(info.get("unified_memory")), gpus=gpus,
                           notes=list(info.get("notes") or []), marks=_ordered(ms), samples=len(keep))
    if source == "remote":
        prof.source = "remote"
        prof.host_total_bytes = None
        prof.notes.insert(0, "host figures unavailable: the endpoint is not a process on this machine; "
                             "only what its /metrics exposes (KV-cache usage, running and waiting requests)")
    else:
        prof.notes.append("RSS is summed over the server's process tree (shared pages count in every process, as in ps)")
    prof.phases = phase_stats(keep, marks, t0, end, window)  # all marks: a kept phase ends at the next one
    gpu_total = sum(g.total_bytes for g in gpus if g.total_bytes) or None
    prof.fits = _fits(prof, keep, ms, startup, gpu_total)
    prof.series = _series(keep, t0, series_limit)
    return prof
