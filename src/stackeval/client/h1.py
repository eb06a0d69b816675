"""A lean HTTP/1.1 path for streamed requests: keep-alive connections on bare ``asyncio.Protocol``s.

Why: against an instant server, aiohttp's own per-request and per-chunk machinery (request object,
header multidicts, stream reader, one wake-up per HTTP chunk) was the larger part of the client's CPU.
Here the response is parsed where the bytes arrive: the head once, then the body framing
(chunked, Content-Length or close-delimited, gzip/deflate undone) is removed in ``data_received`` and
the body bytes go straight to the caller's sink with the arrival time of the socket read that carried
them, with no task switch per chunk. Only ``http://`` URLs use it (``Client`` keeps aiohttp for
``https://`` and everything that is not a streamed chat/completion request).

Errors are not classified here: the caller gets the same failures it would get from aiohttp, mapped
in ``client/http.py``: ``H1ConnectError`` (no connection), ``H1Disconnected`` (the connection ended
before the response was complete; ``body_seen`` tells a mid-stream drop from a refused request),
``H1ReadTimeout`` (no byte for ``read_timeout_s``), ``H1ConnectTimeout``.
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import Callable
from typing import Any

__all__ = ["H1ConnectError", "H1ConnectTimeout", "H1Disconnected", "H1Pool", "H1ReadTimeout", "Head"]

HEAD_LIMIT = 64 * 1024


class H1ConnectError(OSError):
    """The connection could not be opened."""


class H1Disconnected(ConnectionError):
    """The connection ended before the response did."""


class H1ReadTimeout(TimeoutError):
    """No byte arrived for the read timeout."""


class H1ConnectTimeout(TimeoutError):
    """The connection was not open within the connect timeout."""


class Head:
    __slots__ = ("status", "headers")

    def __init__(self, status: int, headers: dict[str, str]) -> None:
        self.status = status
        self.headers = headers  # lower-case names; repeated headers joined with ", "

    def get(self, name: str, default: str = "") -> str:
        return self.headers.get(name.lower(), default)


# Sink protocol: on_head(head) -> None; on_body(data, now_ns) -> True when the caller needs no more
# body (e.g. [DONE] seen); on_end(now_ns) at the end of the body. Any exception raised by them fails
# the exchange with that exception.
Sink = Any


class _Conn(asyncio.Protocol):
    """One keep-alive connection; one exchange at a time."""

    def __init__(self, pool: H1Pool) -> None:
        self.pool = pool
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self.sink: Sink = None
        self.fut: asyncio.Future[bool] | None = None
        self._buf = b""
        self._head: Head | None = None
        self._mode = 0  # 0 head, 1 chunked, 2 content-length, 3 until close, 4 done
        self._left = 0  # content-length bytes left, or bytes left of the current chunk (+2 for its CRLF)
        self._keep = True
        self._wanted = True  # the sink still wants body bytes
        self.body_seen = False
        self._z: Any = None
        self._last = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._now: Callable[[], int] = pool.now

    # ---- asyncio callbacks -----------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        if self.fut is None:  # bytes while idle: the server is not speaking HTTP/1.1 keep-alive
            self._keep = False
            self.abort()
            return
        self._last = self.pool.loop.time()
        try:
            self._feed(self._buf + data if self._buf else data, self._now())
        except BaseException as e:  # a sink failure or a framing error ends the exchange
            self._fail(e)

    def eof_received(self) -> bool:
        if self._mode == 3 and self.fut is not None:
            self._buf = b""
            try:
                self._complete(self._now())
            except BaseException as e:
                self._fail(e)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._cancel_timer()
        if self.fut is not None and not self.fut.done() and self._mode != 4:
            if self._mode == 3:
                try:
                    self._complete(self._now())
                    return
                except BaseException as e:
                    self._fail(e)
                    return
            msg = "Response payload is not completed" if self._head is not None else "Server disconnected"
            err = H1Disconnected(f"{msg}{f': {exc}' if exc else ''}")
            self._fail(err)
        self.pool.discard(self)

    # ---- the exchange ----------------------------------------------------------------------------
    def start(self, request: bytes, sink: Sink, read_timeout_s: float) -> asyncio.Future[bool]:
        assert self.transport is not None
        self.sink = sink
        self.fut = self.pool.loop.create_future()
        self._buf, self._head, self._mode, self._wanted, self.body_seen, self._z = b"", None, 0, True, False, None
        self._last = self.pool.loop.time()
        self._read_timeout = read_timeout_s
        self._timer = self.pool.loop.call_later(read_timeout_s, self._check_timeout)
        self.transport.write(request)
        return self.fut

    def _check_timeout(self) -> None:
        if self.fut is None or self.fut.done():
            return
        left = self._last + self._read_timeout - self.pool.loop.time()
        if left > 0:
            self._timer = self.pool.loop.call_later(left, self._check_timeout)
            return
        self._fail(H1ReadTimeout(f"no data for {self._read_timeout:g}s"))

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fail(self, e: BaseException) -> None:
        self._keep = False
        self._cancel_timer()
        if self.fut is not None and not self.fut.done():
            self.fut.set_exception(e)
        self.abort()

    def abort(self) -> None:
        self._keep = False
        if self.transport is not None and not self.closed:
            self.transport.abort()
        self.closed = True

    def _complete(self, now: int) -> None:
        """The body is complete."""
        self._mode = 4
        self._cancel_timer()
        if self._z is not None and self._wanted:
            rest = self._z.flush()
            if rest:
                self._body(rest, now)
        if self._wanted:
            self.sink.on_end(now)
        if self.fut is not None and not self.fut.done():
            self.fut.set_result(True)
        self.fut, self.sink = None, None
        if self._keep and not self.closed and not self._buf:
            self.pool.release(self)
        else:
            self.abort()

    def _body(self, data: bytes, now: int) -> None:
        if not self._wanted:
            return
        if self._z is not None:
            data = self._z.decompress(data)
            if not data:
                return
        self.body_seen = True
        if self.sink.on_body(data, now):
            self._wanted = False
            if self.fut is not None and not self.fut.done():
                self.fut.set_result(True)  # the caller is done; keep reading to reuse the connection

    def _feed(self, buf: bytes, now: int) -> None:
        if self._mode == 0:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                if len(buf) > HEAD_LIMIT:
                    raise H1Disconnected("response head too large")
                self._buf = buf
                return
            head, buf = buf[:end], buf[end + 4:]
            if not self._parse_head(head):  # 1xx: the real head follows
                self._buf = b""
                if buf:
                    self._feed(buf, now)
                return
            self.sink.on_head(self._head)
            if self._mode == 4:
                self._buf = buf
                self._complete(now)
                return
        mode = self._mode
        if mode == 1:
            self._chunked(buf, now)
        elif mode == 2:
            if len(buf) >= self._left:
                data, self._buf = buf[:self._left], buf[self._left:]
                self._left = 0
                if data:
                    self._body(data, now)
                self._complete(now)
            else:
                self._left -= len(buf)
                self._buf = b""
                self._body(buf, now)
        elif mode == 3:
            self._buf = b""
            if buf:
                self._body(buf, now)

    def _chunked(self, buf: bytes, now: int) -> None:
        out: list[bytes] = []
        pos, n = 0, len(buf)
        find = buf.find
        while not self._left:  # fast path: whole chunks with a bare hex size line
            nl = find(b"\r\n", pos)
            if nl < 0:
                break
            try:
                size = int(buf[pos:nl], 16)
            except ValueError:  # chunk extensions or garbage: the general loop decides
                break
            end = nl + 2 + size
            if size == 0 or end + 2 > n:
                break
            out.append(buf[nl + 2:end])
            pos = end + 2
        while True:
            left = self._left
            if left:  # inside a chunk's data (+ its CRLF)
                take = min(left, n - pos)
                if left > 2:
                    data_end = min(pos + take, pos + left - 2)
                    if data_end > pos:
                        out.append(buf[pos:data_end])
                pos += take
                self._left = left - take
                if self._left:
                    break
                continue
            nl = buf.find(b"\r\n", pos)
            if nl < 0:
                break
            line = buf[pos:nl]
            semi = line.find(b";")
            try:
                size = int(line[:semi] if semi >= 0 else line, 16)
            except ValueError:
                raise H1Disconnected(f"bad chunk size line {line[:40]!r}") from None
            if size == 0:  # last chunk: skip trailers up to the blank line
                end = nl if buf[nl:nl + 4] == b"\r\n\r\n" else buf.find(b"\r\n\r\n", nl + 2)
                if end < 0:  # trailers incomplete: wait, keeping the size line
                    break
                pos = end + 4
                if out:
                    self._body(b"".join(out), now)
                self._buf = buf[pos:]
                self._complete(now)
                return
            self._left = size + 2
            pos = nl + 2
        self._buf = buf[pos:] if pos < n and not self._left else b""
        if out:
            self._body(out[0] if len(out) == 1 else b"".join(out), now)

    def _parse_head(self, head: bytes) -> bool:
        lines = head.split(b"\r\n")
        parts = lines[0].split(b" ", 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/"):
            raise H1Disconnected(f"not an HTTP response: {lines[0][:60]!r}")
        status = int(parts[1])
        if 100 <= status < 200:
            return False
        headers: dict[str, str] = {}
        for ln in lines[1:]:
            k, _, v = ln.partition(b":")
            name = k.strip().lower().decode("latin-1")
            val = v.strip().decode("latin-1")
            headers[name] = f"{headers[name]}, {val}" if name in headers else val
        self._head = Head(status, headers)
        if parts[0] == b"HTTP/1.0" or "close" in headers.get("connection", "").lower():
            self._keep = False
        te = headers.get("transfer-encoding", "").lower()
        enc = headers.get("content-encoding", "").lower()
        if enc in ("gzip", "deflate"):
            self._z = zlib.decompressobj(47 if enc == "gzip" else zlib.MAX_WBITS)
        if status in (204, 304):
            self._mode = 4
        elif "chunked" in te:
            self._mode, self._left = 1, 0
        elif "content-length" in headers:
            self._left = int(headers["content-length"])
            self._mode = 2 if self._left else 4
        else:
            self._mode = 3
            self._keep = False
        return True


class H1Pool:
    """Keep-alive connections to one ``host:port``; unbounded, like the aiohttp connector with limit 0
    (callers bound their own concurrency)."""

    def __init__(self, host: str, port: int, now: Callable[[], int]) -> None:
        self.host, self.port, self.now = host, port, now
        self.loop = asyncio.get_running_loop()
        self.idle: list[_Conn] = []

    async def exchange(self, request: bytes, sink: Sink, *, connect_timeout_s: float, read_timeout_s: float) -> None:
        """Send ``request`` and feed the response to ``sink`` until it is complete or the sink is done."""
        conn = None
        while self.idle:
            c = self.idle.pop()
            if not c.closed and c.transport is not None and not c.transport.is_closing():
                conn = c
                break
        if conn is None:
            try:
                async with asyncio.timeout(connect_timeout_s):
                    _, conn = await self.loop.create_connection(lambda: _Conn(self), self.host, self.port)
            except TimeoutError as e:
                raise H1ConnectTimeout(f"connecting to {self.host}:{self.port}") from e
            except OSError as e:
                raise H1ConnectError(e.errno, f"Cannot connect to host {self.host}:{self.port} [{e.strerror or e}]") from e
        fut = conn.start(request, sink, read_timeout_s)
        try:
            await fut
        except BaseException:
            conn.abort()  # cancelled (total timeout) or failed: never reuse a half-read connection
            raise

    def release(self, conn: _Conn) -> None:
        self.idle.append(conn)

    def discard(self, conn: _Conn) -> None:
        if conn in self.idle:
            self.idle.remove(conn)

    def close(self) -> None:
        for c in self.idle:
            c.abort()
        self.idle.clear()
