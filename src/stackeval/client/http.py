"""Async OpenAI-compatible client with per-request timing records and classified errors.

Streamed requests to ``http://`` URLs go through the lean HTTP/1.1 path (``client/h1.py``: one
Protocol per keep-alive connection, SSE events stamped where their bytes arrive); everything else, and
every request when ``ClientOptions.transport == "aiohttp"``, goes through aiohttp. Both produce the same
records and the same error classes.

Timing anchor: ``sent_ns`` is stamped immediately before the request is handed to aiohttp (after any
client-side queueing, which the caller stamps as ``scheduled_ns``). TTFT is measured to the first
*output* delta: content, reasoning or tool-call text; the role-only prelude does not stop the clock.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from yarl import URL

from stackeval.client.assemble import ShapeError, StreamAssembler, split_think
from stackeval.client.attempt import (
    _DONE,
    REDACTED,
    RETRY_STATUSES,
    _excerpt,
    _Fail,
    _fast_decode,
    _JsonBytes,
    _now,
    _read_upto,
    _retry_after,
    _Stamps,
    _std_loads,
)
from stackeval.client.endpoint import check_base_url, parse_endpoint  # noqa: F401 (check_base_url re-exported)
from stackeval.client.h1 import H1ConnectError, H1ConnectTimeout, H1Disconnected, H1Pool, H1ReadTimeout
from stackeval.client.sink import _Sink
from stackeval.client.sse import SSEParser
from stackeval.records.request import (
    Attempt,
    ChatRequest,
    ChatResult,
    ErrorClass,
    RequestError,
    RequestTimings,
)


@dataclass(frozen=True)
class ClientOptions:
    base_url: str
    api_key: str | None = field(default=None, repr=False)
    connect_timeout_s: float = 10.0
    read_timeout_s: float = 120.0  # longest silence allowed between bytes
    total_timeout_s: float = 900.0
    max_retries: int = 2
    backoff_base_s: float = 0.5
    backoff_max_s: float = 20.0
    max_response_bytes: int = 32 * 1024 * 1024
    max_connections: int = 0  # 0 = unbounded; callers bound concurrency themselves
    excerpt_bytes: int = 600
    # "auto": streamed requests to http:// URLs go through the lean HTTP/1.1 path (client/h1.py),
    # everything else through aiohttp; "aiohttp": aiohttp for everything.
    transport: str = "auto"

    def url(self, path: str) -> str:
        """``/v1/...`` under the API base, server-level paths (/metrics, /props...) under the root, for
        every spelling of the endpoint (see ``client.endpoint``)."""
        return parse_endpoint(self.base_url).url(path)


class Client:
    """Use as ``async with Client(opts) as c: await c.chat(req)``."""

    def __init__(self, opts: ClientOptions) -> None:
        self.opts = opts
        self._session: aiohttp.ClientSession | None = None
        self._urls: dict[str, URL] = {}
        self._pools: dict[tuple[str, int], H1Pool] = {}
        self._h1_heads: dict[str, tuple[H1Pool, bytes] | None] = {}

    def _url(self, path: str) -> URL:
        u = self._urls.get(path)
        if u is None:
            u = self._urls[path] = URL(self.opts.url(path))
        return u

    async def __aenter__(self) -> Client:
        headers = {"Accept": "application/json, text/event-stream"}
        if self.opts.api_key:
            headers["Authorization"] = f"Bearer {self.opts.api_key}"
        conn = aiohttp.TCPConnector(limit=self.opts.max_connections, ttl_dns_cache=300)
        self._session = aiohttp.ClientSession(
            headers=headers,
            connector=conn,
            timeout=aiohttp.ClientTimeout(
                total=None, sock_connect=self.opts.connect_timeout_s, sock_read=self.opts.read_timeout_s
            ),
            auto_decompress=True,
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        for pool in self._pools.values():
            pool.close()
        self._pools.clear()
        self._h1_heads.clear()
        if self._session is not None:
            await self._session.close()
            self._session = None
        await asyncio.sleep(0)  # aborted transports close their sockets in a callback: let it run on this loop

    @property
    def session(self) -> aiohttp.ClientSession:
        if self._session is None:
            raise RuntimeError("Client used outside 'async with'")
        return self._session

    # ---- simple GETs for discovery and /metrics -------------------------------------------------
    async def get(self, path: str, timeout_s: float = 5.0) -> tuple[int | None, str, str]:
        """(status, content-type, text). status None = could not connect / timed out."""
        try:
            async with asyncio.timeout(timeout_s):
                async with self.session.get(self.opts.url(path)) as r:
                    raw = await _read_upto(r, 4 * 1024 * 1024)
                    return r.status, r.headers.get("Content-Type", ""), self._scrub_text(raw.decode("utf-8", "replace"))
        except (aiohttp.ClientError, TimeoutError, OSError):
            return None, "", ""

    async def post_json(self, path: str, body: dict[str, Any], timeout_s: float = 10.0) -> tuple[int | None, str]:
        try:
            async with asyncio.timeout(timeout_s):
                async with self.session.post(self.opts.url(path), json=body) as r:
                    raw = await _read_upto(r, 4 * 1024 * 1024)
                    return r.status, self._scrub_text(raw.decode("utf-8", "replace"))
        except (aiohttp.ClientError, TimeoutError, OSError):
            return None, ""

    # ---- chat / completions ---------------------------------------------------------------------
    async def chat(self, req: ChatRequest, scheduled_ns: int | None = None) -> ChatResult:
        body = dict(req.body)
        body["stream"] = req.stream
        if req.stream:
            so = dict(body.get("stream_options") or {})
            so.setdefault("include_usage", True)
            body["stream_options"] = so
        payload = json.dumps(body).encode()
        attempts: list[Attempt] = []
        sched = scheduled_ns if scheduled_ns is not None else _now()
        n = 0
        while True:
            n += 1
            t = _Stamps(sched)
            asm = StreamAssembler()
            started = _now()
            try:
                status, raw = await self._once(req, payload, t, asm)
                attempts.append(Attempt.model_construct(n=n, started_ns=started, ended_ns=_now(), error=None,
                                                        retry_after_s=None))
                return self._result(True, None, attempts, status, asm, t.record(), raw)
            except _Fail as f:
                attempts.append(Attempt(n=n, started_ns=started, ended_ns=_now(), error=f.err, retry_after_s=f.retry_after))
                if n <= self.opts.max_retries and self._retryable(f.err):
                    delay = f.retry_after if f.retry_after is not None else min(
                        self.opts.backoff_max_s, self.opts.backoff_base_s * 2 ** (n - 1)
                    ) * (0.75 + 0.5 * random.random())
                    await asyncio.sleep(min(delay, self.opts.backoff_max_s))
                    continue
                return self._result(False, f.err, attempts, f.err.status, asm, t.record(), f.err.body_excerpt.encode())

    @staticmethod
    def _retryable(err: RequestError) -> bool:
        if err.cls is ErrorClass.HTTP:
            return err.status in RETRY_STATUSES
        return err.cls is ErrorClass.CONNECT

    def _result(
        self, ok: bool, err: RequestError | None, attempts: list[Attempt], status: int | None,
        asm: StreamAssembler, t: RequestTimings, raw: bytes,
    ) -> ChatResult:
        content, reasoning, source = asm.content, asm.reasoning, ("field" if asm.reasoning else None)
        if not reasoning:
            r, c, leaked = split_think(content)
            if leaked:
                reasoning, content, source = r, c, "think_tags"
        return self._scrub(ChatResult(
            ok=ok, error=err, attempts=attempts, status=status, content=content, reasoning=reasoning,
            reasoning_source=source, tool_calls=asm.tool_calls, finish_reason=asm.finish_reason,
            usage=asm.usage, server_timings=asm.server_timings, extra=asm.extra, model=asm.model,
            system_fingerprint=asm.system_fingerprint, timings=t,
            raw_excerpt=_excerpt(raw, self.opts.excerpt_bytes),
        ))

    def _scrub(self, res: ChatResult) -> ChatResult:
        """A server that echoes our Authorization header (in an error page, or as "content") must not get
        the API key into results, the store or reports: every occurrence becomes ``[redacted]``."""
        key = self.opts.api_key
        if not key:
            return res
        js = res.model_dump_json()
        forms = {key, json.dumps(key, ensure_ascii=False)[1:-1], json.dumps(key)[1:-1]}
        if not any(f in js for f in forms):
            return res
        for f in sorted(forms, key=len, reverse=True):
            js = js.replace(f, REDACTED)
        return ChatResult.model_validate_json(js)

    def _scrub_text(self, text: str) -> str:
        key = self.opts.api_key
        return text.replace(key, REDACTED) if key and key in text else text

    def _h1_for(self, path: str) -> tuple[H1Pool, bytes] | None:
        """(pool, request head up to the Content-Length value) for a path on an http:// URL, else None."""
        if path in self._h1_heads:
            return self._h1_heads[path]
        out = None
        u = self._url(path)
        if (self.opts.transport == "auto" and u.scheme == "http" and u.host and self._session is not None
                and not self.opts.max_connections):  # a connection limit is aiohttp's connector's job
            port = u.port or 80
            pool = self._pools.get((u.host, port))
            if pool is None:
                pool = self._pools[(u.host, port)] = H1Pool(u.host, port, _now)
            host = u.host if port == 80 else f"{u.host}:{port}"
            lines = [f"POST {u.raw_path_qs} HTTP/1.1", f"Host: {host}", f"User-Agent: stackeval aiohttp/{aiohttp.__version__}",
                     *(f"{k}: {v}" for k, v in self.session.headers.items()), "Accept-Encoding: gzip, deflate",
                     "Content-Type: application/json", "Content-Length: "]
            out = (pool, "\r\n".join(lines).encode("latin-1"))
        self._h1_heads[path] = out
        return out

    async def _once(self, req: ChatRequest, payload: bytes, t: _Stamps, asm: StreamAssembler) -> tuple[int, bytes]:
        if req.stream:
            h1 = self._h1_for(req.path)
            if h1 is not None:
                return await self._once_h1(h1[0], h1[1], payload, t, asm)
        o = self.opts
        head = bytearray()
        try:
            async with asyncio.timeout(o.total_timeout_s):
                t.sent_ns = _now()
                # a ready URL and a typed payload: no URL parsing or header merging per request
                async with self.session.post(self._url(req.path), data=_JsonBytes(payload)) as r:
                    if r.status >= 300:
                        raw = await _read_upto(r, 64 * 1024)
                        t.end_ns = _now()
                        raise _Fail(
                            RequestError(cls=ErrorClass.HTTP, status=r.status, message=f"HTTP {r.status}",
                                         body_excerpt=_excerpt(raw, o.excerpt_bytes)),
                            _retry_after(r.headers),
                        )
                    if req.stream and "text/event-stream" in r.headers.get("Content-Type", "text/event-stream"):
                        await self._read_stream(r, t, asm, head)
                    else:
                        await self._read_body(r, t, asm, head)
                    return r.status, bytes(head)
        except _Fail:
            raise
        except TimeoutError as e:
            cls = ErrorClass.TIMEOUT_TOTAL
            if isinstance(e, aiohttp.ConnectionTimeoutError):
                cls = ErrorClass.TIMEOUT_CONNECT
            elif isinstance(e, aiohttp.SocketTimeoutError):
                cls = ErrorClass.TIMEOUT_READ
            t.end_ns = _now()
            raise _Fail(RequestError(cls=cls, message=f"{cls.value} after {(t.end_ns - (t.sent_ns or t.end_ns)) / 1e9:.1f}s",
                                     body_excerpt=_excerpt(bytes(head), o.excerpt_bytes))) from e
        except (aiohttp.ClientPayloadError, aiohttp.ServerDisconnectedError) as e:
            t.end_ns = _now()
            cls = ErrorClass.DISCONNECTED if t.first_byte_ns is not None else ErrorClass.CONNECT
            raise _Fail(RequestError(cls=cls, message=f"{type(e).__name__}: {e}",
                                     body_excerpt=_excerpt(bytes(head), o.excerpt_bytes))) from e
        except (aiohttp.ClientConnectionError, OSError) as e:
            t.end_ns = _now()
            cls = ErrorClass.DISCONNECTED if t.first_byte_ns is not None else ErrorClass.CONNECT
            raise _Fail(RequestError(cls=cls, message=f"{type(e).__name__}: {e}")) from e
        except aiohttp.ClientError as e:
            t.end_ns = _now()
            raise _Fail(RequestError(cls=ErrorClass.CONNECT, message=f"{type(e).__name__}: {e}")) from e

    async def _read_stream(self, r: aiohttp.ClientResponse, t: _Stamps, asm: StreamAssembler, head: bytearray) -> None:
        o = self.opts
        parser = SSEParser()
        total = 0
        done = False
        async for data in r.content.iter_any():
            now = _now()
            if t.first_byte_ns is None:
                t.first_byte_ns = now
            total += len(data)
            if len(head) < o.excerpt_bytes:
                head += data[: o.excerpt_bytes - len(head)]
            if total > o.max_response_bytes:
                t.end_ns = now
                raise _Fail(RequestError(cls=ErrorClass.RESPONSE_TOO_LARGE, message=f"response over {o.max_response_bytes} bytes"))
            for ev in parser.feed(data):
                if self._event(ev, now, t, asm):
                    done = True
            if done:
                break
        if not done:
            for ev in parser.close():
                if self._event(ev, _now(), t, asm):
                    done = True
        self._stream_done(done, t, asm, head)

    def _stream_done(self, done: bool, t: _Stamps, asm: StreamAssembler, head: bytearray) -> None:
        o = self.opts
        t.end_ns = _now()
        if asm.error is not None:
            raise _Fail(RequestError(cls=ErrorClass.STREAM_ERROR, message=str(asm.error.get("message", asm.error))[:300],
                                     status=asm.error.get("code") if isinstance(asm.error.get("code"), int) else None,
                                     body_excerpt=_excerpt(bytes(head), o.excerpt_bytes)))
        if not done:
            if t.chunks == 0:
                raise _Fail(RequestError(cls=ErrorClass.EMPTY_RESPONSE, message="stream ended with no events"))
            raise _Fail(RequestError(cls=ErrorClass.STREAM_INCOMPLETE, message="stream ended without [DONE]",
                                     body_excerpt=_excerpt(bytes(head), o.excerpt_bytes)))

    def _event(self, ev: bytes, now: int, t: _Stamps, asm: StreamAssembler) -> bool:
        """Handle one SSE data payload; True at [DONE]."""
        if ev == _DONE or (len(ev) < 16 and ev.strip() == _DONE):
            return True
        t.chunks += 1
        try:
            try:
                obj = _fast_decode(ev)
            except ValueError:  # what msgspec refuses, json decides (see _loads)
                obj = _std_loads(ev)
            n = asm.add(obj)
        except (ValueError, ShapeError) as e:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            t.end_ns = now
            raise _Fail(RequestError(cls=ErrorClass.STREAM_MALFORMED, message=f"bad chunk: {e}"[:300],
                                     body_excerpt=ev[:300].decode("utf-8", "replace"))) from e
        if n:
            t.delta_ns.append(now)
            t.delta_chars.append(n)
        return False

    async def _read_body(self, r: aiohttp.ClientResponse, t: _Stamps, asm: StreamAssembler, head: bytearray) -> None:
        self._body_done(await _read_upto(r, self.opts.max_response_bytes), t, asm, head)

    def _body_done(self, raw: bytes, t: _Stamps, asm: StreamAssembler, head: bytearray) -> None:
        o = self.opts
        now = _now()
        t.first_byte_ns = now if raw else None
        t.end_ns = now
        head += raw[: o.excerpt_bytes]
        if len(raw) > o.max_response_bytes:
            raise _Fail(RequestError(cls=ErrorClass.RESPONSE_TOO_LARGE, message=f"response over {o.max_response_bytes} bytes"))
        if not raw.strip():
            raise _Fail(RequestError(cls=ErrorClass.EMPTY_RESPONSE, message="empty response body"))
        try:
            obj = json.loads(raw)
            n = asm.add(obj)
        except (ValueError, ShapeError) as e:
            raise _Fail(RequestError(cls=ErrorClass.BODY_MALFORMED, message=f"not a completion: {e}"[:300],
                                     body_excerpt=_excerpt(raw, o.excerpt_bytes))) from e
        if asm.error is not None:
            raise _Fail(RequestError(cls=ErrorClass.STREAM_ERROR, message=str(asm.error.get("message", asm.error))[:300]))
        if n:
            t.delta_ns.append(now)
            t.delta_chars.append(n)
        t.chunks = 1

    async def _once_h1(self, pool: H1Pool, prefix: bytes, payload: bytes, t: _Stamps,
                       asm: StreamAssembler) -> tuple[int, bytes]:
        """``_once`` on the lean HTTP/1.1 path: the same stamps, records and error classes."""
        o = self.opts
        sink = _Sink(self, t, asm)
        request = prefix + str(len(payload)).encode() + b"\r\n\r\n" + payload
        try:
            async with asyncio.timeout(o.total_timeout_s):
                t.sent_ns = _now()
                await pool.exchange(request, sink, connect_timeout_s=o.connect_timeout_s,
                                    read_timeout_s=o.read_timeout_s)
        except _Fail:
            raise
        except TimeoutError as e:
            cls = ErrorClass.TIMEOUT_TOTAL
            if isinstance(e, H1ConnectTimeout):
                cls = ErrorClass.TIMEOUT_CONNECT
            elif isinstance(e, H1ReadTimeout):
                cls = ErrorClass.TIMEOUT_READ
            t.end_ns = _now()
            raise _Fail(RequestError(cls=cls, message=f"{cls.value} after {(t.end_ns - (t.sent_ns or t.end_ns)) / 1e9:.1f}s",
                                     body_excerpt=_excerpt(bytes(sink.head), o.excerpt_bytes))) from e
        except (H1Disconnected, H1ConnectError, OSError) as e:
            t.end_ns = _now()
            cls = ErrorClass.DISCONNECTED if t.first_byte_ns is not None else ErrorClass.CONNECT
            excerpt = _excerpt(bytes(sink.head), o.excerpt_bytes) if isinstance(e, H1Disconnected) else ""
            raise _Fail(RequestError(cls=cls, message=f"{type(e).__name__}: {e}", body_excerpt=excerpt)) from e
        h = sink.resp
        assert h is not None
        if sink.mode == 0:  # an HTTP error status
            raw = bytes(sink.raw[: 64 * 1024 + 1])
            t.end_ns = _now()
            raise _Fail(RequestError(cls=ErrorClass.HTTP, status=h.status, message=f"HTTP {h.status}",
                                     body_excerpt=_excerpt(raw, o.excerpt_bytes)), _retry_after(h))
        if sink.mode == 1:
            self._stream_done(sink.done, t, asm, sink.head)
        else:
            self._body_done(bytes(sink.raw[: o.max_response_bytes + 1]), t, asm, sink.head)
        return h.status, bytes(sink.head)
