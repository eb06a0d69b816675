"""Per-request metrics from a ``ChatResult`` (definitions in shared/design/measurement.md).

- TTFT = first output delta - sent. ``RequestTimings.delta_ns`` only holds output deltas (content,
  reasoning or tool-call text), so the role-only prelude and keep-alives never stop the clock.
- Decode rate = (completion_tokens - 1) / (t_last_delta - t_first_delta), tokens from ``usage``.
- TPOT = (E2E - TTFT) / (completion_tokens - 1), E2E = stream end - sent.
- Inter-chunk latency = gaps between consecutive output deltas; tokens per chunk =
  completion_tokens / number of output deltas (under speculative decoding a chunk carries several).
- ``stopped_early``: an expected length was requested and fewer tokens came back.
"""

from __future__ import annotations

from stackeval.perf.stats import summarize
from stackeval.records.perf import RequestMetrics
from stackeval.records.request import ChatResult

__all__ = ["chunk_gaps_ms", "decode_rate", "request_metrics"]


def chunk_gaps_ms(result: ChatResult) -> list[float]:
    """Gaps between consecutive output deltas, in milliseconds."""
    d = result.timings.delta_ns
    return [(b - a) / 1e6 for a, b in zip(d, d[1:], strict=False)]


def _first_last(result: ChatResult) -> tuple[int | None, int | None]:
    t = result.timings
    first = t.first_output_ns if t.first_output_ns is not None else (t.delta_ns[0] if t.delta_ns else None)
    last = t.last_output_ns if t.last_output_ns is not None else (t.delta_ns[-1] if t.delta_ns else None)
    return first, last


def decode_rate(result: ChatResult) -> float | None:
    """Decode rate in tokens/s: (completion_tokens - 1) / (last output delta - first output delta), tokens
    from ``usage``. None without usage, below two tokens, or when every token arrived in one delta."""
    n = result.usage.completion_tokens if result.usage is not None else None
    first, last = _first_last(result)
    if n is None or n < 2 or first is None or last is None or last <= first:
        return None
    return (n - 1) / ((last - first) / 1e9)


def request_metrics(result: ChatResult, *, expected_tokens: int | None = None) -> RequestMetrics:
    """Metrics of one request. ``expected_tokens`` is the length a fixed-length run asked for."""
    t = result.timings
    flags: list[str] = []
    first, last = _first_last(result)
    ttft = t.ms(t.sent_ns, first)
    e2e = t.e2e_ms
    usage = result.usage
    n = usage.completion_tokens if usage is not None else None
    if n is None:
        flags.append("no_usage")

    decode = decode_rate(result)
    tpot = None
    if n is not None and n >= 2:
        if decode is None and t.delta_ns:
            flags.append("single_chunk")  # all tokens arrived at once: no decode interval
        if e2e is not None and ttft is not None:
            tpot = (e2e - ttft) / (n - 1)

    chunks = len(t.delta_ns)
    tokens_per_chunk = n / chunks if (n is not None and chunks) else None

    stopped_early = False
    if expected_tokens is not None:
        if n is None:
            flags.append("length_unverified")
        elif n < expected_tokens:
            stopped_early = True
        elif n > expected_tokens:
            flags.append("longer_than_expected")

    if result.ok and first is None:
        flags.append("no_output")
    error = None
    if not result.ok:
        error = result.error.label if result.error is not None else "unknown"

    return RequestMetrics(
        ok=result.ok,
        error=error,
        ttft_ms=ttft,
        ttfb_ms=t.ttfb_ms,
        queue_ms=t.queue_ms,
        e2e_ms=e2e,
        ttft_from_scheduled_ms=t.ms(t.scheduled_ns, first),
        e2e_from_scheduled_ms=t.ms(t.scheduled_ns, t.end_ns),
        tpot_ms=tpot,
        decode_tok_s=decode,
        itl_ms=summarize(chunk_gaps_ms(result)),
        chunks=chunks,
        tokens_per_chunk=tokens_per_chunk,
        completion_tokens=n,
        prompt_tokens=usage.prompt_tokens if usage is not None else None,
        cached_tokens=usage.cached_tokens if usage is not None else None,
        expected_tokens=expected_tokens,
        stopped_early=stopped_early,
        finish_reason=result.finish_reason,
        flags=flags,
    )
