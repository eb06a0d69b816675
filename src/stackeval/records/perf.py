"""Serving-performance records: per-request metrics, per-load-level summaries, speculative-decoding
statistics, Prometheus snapshots and what a server's startup log says about itself.

Definitions (TTFT, decode rate, TPOT, spec-decode formulas) live in ``stackeval.perf`` and in
``shared/design/measurement.md``; these records only carry the results. Every record that gets
persisted has a ``schema_version``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

PERF_SCHEMA_VERSION = 1


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --------------------------------------------------------------------------- statistics


class Distribution(_Record):
    """Summary of a sample. Percentiles use linear interpolation between closest ranks
    (numpy's default, Hyndman & Fan type 7). Every statistic is None when ``count == 0``."""

    count: int = 0
    mean: float | None = None
    p50: float | None = None
    p90: float | None = None
    p99: float | None = None
    min: float | None = None
    max: float | None = None


class MedianSpread(_Record):
    """Median of N repeats with the extremes beside it (single-stream figures: median of 3)."""

    n: int = 0
    median: float | None = None
    min: float | None = None
    max: float | None = None


class WilsonInterval(_Record):
    """Wilson score interval for a pass rate; ``rate`` is None (and the interval [0, 1]) when n == 0."""

    successes: int
    n: int
    rate: float | None
    low: float
    high: float
    z: float = 1.96


# --------------------------------------------------------------------------- requests and levels


class RequestMetrics(_Record):
    """Metrics of one request, derived purely from its ``ChatResult``.

    ttft_ms = first output delta - sent (the role-only prelude does not count); ttfb_ms = first byte
    - sent; queue_ms = sent - scheduled (client-side wait); e2e_ms = stream end - sent;
    tpot_ms = (e2e - ttft) / (completion_tokens - 1);
    decode_tok_s = (completion_tokens - 1) / (last delta - first delta);
    itl_ms = gaps between consecutive output deltas (chunks, not tokens);
    tokens_per_chunk = completion_tokens / number of output deltas.
    Token counts come from the server's ``usage``; without it the token-based figures are None.
    """

    schema_version: int = PERF_SCHEMA_VERSION
    ok: bool
    error: str | None = None  # RequestError.label: http_503, timeout, connection, ...
    ttft_ms: float | None = None
    ttfb_ms: float | None = None
    queue_ms: float | None = None
    e2e_ms: float | None = None
    ttft_from_scheduled_ms: float | None = None
    e2e_from_scheduled_ms: float | None = None
    tpot_ms: float | None = None
    decode_tok_s: float | None = None
    itl_ms: Distribution = Field(default_factory=Distribution)
    chunks: int = 0  # number of output deltas
    tokens_per_chunk: float | None = None
    completion_tokens: int | None = None
    prompt_tokens: int | None = None
    cached_tokens: int | None = None
    expected_tokens: int | None = None
    stopped_early: bool = False
    finish_reason: str | None = None
    flags: list[str] = Field(default_factory=list)


class LevelSummary(_Record):
    """One load level (a concurrency or a request rate) over a measured window.

    Latency distributions use successful requests; tpot/e2e/itl/decode leave out requests that
    stopped before the expected length (``stopped_early``), TTFT keeps them. Token totals and
    throughputs count every successful request. ``output_tok_s`` = output tokens / window;
    ``per_stream_tok_s`` = output_tok_s / concurrency; ``request_throughput`` = ok requests / window.
    ``itl_ms`` pools every inter-chunk gap of the included requests.
    """

    schema_version: int = PERF_SCHEMA_VERSION
    concurrency: int | None = None
    rate: float | None = None  # target request rate (req/s), None for closed-loop levels
    n: int = 0
    ok: int = 0
    errors: dict[str, int] = Field(default_factory=dict)
    stopped_early: int = 0
    window_s: float | None = None
    ttft_ms: Distribution = Field(default_factory=Distribution)
    ttfb_ms: Distribution = Field(default_factory=Distribution)
    queue_ms: Distribution = Field(default_factory=Distribution)
    tpot_ms: Distribution = Field(default_factory=Distribution)
    e2e_ms: Distribution = Field(default_factory=Distribution)
    itl_ms: Distribution = Field(default_factory=Distribution)
    decode_tok_s: MedianSpread = Field(default_factory=MedianSpread)
    tokens_per_chunk: float | None = None
    output_tokens: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    output_tok_s: float | None = None
    per_stream_tok_s: float | None = None
    request_throughput: float | None = None
    flags: list[str] = Field(default_factory=list)


# --------------------------------------------------------------------------- speculative decoding


class SpecCounters(_Record):
    """Raw speculative-decoding counters (or their window deltas), engine-neutral.
    ``per_position[i]`` = steps in which draft position i was accepted."""

    drafts: float | None = None
    draft_tokens: float | None = None
    accepted_tokens: float | None = None
    per_position: list[float] = Field(default_factory=list)
    counter_reset: bool = False


class SpecDecodeStats(_Record):
    """Speculative-decoding result in vLLM semantics.

    acceptance_rate = accepted / draft_tokens; mean_accepted_length = 1 + accepted / drafts
    (includes the bonus token); per_position[i] = per_pos[i] / drafts. ``violations`` lists broken
    invariants (sum(per_pos) = accepted, per_pos non-increasing, draft_tokens <= K * drafts, ...).
    ``cumulative_since_boot`` marks figures that are not limited to the measured window.
    """

    schema_version: int = PERF_SCHEMA_VERSION
    source: str  # vllm_metrics, llamacpp_metrics, llamacpp_timings, vllm_per_request, sglang_*
    k: int | None = None  # num_speculative_tokens when known
    drafts: float | None = None
    draft_tokens: float | None = None
    accepted_tokens: float | None = None
    acceptance_rate: float | None = None
    mean_accepted_length: float | None = None
    per_position: list[float] = Field(default_factory=list)
    requests: int | None = None  # how many per-request records were summed
    violations: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    cumulative_since_boot: bool = False


class CudagraphCheck(_Record):
    """Whether a speculative verification step (batch x (K+1) tokens) hits a CUDA-graph size."""

    k: int
    batch: int = 1
    verify_tokens: int
    cudagraphs: bool  # False when no capture sizes are known (eager / NONE)
    is_capture_size: bool
    padded_to: int | None = None  # next capture size >= verify_tokens; None above the largest
    wasted_tokens: int | None = None
    note: str = ""


# --------------------------------------------------------------------------- Prometheus


class MetricSample(_Record):
    name: str  # sample name as exposed by the parser: foo_total, foo_bucket, foo_count, foo
    labels: dict[str, str] = Field(default_factory=dict)
    value: float


class MetricFamily(_Record):
    """A parsed family. Counter families are named without ``_total`` (prometheus_client parser)."""

    name: str
    type: str  # counter, gauge, histogram, summary, info, stateset, gaugehistogram, unknown
    help: str = ""
    samples: list[MetricSample] = Field(default_factory=list)


class MetricSnapshot(_Record):
    """One scrape of /metrics. Timestamps are supplied by the caller (the parser reads no clock)."""

    schema_version: int = PERF_SCHEMA_VERSION
    timestamp: float | None = None  # unix seconds, for display
    perf_ns: int | None = None  # perf_counter_ns at the scrape
    families: dict[str, MetricFamily] = Field(default_factory=dict)
    parse_error: str | None = None


class MetricDelta(_Record):
    """after - before: counters (and histogram/summary series) differenced, gauges at their
    ``after`` value. A negative counter difference is a reset: the delta is then the ``after``
    value and the series key is listed in ``resets``."""

    schema_version: int = PERF_SCHEMA_VERSION
    start: float | None = None
    end: float | None = None
    elapsed_s: float | None = None
    families: dict[str, MetricFamily] = Field(default_factory=dict)
    resets: list[str] = Field(default_factory=list)
    new_series: list[str] = Field(default_factory=list)
    missing_series: list[str] = Field(default_factory=list)


class EngineMetrics(_Record):
    """Engine-neutral view of a snapshot (absolute values) or a delta (window values)."""

    engine: str  # vllm, sglang, llama.cpp
    prompt_tokens: float | None = None
    generation_tokens: float | None = None
    cached_prompt_tokens: float | None = None
    prefix_cache_queries: float | None = None
    prefix_cache_hits: float | None = None
    prefix_cache_hit_rate: float | None = None
    requests_running: float | None = None
    requests_waiting: float | None = None
    requests_finished: float | None = None
    preemptions: float | None = None
    kv_cache_usage: float | None = None  # fraction 0-1
    kv_capacity_tokens: int | None = None
    block_size: int | None = None
    num_gpu_blocks: int | None = None
    spec: SpecCounters | None = None
    extra: dict[str, float] = Field(default_factory=dict)


# --------------------------------------------------------------------------- startup logs


class StartupInfo(_Record):
    """What a server's startup log says about its configuration. Every field is optional: logs
    differ between versions, and a missing line is not an error."""

    schema_version: int = PERF_SCHEMA_VERSION
    engine: str | None = None  # vllm, sglang, llama.cpp
    version: str | None = None
    commit: str | None = None
    model: str | None = None
    ready: bool = False
    # capacity
    kv_cache_tokens: int | None = None
    kv_cache_tokens_estimated: bool = False  # derived from concurrency x length, not printed
    kv_cache_device: str | None = None  # GPU, CPU, ...
    kv_cache_gib: float | None = None
    num_gpu_blocks: int | None = None
    num_cpu_blocks: int | None = None
    max_concurrency: float | None = None
    max_concurrency_tokens: int | None = None  # the per-request length the concurrency refers to
    max_running_requests: int | None = None
    context_len: int | None = None
    n_slots: int | None = None
    n_ctx_slot: int | None = None
    # memory and time
    model_load_gib: float | None = None
    model_load_s: float | None = None
    weights_load_s: float | None = None
    available_kv_gib: float | None = None
    init_engine_s: float | None = None
    graph_capture_s: float | None = None
    graph_capture_gib: float | None = None
    # kernels and compilation
    attention_backend: str | None = None
    moe_backend: str | None = None
    cudagraph_mode: str | None = None
    cudagraph_capture_sizes: list[int] | None = None
    max_cudagraph_capture_size: int | None = None
    cuda_graph_batch_sizes: list[int] | None = None  # SGLang cuda_graph_bs
    compilation_level: int | None = None
    compilation_mode: str | None = None
    enforce_eager: bool | None = None
    speculative_config: dict[str, Any] | None = None
    engine_config: dict[str, str] = Field(default_factory=dict)  # top-level key=value of the config repr
    cli_args: dict[str, Any] = Field(
        default_factory=dict
    )  # vLLM 'non-default args' (V1) or 'args: Namespace' (V0)
    # speculative decoding as logged at runtime (summed over lines)
    log_spec_accepted: int | None = None
    log_spec_drafted: int | None = None
    log_spec_lines: int = 0
    # failure
    fatal_error: str | None = None
    error_lines: list[str] = Field(default_factory=list)
