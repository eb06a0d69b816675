"""An instant OpenAI-compatible server for client-ceiling measurements, built so that it cannot be the
bottleneck: a bare ``asyncio.Protocol`` (no HTTP framework), every response encoded once at start-up
and written with one ``transport.write``, a listen backlog of 4096, uvloop when installed.

A streaming ``POST …/chat/completions`` gets: a role-only prelude, N one-token chunks, a finish chunk,
a usage chunk and ``[DONE]``, each SSE event in its own HTTP/1.1 chunk (as uvicorn and aiohttp servers
send them), no delays. ``GET /_stats`` returns ``{"requests": n, "cpu_s": process CPU seconds}`` so a
benchmark can report the server's own CPU per request; ``GET /_arrivals`` returns and clears the
perf_counter_ns arrival stamp of every chat request since the last call (``CLOCK_MONOTONIC``: one clock
with the benchmark's), so a benchmark can find the load window the same way for every client.
``/health`` and ``/v1/models`` answer as a server would (some clients check them first); anything
else is a 404.

    python -m stackeval.testing.instant PORT [N]      (prints "ready" when listening on 127.0.0.1)
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

__all__ = ["InstantProtocol", "response_bytes", "serve"]

BACKLOG = 4096


def _event(obj: dict[str, object]) -> bytes:
    data = b"data: " + json.dumps(obj, separators=(",", ":")).encode() + b"\n\n"
    return b"%x\r\n%s\r\n" % (len(data), data)


def response_bytes(tokens: int = 16) -> bytes:
    """The whole streamed response (status line, headers, chunked SSE body), encoded once."""
    base = {"id": "chatcmpl-instant", "object": "chat.completion.chunk", "created": 0, "model": "fake-model"}

    def chunk(delta: dict[str, str], finish: str | None = None) -> bytes:
        return _event({**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})

    body = chunk({"role": "assistant", "content": ""})
    body += b"".join(chunk({"content": "tok "}) for _ in range(tokens))
    body += chunk({}, "length")
    body += _event({**base, "choices": [], "usage": {"prompt_tokens": 16, "completion_tokens": tokens,
                                                     "total_tokens": 16 + tokens}})
    done = b"data: [DONE]\n\n"
    body += b"%x\r\n%s\r\n0\r\n\r\n" % (len(done), done)
    head = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n")
    return head + body


def _plain(status: bytes, body: bytes) -> bytes:
    return (b"HTTP/1.1 " + status + b"\r\nContent-Type: application/json\r\nContent-Length: "
            + str(len(body)).encode() + b"\r\n\r\n" + body)


_NOT_FOUND = _plain(b"404 Not Found", b'{"error":{"message":"not found"}}')
_MODELS = _plain(b"200 OK", b'{"object":"list","data":[{"id":"fake-model","object":"model"}]}')
_HEALTH = _plain(b"200 OK", b'{"status":"ok"}')


class InstantProtocol(asyncio.Protocol):
    """HTTP/1.1 keep-alive, pipelining-safe: parses each request's head and skips its body by
    Content-Length (no chunked request bodies: clients send JSON with a length)."""

    __slots__ = ("stats", "arrivals", "_buf", "_need", "_resp", "_t")
    stream: bytes = b""

    def __init__(self, stats: dict[str, int], arrivals: list[int]) -> None:
        self.stats = stats
        self.arrivals = arrivals
        self._buf = b""
        self._need = 0  # body bytes still to skip
        self._resp = b""
        self._t: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._t = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        buf = self._buf + data if self._buf else data
        out: list[bytes] = []
        while True:
            if self._need:
                take = min(self._need, len(buf))
                self._need -= take
                buf = buf[take:]
                if self._need:
                    break
                out.append(self._resp)
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                break
            head = buf[:end]
            buf = buf[end + 4:]
            line, _, rest = head.partition(b"\r\n")
            n = 0
            i = rest.lower().find(b"content-length:")
            if i >= 0:
                j = rest.find(b"\r\n", i)
                n = int(rest[i + 15: j if j >= 0 else len(rest)])
            parts = line.split(b" ")
            path = parts[1] if len(parts) > 1 else b""
            if path.endswith(b"/chat/completions") and parts[0] == b"POST":
                self.stats["requests"] += 1
                self.arrivals.append(time.perf_counter_ns())
                resp = self.stream
            elif path == b"/_stats":
                body = json.dumps({"requests": self.stats["requests"], "cpu_s": time.process_time()}).encode()
                resp = _plain(b"200 OK", body)
            elif path == b"/_arrivals":
                resp = _plain(b"200 OK", json.dumps(self.arrivals).encode())
                self.arrivals.clear()
            elif path == b"/health":
                resp = _HEALTH
            elif path.endswith(b"/models"):
                resp = _MODELS
            else:
                resp = _NOT_FOUND
            if n:
                self._need, self._resp = n, resp
                continue
            out.append(resp)
        self._buf = buf
        if out and self._t is not None:
            self._t.write(out[0] if len(out) == 1 else b"".join(out))


async def serve(port: int, tokens: int = 16, host: str = "127.0.0.1", ready: bool = True) -> None:
    InstantProtocol.stream = response_bytes(tokens)
    stats = {"requests": 0}
    arrivals: list[int] = []
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: InstantProtocol(stats, arrivals), host, port, backlog=BACKLOG)
    if ready:
        print("ready", flush=True)
    async with server:
        await server.serve_forever()


def main() -> None:
    port = int(sys.argv[1])
    tokens = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    try:
        import uvloop  # type: ignore[import-not-found]

        run = uvloop.run
    except ImportError:
        run = asyncio.run
    try:
        run(serve(port, tokens))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
