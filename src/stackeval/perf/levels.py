"""Summary of one load level (a concurrency or a request rate) over a measured window.

Which requests go where:
- errors are counted by class (``RequestError.label``) and appear in no latency figure;
- TTFT, TTFB and queue time use every successful request;
- TPOT, E2E, inter-chunk gaps and decode rate leave out requests that stopped before the expected
  length ("marked, not averaged in"), and requests without ``usage`` have no token-based figures;
- output/prompt token totals and throughputs count every successful request, since the server did
  produce those tokens inside the window.

Throughputs: output_tok_s = output tokens / window; per_stream_tok_s = output_tok_s / concurrency;
request_throughput = successful requests / window. The window is given in perf_counter ns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from stackeval.perf.requests import chunk_gaps_ms, request_metrics
from stackeval.perf.stats import median_spread, summarize
from stackeval.records.perf import LevelSummary
from stackeval.records.request import ChatResult

__all__ = ["summarize_level"]


def summarize_level(
    results: Sequence[ChatResult],
    *,
    window_start_ns: int,
    window_end_ns: int,
    concurrency: int | None = None,
    rate: float | None = None,
    expected_tokens: int | None = None,
) -> LevelSummary:
    metrics = [request_metrics(r, expected_tokens=expected_tokens) for r in results]
    ok = [(r, m) for r, m in zip(results, metrics, strict=True) if m.ok]
    full = [(r, m) for r, m in ok if not m.stopped_early]
    errors = Counter(m.error or "unknown" for m in metrics if not m.ok)

    gaps: list[float] = []
    for r, _ in full:
        gaps.extend(chunk_gaps_ms(r))

    output_tokens = sum(m.completion_tokens or 0 for _, m in ok)
    counted = [m for _, m in full if m.completion_tokens is not None and m.chunks]
    chunks = sum(m.chunks for m in counted)
    tokens_in_chunks = sum(m.completion_tokens or 0 for m in counted)

    window_s = (window_end_ns - window_start_ns) / 1e9
    flags: list[str] = []
    output_tok_s = per_stream = req_s = None
    if window_s > 0:
        output_tok_s = output_tokens / window_s
        req_s = len(ok) / window_s
        if concurrency:
            per_stream = output_tok_s / concurrency
    else:
        flags.append("empty_window")
    if any(m.completion_tokens is None for _, m in ok):
        flags.append("usage_missing")

    return LevelSummary(
        concurrency=concurrency,
        rate=rate,
        n=len(metrics),
        ok=len(ok),
        errors=dict(sorted(errors.items())),
        stopped_early=sum(1 for _, m in ok if m.stopped_early),
        window_s=window_s if window_s > 0 else None,
        ttft_ms=summarize(m.ttft_ms for _, m in ok),
        ttfb_ms=summarize(m.ttfb_ms for _, m in ok),
        queue_ms=summarize(m.queue_ms for _, m in ok),
        tpot_ms=summarize(m.tpot_ms for _, m in full),
        e2e_ms=summarize(m.e2e_ms for _, m in full),
        itl_ms=summarize(gaps),
        decode_tok_s=median_spread(m.decode_tok_s for _, m in full),
        tokens_per_chunk=tokens_in_chunks / chunks if chunks else None,
        output_tokens=output_tokens,
        prompt_tokens=sum(m.prompt_tokens or 0 for _, m in ok),
        cached_tokens=sum(m.cached_tokens or 0 for _, m in ok),
        output_tok_s=output_tok_s,
        per_stream_tok_s=per_stream,
        request_throughput=req_s,
        flags=flags,
    )
