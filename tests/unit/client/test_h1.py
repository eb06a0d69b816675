"""The lean HTTP/1.1 path (client/h1.py) against raw responses written in pieces: it must give the
same records and error classes as the aiohttp path for every framing a server may use."""

from __future__ import annotations

import asyncio
import gzip
import json
import random

import pytest

from stackeval.client.http import Client, ClientOptions
from stackeval.records.request import ChatRequest, ChatResult

BODY = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}


def _events(words: list[str], done: bool = True) -> list[bytes]:
    def ev(obj: dict) -> bytes:
        return b"data: " + json.dumps(obj).encode() + b"\n\n"

    out = [ev({"choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]})]
    out += [ev({"choices": [{"index": 0, "delta": {"content": w}}]}) for w in words]
    out.append(ev({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}))
    out.append(ev({"choices": [], "usage": {"prompt_tokens": 3, "completion_tokens": len(words)}}))
    if done:
        out.append(b"data: [DONE]\n\n")
    return out


def _chunked(parts: list[bytes], ext: bytes = b"", trailers: bytes = b"") -> bytes:
    return b"".join(b"%x%s\r\n%s\r\n" % (len(p), ext, p) for p in parts) + b"0\r\n" + trailers + b"\r\n"


SSE = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
WORDS = ["alpha ", "beta ", "gamma ", "délta"]


def _responses() -> dict[str, tuple[bytes, bool]]:
    """name -> (raw response, close the connection after it)."""
    evs = _events(WORDS)
    body = b"".join(evs)
    gz = gzip.compress(body)
    whole = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": "whole answer"},
                                     "finish_reason": "stop"}], "usage": {"completion_tokens": 2}}).encode()
    err = b'{"error":{"message":"busy"}}'
    return {
        "chunked": (SSE + b"Transfer-Encoding: chunked\r\n\r\n" + _chunked(evs), False),
        "chunked_ext_trailers": (SSE + b"Transfer-Encoding: chunked\r\n\r\n"
                                 + _chunked(evs, b";x=1", b"X-Trailer: yes\r\n"), False),
        "content_length": (SSE + b"Content-Length: %d\r\n\r\n" % len(body) + body, False),
        "until_close": (SSE + b"Connection: close\r\n\r\n" + body, True),
        "gzip": (SSE + b"Content-Encoding: gzip\r\nContent-Length: %d\r\n\r\n" % len(gz) + gz, False),
        "continue_first": (b"HTTP/1.1 100 Continue\r\n\r\n" + SSE + b"Transfer-Encoding: chunked\r\n\r\n"
                           + _chunked(evs), False),
        "no_done": (SSE + b"Transfer-Encoding: chunked\r\n\r\n" + _chunked(_events(WORDS, done=False)), False),
        "http_503": (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 0\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % len(err) + err, False),
        "whole_json": (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(whole)
                       + whole, False),
        "truncated": (SSE + b"Transfer-Encoding: chunked\r\n\r\n" + _chunked(evs)[:-60], True),
        "empty_stream": (SSE + b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", False),
    }


class RawServer:
    """Answers every request with one scripted raw response, written in pieces with a pause between
    them (so the client sees separate reads), on keep-alive connections."""

    def __init__(self, raw: bytes, close: bool, cuts: list[int]) -> None:
        self.raw, self.close, self.cuts = raw, close, cuts
        self.connections = 0
        self.requests = 0

    async def handle(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                head = await r.readuntil(b"\r\n\r\n")
                n = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        n = int(line.split(b":")[1])
                await r.readexactly(n)
                self.requests += 1
                prev = 0
                for c in [*self.cuts, len(self.raw)]:
                    w.write(self.raw[prev:c])
                    await w.drain()
                    await asyncio.sleep(0.002)
                    prev = c
                if self.close:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            w.close()

    async def __aenter__(self) -> str:
        self.srv = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        return f"http://127.0.0.1:{self.srv.sockets[0].getsockname()[1]}"

    async def __aexit__(self, *exc: object) -> None:
        self.srv.close()


def _view(r: ChatResult) -> tuple:
    return (r.ok, r.error.label if r.error else None, r.status, r.content, r.finish_reason,
            r.usage.completion_tokens if r.usage else None, r.timings.chunks, len(r.timings.delta_ns),
            r.timings.delta_chars)


async def _one(raw: bytes, close: bool, cuts: list[int], transport: str) -> ChatResult:
    async with RawServer(raw, close, cuts) as url:
        async with Client(ClientOptions(base_url=url, max_retries=0, transport=transport, read_timeout_s=5)) as c:
            return await c.chat(ChatRequest(body=BODY))


@pytest.mark.parametrize("name", sorted(_responses()))
async def test_same_records_as_aiohttp_at_random_read_boundaries(name: str) -> None:
    raw, close = _responses()[name]
    rng = random.Random(name)
    for _ in range(3):
        cuts = sorted(rng.sample(range(1, len(raw)), k=min(6, len(raw) - 1)))
        lean = await _one(raw, close, cuts, "auto")
        ref = await _one(raw, close, cuts, "aiohttp")
        assert _view(lean) == _view(ref), (name, cuts)
    if name in ("chunked", "content_length", "gzip", "until_close", "chunked_ext_trailers", "continue_first"):
        assert lean.ok and lean.content == "".join(WORDS) and len(lean.timings.delta_ns) == len(WORDS)


async def test_every_byte_boundary_of_a_chunked_stream() -> None:
    raw, _ = _responses()["chunked_ext_trailers"]
    for cut in range(1, len(raw), 7):
        res = await _one(raw, False, [cut], "auto")
        assert res.ok and res.content == "".join(WORDS), cut


async def test_keep_alive_reuses_one_connection() -> None:
    raw, close = _responses()["chunked"]
    srv = RawServer(raw, close, [])
    async with srv as url:
        async with Client(ClientOptions(base_url=url, max_retries=0)) as c:
            for _ in range(5):
                assert (await c.chat(ChatRequest(body=BODY))).ok
    assert srv.requests == 5 and srv.connections == 1


async def test_close_after_each_response_opens_new_connections() -> None:
    raw, _ = _responses()["until_close"]
    srv = RawServer(raw, True, [])
    async with srv as url:
        async with Client(ClientOptions(base_url=url, max_retries=0)) as c:
            for _ in range(3):
                assert (await c.chat(ChatRequest(body=BODY))).ok
    assert srv.connections == 3


async def test_silence_after_the_head_is_a_read_timeout() -> None:
    raw = SSE + b"Transfer-Encoding: chunked\r\n\r\n"
    release = asyncio.Event()

    async def handle(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        await r.readuntil(b"\r\n\r\n")
        w.write(raw)
        await release.wait()
        w.close()

    srv = await asyncio.start_server(handle, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{srv.sockets[0].getsockname()[1]}"
    async with Client(ClientOptions(base_url=url, max_retries=0, read_timeout_s=0.3)) as c:
        res = await c.chat(ChatRequest(body=BODY))
    release.set()
    await asyncio.sleep(0.01)
    srv.close()
    assert res.error is not None and res.error.cls.value == "timeout_read"
