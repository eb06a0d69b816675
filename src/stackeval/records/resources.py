"""Resource profile records: what the server's host, process tree and GPUs did over one timeline.

A ``ResourceSample`` is one reading (taken by the sampler process, outside the client's event loop);
a ``PhaseMark`` says a phase started (process start, weights loaded, KV allocated, ready, warm-up, each
load level); a ``ResourceProfile`` is the summary per phase plus the "fits" figures. Sizes are bytes,
times are Unix seconds (``t``) or seconds since the profile started (``at_s``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RESOURCES_SCHEMA_VERSION = 1

__all__ = ["RESOURCES_SCHEMA_VERSION", "GpuDevice", "GpuReading", "ResourceSample", "PhaseMark", "PhaseStats",
           "MemoryPoint", "Fits", "ResourceProfile", "LAUNCH_PHASES", "SERIES_COLUMNS", "MemoryRow", "MemoryDelta",
           "MemoryComparison"]

# the launch phases in timeline order; load phases (warmup, single_stream, c1, c8, suite, ...) follow
LAUNCH_PHASES = ("process_start", "weights_loaded", "kv_allocated", "ready")
SERIES_COLUMNS = ("at_s", "rss_bytes", "host_used_bytes", "cpu_pct", "gpu_used_bytes", "gpu_util_pct", "kv_cache_usage")


class _R(BaseModel):
    model_config = ConfigDict(extra="ignore")


class GpuDevice(_R):
    index: int
    name: str
    total_bytes: int | None = None  # None on unified-memory devices (NVML: memory info not supported)
    unified_memory: bool = False


class GpuReading(_R):
    index: int
    used_bytes: int | None = None
    total_bytes: int | None = None
    util_pct: float | None = None
    power_w: float | None = None
    proc_used_bytes: int | None = None  # GPU memory of the server's process tree (NVML per-process view)


class ResourceSample(_R):
    t: float
    host_total_bytes: int | None = None
    host_available_bytes: int | None = None
    rss_bytes: int | None = None  # sum over the server's process tree
    cpu_s: float | None = None  # cumulative user+system CPU seconds of the tree
    cpu_pct: float | None = None  # over the interval since the previous sample (100 = one core)
    procs: int | None = None
    gpus: list[GpuReading] = Field(default_factory=list)
    kv_cache_usage: float | None = None  # from /metrics, 0..1
    running: float | None = None
    waiting: float | None = None

    @property
    def host_used_bytes(self) -> int | None:
        if self.host_total_bytes is None or self.host_available_bytes is None:
            return None
        return self.host_total_bytes - self.host_available_bytes

    @property
    def gpu_used_bytes(self) -> int | None:
        vals = [g.used_bytes for g in self.gpus if g.used_bytes is not None]
        return sum(vals) if vals else None


class PhaseMark(_R):
    name: str
    t: float
    source: Literal["client", "log", "sampler"] = "client"
    detail: str | None = None  # the log line that marked it


class PhaseStats(_R):
    name: str
    start_s: float
    end_s: float
    n: int  # samples inside the phase; 0: shorter than the interval, figures from the first reading after it began
    rss_first: int | None = None
    rss_peak: int | None = None
    rss_mean: float | None = None
    host_used_peak: int | None = None
    host_used_mean: float | None = None
    host_available_min: int | None = None
    cpu_pct_mean: float | None = None
    cpu_pct_peak: float | None = None
    gpu_used_peak: int | None = None
    gpu_used_mean: float | None = None
    gpu_proc_used_peak: int | None = None  # the server tree's own GPU memory (NVML per-process view)
    gpu_util_mean: float | None = None
    gpu_power_mean_w: float | None = None
    gpu_power_peak_w: float | None = None
    kv_cache_usage_peak: float | None = None
    running_peak: float | None = None
    waiting_peak: float | None = None


class MemoryPoint(_R):
    """The memory figures at one moment (or the peak over a span)."""

    at_s: float | None = None
    phase: str | None = None
    rss_bytes: int | None = None
    host_used_bytes: int | None = None
    host_available_bytes: int | None = None
    gpu_used_bytes: int | None = None
    gpu_proc_used_bytes: int | None = None  # the server tree's own GPU memory (NVML per-process view)


class Fits(_R):
    """Does it fit, and with how much room: log facts beside measured memory."""

    weights_bytes: int | None = None  # from the startup log (model file / buffer size / "Model loading took")
    kv_cache_bytes: int | None = None  # from the startup log
    kv_cache_tokens: int | None = None
    host_total_bytes: int | None = None
    gpu_total_bytes: int | None = None
    at_ready: MemoryPoint | None = None
    peak_under_load: MemoryPoint | None = None
    headroom_at_ready_bytes: int | None = None  # host available (or GPU free) right after start-up
    headroom_at_peak_bytes: int | None = None
    memory_view: Literal["host", "gpu", "unified"] = "host"
    notes: list[str] = Field(default_factory=list)


class ResourceProfile(_R):
    schema_version: int = RESOURCES_SCHEMA_VERSION
    source: Literal["local", "remote"]
    pid: int | None = None
    interval_s: float
    t0: float  # Unix time of the first mark or sample
    host_total_bytes: int | None = None
    unified_memory: bool = False
    gpus: list[GpuDevice] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    marks: list[PhaseMark] = Field(default_factory=list)
    phases: list[PhaseStats] = Field(default_factory=list)
    fits: Fits | None = None
    samples: int = 0
    series: list[list[float | None]] = Field(default_factory=list)  # downsampled rows, columns below
    series_columns: list[str] = Field(default_factory=lambda: list(SERIES_COLUMNS))


class MemoryRow(_R):
    """One column of ``compare``: its runs' memory figures (means over the runs)."""

    label: str
    runs: int = 0
    rss_at_ready: int | None = None
    rss_peak_load: int | None = None
    peak_phase: str | None = None
    host_used_at_ready: int | None = None
    host_used_peak_load: int | None = None
    gpu_used_at_ready: int | None = None
    gpu_used_peak_load: int | None = None
    kv_cache_bytes: int | None = None
    weights_bytes: int | None = None


class MemoryDelta(_R):
    a: str
    b: str
    metric: str
    a_bytes: int
    b_bytes: int
    delta_bytes: int
    relative: float | None = None


class MemoryComparison(_R):
    columns: list[MemoryRow] = Field(default_factory=list)
    deltas: list[MemoryDelta] = Field(default_factory=list)  # each column against the first with figures
