"""Builders for ChatResult records with hand-chosen timestamps (all in ms, converted to ns)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from stackeval.records.request import ChatResult, ErrorClass, RequestError, RequestTimings, Usage

MS = 1_000_000


def build_result(
    *,
    deltas_ms: Sequence[float] = (),
    completion_tokens: int | None = None,
    scheduled_ms: float = 0.0,
    sent_ms: float = 0.0,
    first_byte_ms: float | None = None,
    end_ms: float | None = None,
    prompt_tokens: int | None = 10,
    error: RequestError | None = None,
    finish_reason: str | None = "length",
) -> ChatResult:
    d = [int(x * MS) for x in deltas_ms]
    usage = None
    if completion_tokens is not None:
        usage = Usage(prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
    timings = RequestTimings(
        scheduled_ns=int(scheduled_ms * MS),
        sent_ns=int(sent_ms * MS),
        first_byte_ns=int(first_byte_ms * MS) if first_byte_ms is not None else (d[0] if d else None),
        first_output_ns=d[0] if d else None,
        last_output_ns=d[-1] if d else None,
        end_ns=int(end_ms * MS) if end_ms is not None else (d[-1] if d else None),
        delta_ns=d,
        delta_chars=[3] * len(d),
        chunks=len(d) + 2,
    )
    return ChatResult(
        ok=error is None,
        error=error,
        status=200 if error is None else (error.status or None),
        usage=usage,
        finish_reason=finish_reason if error is None else None,
        timings=timings,
    )


def http_error(status: int) -> RequestError:
    return RequestError(cls=ErrorClass.HTTP, message=f"HTTP {status}", status=status)


@pytest.fixture
def make_result() -> Callable[..., ChatResult]:
    return build_result
