"""The client's own ceiling: requests/s and chunks/s against an instant server in another process."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from typing import Any

from stackeval.client.http import Client, ClientOptions
from stackeval.records.request import ChatRequest


def run_loop(coro: Any) -> Any:
    """``asyncio.run`` on uvloop when it is installed (~10 % less client CPU per request), else asyncio."""
    try:
        import uvloop  # type: ignore[import-not-found]
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def start_instant_server(tokens: int = 16) -> tuple[subprocess.Popen[bytes], str]:
    from stackeval.localserver.manager import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "stackeval.testing.instant", str(port), str(tokens)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if b"ready" not in line:
        proc.kill()
        raise RuntimeError("instant server did not start")
    return proc, f"http://127.0.0.1:{port}"


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(5)


async def measure(base_url: str, requests: int = 3000, concurrency: int = 64) -> dict[str, Any]:
    body = {"model": "fake-model", "messages": [{"role": "user", "content": "x"}], "max_tokens": 16}
    done = 0
    chunks = 0
    deltas = 0  # per-chunk timestamps kept in the records (full records, not counters)
    ok = 0
    async with Client(ClientOptions(base_url=base_url, max_retries=0)) as c:
        await c.chat(ChatRequest(body=body))  # warm the connection pool
        queue = requests

        async def worker() -> None:
            nonlocal queue, done, chunks, deltas, ok
            while queue > 0:
                queue -= 1
                r = await c.chat(ChatRequest(body=body), scheduled_ns=time.perf_counter_ns())
                done += 1
                ok += r.ok
                chunks += r.timings.chunks
                deltas += len(r.timings.delta_ns)

        cpu0, t0 = time.process_time(), time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    return {"requests": done, "ok": ok, "concurrency": concurrency, "wall_s": round(wall, 3),
            "requests_per_s": round(done / wall, 1), "chunks_per_s": round(chunks / wall, 1),
            "chunks": chunks, "delta_stamps": deltas,
            "client_cpu_s_per_1000": round(1000 * cpu / done, 3)}


def self_test(requests: int = 3000, concurrency: int = 64, tokens: int = 16) -> dict[str, Any]:
    proc, url = start_instant_server(tokens)
    try:
        return run_loop(measure(url, requests, concurrency))
    finally:
        stop(proc)
