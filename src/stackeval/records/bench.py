"""The bench document (one ``stackeval bench`` run, stored as doc "bench") and the per-request records of
every bench level (stored in the ``bench_requests`` table, so any percentile can be recomputed).

The document loads back from what earlier versions stored: every field has a default, and fields added
by a newer stackeval are kept (``extra="allow"``) rather than refused.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from stackeval.records.perf import Distribution, EngineMetrics, LevelSummary, RequestMetrics, SpecDecodeStats
from stackeval.records.request import RequestTimings
from stackeval.records.stack import StackProfile

BENCH_SCHEMA_VERSION = 1

__all__ = ["BENCH_SCHEMA_VERSION", "BenchDocument", "BenchLevel", "BenchParamsRecord", "BenchRequestRecord",
           "ClientHealth", "Gauge", "ServerWindow"]


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class ClientHealth(_Open):
    loop_lag_ms: Distribution = Field(default_factory=Distribution)


class ServerWindow(EngineMetrics):
    """The engine's /metrics over the level's window, and whether its token count agrees with ours."""

    model_config = ConfigDict(extra="allow")
    engine: str = ""
    client_completion_tokens: int | None = None
    token_count_agrees: bool | None = None


class Gauge(_Open):
    t: float
    running: float | None = None
    waiting: float | None = None
    kv_cache_usage: float | None = None


class BenchLevel(LevelSummary):
    """A level's summary with what the bench measured beside it."""

    model_config = ConfigDict(extra="allow")
    mode: str | None = None  # single_stream | closed_loop | open_loop
    client: ClientHealth = Field(default_factory=ClientHealth)
    spec_decode: SpecDecodeStats | None = None
    spec_decode_sources: dict[str, SpecDecodeStats] = Field(default_factory=dict)
    server: ServerWindow | None = None
    gauges: list[Gauge] = Field(default_factory=list)

    @property
    def label(self) -> str:
        """The level's name in the store (``single_stream`` or ``c<N>``), as its snapshots are labelled."""
        return "single_stream" if self.mode == "single_stream" else f"c{self.concurrency}"


class BenchParamsRecord(_Open):
    model: str = ""
    output_tokens: int | None = None
    input_words: int | None = None
    runs: int | None = None
    concurrency: list[int] = Field(default_factory=list)
    requests_per_level: int | None = None
    rate: float | None = None
    warmup: int | None = None
    temperature: float | None = None
    seed: int | None = None
    single_stream: bool = True
    gauge_interval_s: float | None = None
    prompt_style: str | None = None
    fixed_length_fields: dict[str, Any] = Field(default_factory=dict)


class BenchDocument(_Open):
    schema_version: int = BENCH_SCHEMA_VERSION
    run_id: str | None = None
    repeat: int | None = None
    stack: StackProfile | None = None
    params: BenchParamsRecord = Field(default_factory=BenchParamsRecord)
    single_stream: BenchLevel | None = None
    levels: list[BenchLevel] = Field(default_factory=list)  # the load levels (single stream not included)
    spec_decode: SpecDecodeStats | None = None
    warnings: list[str] = Field(default_factory=list)


class BenchRequestRecord(BaseModel):
    """One measured request of a bench level, as stored: its metrics and its raw timings (every output
    delta's ``perf_counter_ns``), enough to recompute any figure of the level."""

    model_config = ConfigDict(extra="forbid")
    schema_version: int = BENCH_SCHEMA_VERSION
    run_id: str
    level: str  # single_stream | c<N>
    index: int  # order of completion within the level
    metrics: RequestMetrics
    timings: RequestTimings
