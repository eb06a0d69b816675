"""Prometheus ``/metrics`` text -> typed snapshots, window deltas and engine-neutral values.

Parsing uses ``prometheus_client.parser.text_string_to_metric_families``, which names counter
families without ``_total`` (sample ``vllm:prompt_tokens_total`` lives in family
``vllm:prompt_tokens``). Look-ups here accept either spelling. Labels are matched by name, never by
position. All functions are pure: the caller supplies the text and the timestamps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from prometheus_client.parser import text_string_to_metric_families

from stackeval.records.perf import (
    EngineMetrics,
    MetricDelta,
    MetricFamily,
    MetricSample,
    MetricSnapshot,
    SpecCounters,
)

__all__ = [
    "parse_metrics",
    "diff",
    "family",
    "samples",
    "total",
    "mean",
    "detect_engine",
    "spec_counters",
    "engine_metrics",
]

_CUMULATIVE = {"counter", "histogram", "summary", "gaugehistogram"}


class _HasFamilies(Protocol):
    families: dict[str, MetricFamily]


# --------------------------------------------------------------------------- parse and diff


def parse_metrics(text: str, *, timestamp: float | None = None, perf_ns: int | None = None) -> MetricSnapshot:
    """Parse exposition text. A malformed body is data: what parsed is kept and the error recorded."""
    fams: dict[str, MetricFamily] = {}
    error = None
    try:
        for f in text_string_to_metric_families(text):
            fam = fams.setdefault(f.name, MetricFamily(name=f.name, type=f.type, help=f.documentation or ""))
            fam.samples.extend(
                MetricSample(name=s.name, labels=dict(s.labels), value=float(s.value)) for s in f.samples
            )
    except (ValueError, TypeError, IndexError) as e:
        error = f"{type(e).__name__}: {e}"
    return MetricSnapshot(timestamp=timestamp, perf_ns=perf_ns, families=fams, parse_error=error)


def _key(s: MetricSample) -> str:
    inner = ",".join(f'{k}="{v}"' for k, v in sorted(s.labels.items()))
    return f"{s.name}{{{inner}}}"


def diff(before: MetricSnapshot, after: MetricSnapshot) -> MetricDelta:
    """Window delta. Counter-like series (counters, histogram and summary series): after - before,
    a series absent before counts from 0, a negative difference is a reset (delta = after).
    ``_created`` timestamps and gauges keep their ``after`` value."""
    old = {_key(s): s.value for f in before.families.values() for s in f.samples}
    resets: list[str] = []
    new: list[str] = []
    seen: set[str] = set()
    fams: dict[str, MetricFamily] = {}
    for name, f in after.families.items():
        out = MetricFamily(name=name, type=f.type, help=f.help)
        for s in f.samples:
            key = _key(s)
            seen.add(key)
            value = s.value
            cumulative = f.type in _CUMULATIVE or (f.type == "unknown" and s.name.endswith("_total"))
            if cumulative and not s.name.endswith("_created"):
                prev = old.get(key)
                if prev is None:
                    new.append(key)
                elif value < prev:
                    resets.append(key)
                else:
                    value = value - prev
            out.samples.append(MetricSample(name=s.name, labels=s.labels, value=value))
        fams[name] = out
    elapsed = None
    if before.perf_ns is not None and after.perf_ns is not None:
        elapsed = (after.perf_ns - before.perf_ns) / 1e9
    elif before.timestamp is not None and after.timestamp is not None:
        elapsed = after.timestamp - before.timestamp
    return MetricDelta(
        start=before.timestamp,
        end=after.timestamp,
        elapsed_s=elapsed,
        families=fams,
        resets=resets,
        new_series=new,
        missing_series=sorted(k for k in old if k not in seen),
    )


# --------------------------------------------------------------------------- look-ups


def family(c: _HasFamilies, name: str) -> MetricFamily | None:
    """The family for ``name``, spelled with or without ``_total``."""
    for n in (name, name.removesuffix("_total"), name + "_total"):
        if n in c.families:
            return c.families[n]
    return None


def samples(
    c: _HasFamilies, name: str, *, suffix: str | None = None, labels: Mapping[str, str] | None = None
) -> list[MetricSample]:
    """Samples of a family matching ``labels``. Default sample: ``<family>_total`` for counters,
    the bare family name otherwise; ``suffix`` picks e.g. ``_count``/``_sum``/``_bucket``."""
    f = family(c, name)
    if f is None and suffix is None:  # "foo_count" / "foo_sum" / "foo_bucket" of histogram "foo"
        for sfx in ("_count", "_sum", "_bucket"):
            if name.endswith(sfx) and family(c, name.removesuffix(sfx)) is not None:
                return samples(c, name.removesuffix(sfx), suffix=sfx, labels=labels)
    if f is None:
        return []
    if suffix is not None:
        wanted = {f.name + suffix}
    elif f.type == "counter":
        wanted = {f.name + "_total", f.name}
    else:
        wanted = {f.name}
    want = dict(labels or {})
    return [s for s in f.samples if s.name in wanted and all(s.labels.get(k) == v for k, v in want.items())]


def total(
    c: _HasFamilies, name: str, *, suffix: str | None = None, labels: Mapping[str, str] | None = None
) -> float | None:
    """Sum over every matching series; None when the family or every series is absent."""
    ss = samples(c, name, suffix=suffix, labels=labels)
    return sum(s.value for s in ss) if ss else None


def mean(
    c: _HasFamilies, name: str, *, suffix: str | None = None, labels: Mapping[str, str] | None = None
) -> float | None:
    ss = samples(c, name, suffix=suffix, labels=labels)
    return sum(s.value for s in ss) / len(ss) if ss else None


def detect_engine(c: _HasFamilies) -> str | None:
    prefixes = {"vllm:": "vllm", "sglang:": "sglang", "llamacpp:": "llama.cpp"}
    for name in c.families:
        for p, engine in prefixes.items():
            if name.startswith(p):
                return engine
    return None


# --------------------------------------------------------------------------- engine extraction


def spec_counters(c: _HasFamilies, prefix: str = "vllm:") -> SpecCounters | None:
    """Spec-decode counters (vLLM and llama.cpp share names): summed over engines/labels,
    ``per_position`` ordered by the ``position`` label. None when the engine exposes none."""
    drafts = total(c, prefix + "spec_decode_num_drafts")
    draft_tokens = total(c, prefix + "spec_decode_num_draft_tokens")
    accepted = total(c, prefix + "spec_decode_num_accepted_tokens")
    if drafts is None and draft_tokens is None and accepted is None:
        return None
    by_pos: dict[int, float] = {}
    for s in samples(c, prefix + "spec_decode_num_accepted_tokens_per_pos"):
        pos = s.labels.get("position")
        if pos is not None and pos.lstrip("-").isdigit():
            by_pos[int(pos)] = by_pos.get(int(pos), 0.0) + s.value
    per_pos = [by_pos.get(i, 0.0) for i in range(max(by_pos) + 1)] if by_pos else []
    reset = False
    if isinstance(c, MetricDelta):
        reset = any(prefix + "spec_decode" in k for k in c.resets)
    return SpecCounters(
        drafts=drafts,
        draft_tokens=draft_tokens,
        accepted_tokens=accepted,
        per_position=per_pos,
        counter_reset=reset,
    )


def _int_label(v: str | None) -> int | None:
    if v is None or v.strip() in ("", "None", "null"):
        return None
    try:
        return int(float(v))
    except ValueError:
        return None


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


def _vllm(c: _HasFamilies) -> EngineMetrics:
    p = "vllm:"
    queries = total(c, p + "prefix_cache_queries")
    hits = total(c, p + "prefix_cache_hits")
    if queries is None:  # older, deprecated names
        queries, hits = total(c, p + "gpu_prefix_cache_queries"), total(c, p + "gpu_prefix_cache_hits")
    usage = mean(c, p + "kv_cache_usage_perc")
    if usage is None:
        usage = mean(c, p + "gpu_cache_usage_perc")
    capacity = block = blocks = None
    for s in samples(c, p + "cache_config_info"):  # one series per engine: capacities add up
        bs, nb = _int_label(s.labels.get("block_size")), _int_label(s.labels.get("num_gpu_blocks"))
        tokens = _int_label(s.labels.get("kv_cache_size_tokens"))
        if tokens is None and bs is not None and nb is not None:
            tokens = bs * nb
        block = bs if bs is not None else block
        blocks = (blocks or 0) + nb if nb is not None else blocks
        capacity = (capacity or 0) + tokens if tokens is not None else capacity
    return EngineMetrics(
        engine="vllm",
        prompt_tokens=total(c, p + "prompt_tokens"),
        generation_tokens=total(c, p + "generation_tokens"),
        cached_prompt_tokens=total(c, p + "prompt_tokens_cached"),
        prefix_cache_queries=queries,
        prefix_cache_hits=hits,
        prefix_cache_hit_rate=_ratio(hits, queries),
        requests_running=total(c, p + "num_requests_running"),
        requests_waiting=total(c, p + "num_requests_waiting"),
        requests_finished=total(c, p + "request_success"),
        preemptions=total(c, p + "num_preemptions"),
        kv_cache_usage=usage,
        kv_capacity_tokens=capacity,
        block_size=block,
        num_gpu_blocks=blocks,
        spec=spec_counters(c, p),
    )


def _llamacpp(c: _HasFamilies) -> EngineMetrics:
    p = "llamacpp:"
    extra = {}
    for n in (
        "prompt_seconds",
        "tokens_predicted_seconds",
        "n_decode",
        "n_tokens_max",
        "prompt_tokens_seconds",
        "predicted_tokens_seconds",
        "n_busy_slots_per_decode",
    ):
        v = total(c, p + n)
        if v is not None:
            extra[n] = v
    return EngineMetrics(
        engine="llama.cpp",
        prompt_tokens=total(c, p + "prompt_tokens"),
        generation_tokens=total(c, p + "tokens_predicted"),
        cached_prompt_tokens=total(c, p + "prompt_tokens_cached"),
        requests_running=total(c, p + "requests_processing"),
        requests_waiting=total(c, p + "requests_deferred"),
        spec=spec_counters(c, p),
        extra=extra,
    )


def _by_dp_rank(c: _HasFamilies, name: str, *, add: bool) -> float | None:
    """Per dp_rank, average duplicate series (e.g. one per tp_rank); then across dp ranks add
    (counts, capacities) or average (ratios)."""
    groups: dict[str, list[float]] = {}
    for s in samples(c, name):
        groups.setdefault(s.labels.get("dp_rank", ""), []).append(s.value)
    if not groups:
        return None
    per_rank = [sum(v) / len(v) for v in groups.values()]
    return sum(per_rank) if add else sum(per_rank) / len(per_rank)


def _sglang(c: _HasFamilies) -> EngineMetrics:
    """Counters add up over every series. Gauges that are ratios (token_usage, cache_hit_rate,
    spec_accept_*) are averaged over dp ranks; gauges that count (running/queued requests, tokens,
    max_total_num_tokens) add up over dp ranks."""
    p = "sglang:"
    extra = {}
    for n, add in (
        ("gen_throughput", True),
        ("cache_hit_rate", False),
        ("spec_accept_length", False),
        ("spec_accept_rate", False),
        ("num_used_tokens", True),
        ("spec_verify_calls", True),
        ("num_retracted_reqs", True),
        ("utilization", False),
    ):
        f = family(c, p + n)
        if f is None:
            continue
        v = total(c, p + n) if f.type == "counter" else _by_dp_rank(c, p + n, add=add)
        if v is not None:
            extra[n] = v
    capacity = _by_dp_rank(c, p + "max_total_num_tokens", add=True)
    running = _by_dp_rank(c, p + "num_running_reqs", add=True)
    return EngineMetrics(
        engine="sglang",
        prompt_tokens=total(c, p + "prompt_tokens"),
        generation_tokens=total(c, p + "generation_tokens"),
        cached_prompt_tokens=total(c, p + "cached_tokens"),
        requests_running=running
        if running is not None
        else _by_dp_rank(c, p + "num_requests_running", add=True),
        requests_waiting=_by_dp_rank(c, p + "num_queue_reqs", add=True),
        requests_finished=total(c, p + "num_requests"),
        kv_cache_usage=_by_dp_rank(c, p + "token_usage", add=False),
        kv_capacity_tokens=int(capacity) if capacity is not None else None,
        extra=extra,
    )


def engine_metrics(c: _HasFamilies, engine: str | None = None) -> EngineMetrics | None:
    """Engine-neutral values from a snapshot (absolute) or a delta (window). None if unknown engine."""
    engine = engine or detect_engine(c)
    if engine == "vllm":
        return _vllm(c)
    if engine in ("llama.cpp", "llamacpp"):  # discovery names it "llamacpp"
        return _llamacpp(c)
    if engine == "sglang":
        return _sglang(c)
    return None
