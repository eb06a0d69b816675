"""CUDA-graph padding for speculative verification steps.

A verification step feeds K+1 tokens per request (K drafts plus the bonus position). With CUDA
graphs the engine replays the smallest captured size >= the batch's token count and pads the rest;
above the largest captured size it runs eagerly. So a K whose K+1 (times the batch) is not a capture
size pays for padding on every step.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

from stackeval.records.perf import CudagraphCheck

__all__ = ["padded_size", "check_k", "recommend_k"]


def _sizes(capture_sizes: Iterable[int] | None) -> list[int]:
    return sorted({int(s) for s in capture_sizes or () if int(s) > 0})


def padded_size(tokens: int, capture_sizes: Iterable[int] | None) -> int | None:
    """Smallest capture size >= tokens; None when there is none (eager execution)."""
    sizes = _sizes(capture_sizes)
    i = bisect.bisect_left(sizes, tokens)
    return sizes[i] if i < len(sizes) else None


def check_k(k: int, capture_sizes: Iterable[int] | None, *, batch: int = 1) -> CudagraphCheck:
    if k < 1 or batch < 1:
        raise ValueError(f"need K >= 1 and batch >= 1, got K={k}, batch={batch}")
    sizes = _sizes(capture_sizes)
    tokens = batch * (k + 1)
    if not sizes:
        return CudagraphCheck(
            k=k,
            batch=batch,
            verify_tokens=tokens,
            cudagraphs=False,
            is_capture_size=False,
            note="no CUDA-graph capture sizes (eager or cudagraph_mode NONE)",
        )
    padded = padded_size(tokens, sizes)
    if padded is None:
        note = f"{tokens} tokens exceed the largest capture size {sizes[-1]}: runs eagerly"
    elif padded == tokens:
        note = f"{tokens} is a capture size"
    else:
        note = f"{tokens} tokens pad to {padded} ({padded - tokens} wasted per step)"
    return CudagraphCheck(
        k=k,
        batch=batch,
        verify_tokens=tokens,
        cudagraphs=True,
        is_capture_size=padded == tokens,
        padded_to=padded,
        wasted_tokens=padded - tokens if padded is not None else None,
        note=note,
    )


def recommend_k(
    capture_sizes: Iterable[int] | None,
    *,
    candidates: Sequence[int] | None = None,
    batch: int = 1,
    k_max: int = 16,
) -> list[int]:
    """K values (from ``candidates``, default 1..k_max) whose verification step is exactly a capture size."""
    sizes = set(_sizes(capture_sizes))
    ks = candidates if candidates is not None else range(1, k_max + 1)
    return [k for k in ks if k >= 1 and batch * (k + 1) in sizes]
