"""What one attempt of ``client.http.Client`` works with, apart from the client itself: SSE payload
decoding, the mutable timing stamps, the failure carrier, body reading and error-excerpt helpers. Split
out of ``client/http.py``, which re-exports ``RETRY_STATUSES`` and ``REDACTED``."""

from __future__ import annotations

import json
import time
from email.utils import parsedate_to_datetime
from typing import Any

import aiohttp
import msgspec

from stackeval.records.request import RequestError, RequestTimings

_now = time.perf_counter_ns
_decoder = json.JSONDecoder()
_decode = _decoder.decode
_raw_decode = _decoder.raw_decode


def _std_loads(ev: bytes) -> Any:
    """``json.loads`` for one SSE payload: decode the bytes once (``json.loads(bytes)`` sniffs the
    encoding in Python on every call) and parse with ``raw_decode``, falling back to the full
    ``decode`` (leading/trailing whitespace, errors) when the text is not exactly one JSON value."""
    s = ev.decode("utf-8", "surrogatepass")
    try:
        obj, end = _raw_decode(s)
    except ValueError:
        return _decode(s)
    return obj if end == len(s) else _decode(s)


def _loads(ev: bytes) -> Any:
    """One SSE payload to Python objects. msgspec's decoder is ~5x the stdlib's on a chunk; anything
    it refuses (NaN, lone surrogates, integers beyond 64 bits, bad JSON) goes through the stdlib
    decoder, so what is accepted and what raises ``ValueError`` is exactly what ``json`` decides."""
    try:
        return _fast_decode(ev)
    except ValueError:  # msgspec.DecodeError is a ValueError
        return _std_loads(ev)


_fast_decode = msgspec.json.Decoder().decode
RETRY_STATUSES = frozenset({429, 502, 503})
REDACTED = "[redacted]"


def _retry_after(headers: Any) -> float | None:
    v = headers.get("Retry-After") if headers is not None else None
    if not v:
        return None
    try:
        return max(0.0, float(v))
    except ValueError:
        try:
            dt = parsedate_to_datetime(v)
            return max(0.0, dt.timestamp() - time.time())
        except (TypeError, ValueError):
            return None


def _excerpt(raw: bytes, limit: int) -> str:
    if len(raw) <= limit:
        return raw.decode("utf-8", "replace")
    half = limit // 2
    return raw[:half].decode("utf-8", "replace") + " … " + raw[-half:].decode("utf-8", "replace")


async def _read_upto(r: aiohttp.ClientResponse, limit: int) -> bytes:
    """Read the body until EOF or ``limit + 1`` bytes. ``StreamReader.read(n)`` returns whatever is
    buffered (one socket read), not n bytes: a single call truncates any body that arrives in pieces."""
    buf = bytearray()
    while len(buf) <= limit:
        part = await r.content.read(limit + 1 - len(buf))
        if not part:
            break
        buf += part
    return bytes(buf)


class _Stamps:
    """Mutable timing state of one attempt while it runs; turned into a ``RequestTimings`` record once,
    at the end. Plain slots, because a pydantic ``__setattr__`` per chunk costs more than the rest of
    the per-chunk work together."""

    __slots__ = ("scheduled_ns", "sent_ns", "first_byte_ns", "end_ns", "delta_ns", "delta_chars", "chunks")

    def __init__(self, scheduled_ns: int) -> None:
        self.scheduled_ns = scheduled_ns
        self.sent_ns: int | None = None
        self.first_byte_ns: int | None = None
        self.end_ns: int | None = None
        self.delta_ns: list[int] = []
        self.delta_chars: list[int] = []
        self.chunks = 0

    def record(self) -> RequestTimings:
        # every value is an int or a list of ints stamped by this module: no validation needed
        d = self.delta_ns
        return RequestTimings.model_construct(
            scheduled_ns=self.scheduled_ns, sent_ns=self.sent_ns, first_byte_ns=self.first_byte_ns,
            first_output_ns=d[0] if d else None, last_output_ns=d[-1] if d else None, end_ns=self.end_ns,
            delta_ns=d, delta_chars=self.delta_chars, chunks=self.chunks,
        )


_DONE = b"[DONE]"


class _Fail(Exception):
    def __init__(self, err: RequestError, retry_after: float | None = None) -> None:
        super().__init__(err.message)
        self.err = err
        self.retry_after = retry_after


class _JsonBytes(aiohttp.BytesPayload):
    def __init__(self, value: bytes) -> None:
        super().__init__(value, content_type="application/json")
