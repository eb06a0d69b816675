"""The lean HTTP/1.1 path's response receiver (``client/h1.py`` calls it where bytes arrive). Split out of
``client/http.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stackeval.client.assemble import StreamAssembler
from stackeval.client.attempt import _Fail, _now, _Stamps
from stackeval.client.h1 import Head
from stackeval.client.sse import SSEParser
from stackeval.records.request import ErrorClass, RequestError

if TYPE_CHECKING:
    from stackeval.client.http import Client


class _Sink:
    """Receives one lean-path response where its bytes arrive (client/h1.py): the same per-read work
    as ``Client._read_stream`` (first-byte stamp, size limit, excerpt, SSE events stamped with the
    arrival time of their read), or the body collected for an error status or a non-SSE answer."""

    __slots__ = ("client", "t", "asm", "head", "parser", "total", "done", "mode", "raw", "resp", "limit")

    def __init__(self, client: Client, t: _Stamps, asm: StreamAssembler) -> None:
        self.client, self.t, self.asm = client, t, asm
        self.head = bytearray()
        self.parser = SSEParser()
        self.total = 0
        self.done = False
        self.mode = 1  # 0 error status, 1 event stream, 2 whole body
        self.raw = bytearray()
        self.resp: Head | None = None
        self.limit = 0

    def on_head(self, h: Head) -> None:
        self.resp = h
        if h.status >= 300:
            self.mode, self.limit = 0, 64 * 1024
        elif "text/event-stream" not in h.get("content-type", "text/event-stream"):
            self.mode, self.limit = 2, self.client.opts.max_response_bytes

    def on_body(self, data: bytes, now: int) -> bool:
        if self.mode != 1:
            self.raw += data
            return len(self.raw) > self.limit
        t, o = self.t, self.client.opts
        if t.first_byte_ns is None:
            t.first_byte_ns = now
        self.total += len(data)
        if len(self.head) < o.excerpt_bytes:
            self.head += data[: o.excerpt_bytes - len(self.head)]
        if self.total > o.max_response_bytes:
            t.end_ns = now
            raise _Fail(RequestError(cls=ErrorClass.RESPONSE_TOO_LARGE, message=f"response over {o.max_response_bytes} bytes"))
        event, asm = self.client._event, self.asm
        for ev in self.parser.feed(data):
            if event(ev, now, t, asm):
                self.done = True
        return self.done

    def on_end(self, now: int) -> None:
        if self.mode == 1 and not self.done:
            for ev in self.parser.close():
                if self.client._event(ev, _now(), self.t, self.asm):
                    self.done = True
