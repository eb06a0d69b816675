"""The instant server used for client ceilings: valid HTTP/1.1 for pipelined and split requests, the
counters a benchmark reads, and a response every client path parses into full records."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

from stackeval.client.http import Client, ClientOptions
from stackeval.localserver.manager import free_port
from stackeval.records.request import ChatRequest
from stackeval.testing.instant import response_bytes, serve


@contextlib.asynccontextmanager
async def _server(tokens: int = 16):  # noqa: ANN202
    port = free_port()
    task = asyncio.create_task(serve(port, tokens, ready=False))
    for _ in range(100):
        try:
            _r, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            break
        except OSError:
            await asyncio.sleep(0.01)
    try:
        yield port
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def _post(body: bytes = b'{"model":"m"}') -> bytes:
    return (b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body) + body)


async def _get(port: int, path: str) -> tuple[int, bytes]:
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    head = await r.readuntil(b"\r\n\r\n")
    n = int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0])
    body = await r.readexactly(n)
    w.close()
    return int(head.split(b" ")[1]), body


async def test_pipelined_and_split_requests_each_get_one_whole_response() -> None:
    resp = response_bytes(16)
    async with _server() as port:
        r, w = await asyncio.open_connection("127.0.0.1", port)
        two = _post() + _post(b'{"model":"m","x":1}')
        w.write(two[:7])  # a head split mid-line
        await w.drain()
        await asyncio.sleep(0.01)
        w.write(two[7:60])  # ... and a body split from its head
        await w.drain()
        await asyncio.sleep(0.01)
        w.write(two[60:])
        got = await r.readexactly(2 * len(resp))
        assert got == resp + resp
        w.close()
        status, stats = await _get(port, "/_stats")
        assert status == 200 and json.loads(stats)["requests"] == 2
        t_before = time.perf_counter_ns()
        _s, arr = await _get(port, "/_arrivals")
        stamps = json.loads(arr)
        assert len(stamps) == 2 and all(s <= t_before for s in stamps)  # perf_counter: the test's clock
        assert json.loads((await _get(port, "/_arrivals"))[1]) == []  # read clears
        assert (await _get(port, "/health"))[0] == 200
        assert (await _get(port, "/nope"))[0] == 404


async def test_both_client_paths_keep_full_records_of_an_instant_response() -> None:
    async with _server(16) as port:
        for transport in ("auto", "aiohttp"):
            async with Client(ClientOptions(base_url=f"http://127.0.0.1:{port}", max_retries=0,
                                            transport=transport)) as c:
                res = await c.chat(ChatRequest(body={"model": "fake-model", "messages": []}))
            assert res.ok, res.error
            assert res.content == "tok " * 16 and res.finish_reason == "length"
            assert res.usage is not None and res.usage.completion_tokens == 16
            assert len(res.timings.delta_ns) == 16 and res.timings.chunks == 19
