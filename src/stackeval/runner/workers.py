"""Load beyond one core: the streams of one level sharded across client processes.

Each worker is its own process with its own event loop (uvloop when installed) and its own
``Client``, pinned to one core where ``os.sched_setaffinity`` allows. The parent decides everything
that must be common, so the level is the same experiment at any worker count:

- the request bodies (one ``PromptMaker`` in the parent: the same unique prefixes);
- the start instant ``t0`` (perf_counter ns), sent to every worker once all of them are ready;
- open loop: ONE Poisson schedule of arrival offsets, dealt round-robin to the workers, so the
  arrivals across workers are exactly the single-process arrivals; each worker caps its share of
  the concurrency (``concurrency // workers``, the remainder to the first ones);
- closed loop: each worker runs its share of the streams over its share of the requests.

One clock. ``time.perf_counter_ns`` is ``CLOCK_MONOTONIC`` on Linux, a per-machine clock that every
process reads alike, so worker stamps merge without conversion. That is checked, not assumed: every
worker reports its clock implementation and a stamp taken while the parent waits for it, and the
stamp must lie between the parent's stamps before and after (``ClockMismatch`` otherwise).

Each worker reports its own event-loop lag and CPU seconds; the parent merges the records in the
order of the bodies and the window runs from ``t0`` to the last worker's end.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing as mp
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any

from stackeval.client.http import Client, ClientOptions
from stackeval.perf.stats import summarize
from stackeval.records.request import ChatRequest, ChatResult

__all__ = ["ClockMismatch", "Shard", "WorkerReport", "auto_workers", "drive", "poisson_offsets", "run_sharded",
           "shards", "sleep_until"]

CLOCK = "perf_counter"
START_MARGIN_NS = 20_000_000  # t0 lies this far after "go" is sent, so every worker is waiting for it
# One client process keeps its loop lag low up to about this many streamed chunks per second
# (measured per-chunk cost ~10 µs at full records; half a core at most, so the lag stays small).
CHUNKS_PER_WORKER_S = 40_000
STREAMS_PER_WORKER = 256


class ClockMismatch(RuntimeError):
    """A worker's perf_counter is not the parent's clock: its records cannot be merged."""


def usable_cores() -> list[int]:
    try:
        return sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return list(range(os.cpu_count() or 1))


def auto_workers(concurrency: int, rate: float | None, output_tokens: int) -> int:
    """Enough client processes for the requested load: one per STREAMS_PER_WORKER streams and, for an
    open loop, one per CHUNKS_PER_WORKER_S chunks/s at the requested rate; at most one per usable core."""
    need = math.ceil(concurrency / STREAMS_PER_WORKER)
    if rate:
        need = max(need, math.ceil(rate * max(1, output_tokens) / CHUNKS_PER_WORKER_S))
    return max(1, min(need, len(usable_cores()), concurrency))


@dataclass
class Shard:
    """What one worker runs: indexes into the level's bodies, its bodies, its arrival offsets (open
    loop, seconds after t0) and its share of the concurrency."""

    worker: int
    indexes: list[int]
    bodies: list[dict[str, Any]]
    offsets_s: list[float] | None
    concurrency: int
    core: int | None = None


@dataclass
class WorkerReport:
    worker: int
    core: int | None
    requests: int
    concurrency: int
    cpu_s: float
    end_ns: int
    loop_lag_ms: dict[str, Any]
    clock: str
    results: list[ChatResult] = field(default_factory=list, repr=False)

    def doc(self) -> dict[str, Any]:
        return {"worker": self.worker, "core": self.core, "requests": self.requests, "concurrency": self.concurrency,
                "cpu_s": round(self.cpu_s, 4), "loop_lag_ms": self.loop_lag_ms}


def poisson_offsets(n: int, rate: float, seed: int) -> list[float]:
    """One schedule of n arrival offsets (s) at ``rate`` req/s."""
    rng = random.Random(seed)
    at, out = 0.0, []
    for _ in range(n):
        at += rng.expovariate(rate)
        out.append(at)
    return out


def shards(bodies: list[dict[str, Any]], concurrency: int, workers: int,
           offsets_s: list[float] | None = None) -> list[Shard]:
    """Split a level: bodies round-robin (so an open-loop schedule interleaves across workers),
    concurrency as evenly as possible; never more workers than streams or requests."""
    w = max(1, min(workers, concurrency, len(bodies)))
    cores = usable_cores()
    out = []
    for i in range(w):
        idx = list(range(i, len(bodies), w))
        out.append(Shard(worker=i, indexes=idx, bodies=[bodies[k] for k in idx],
                         offsets_s=[offsets_s[k] for k in idx] if offsets_s is not None else None,
                         concurrency=concurrency // w + (1 if i < concurrency % w else 0),
                         core=cores[i % len(cores)] if len(cores) > 1 else None))
    return out


async def _lag(stop: asyncio.Event, out: list[float], interval: float = 0.01) -> None:
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(interval)
        # uvloop's timers have whole-millisecond resolution and may fire early: early is no lag
        out.append(max(0.0, (time.perf_counter() - t - interval) * 1000))


async def sleep_until(t_ns: int) -> None:
    """Sleep until perf_counter_ns() >= t_ns. Loop timers may fire early by up to their resolution
    (uvloop's are whole milliseconds), so sleep again for what is left instead of sending early."""
    while (left := t_ns - time.perf_counter_ns()) > 0:
        await asyncio.sleep(left / 1e9)


async def drive(client: Client, bodies: list[dict[str, Any]], concurrency: int, t0_ns: int,
                offsets_s: list[float] | None = None) -> list[ChatResult]:
    """Run ``bodies`` from ``t0_ns``: closed loop with ``concurrency`` streams, or (offsets given) open
    loop, each request stamped at its planned arrival so client-side queueing is charged to it.
    Results come back in the order of ``bodies``."""
    results: list[ChatResult | None] = [None] * len(bodies)
    await sleep_until(t0_ns)
    if offsets_s is not None:
        sem = asyncio.Semaphore(concurrency)

        async def arrival(i: int, when_s: float) -> None:
            sched = t0_ns + int(when_s * 1e9)
            await sleep_until(sched)
            async with sem:  # time waiting here is client-side queueing, charged from `sched`
                results[i] = await client.chat(ChatRequest(body=bodies[i], stream=True), scheduled_ns=sched)

        await asyncio.gather(*(arrival(i, w) for i, w in enumerate(offsets_s)))
    else:
        nxt = 0

        async def stream() -> None:
            nonlocal nxt
            while nxt < len(bodies):
                i = nxt
                nxt += 1
                results[i] = await client.chat(ChatRequest(body=bodies[i], stream=True),
                                               scheduled_ns=time.perf_counter_ns())

        await asyncio.gather(*(stream() for _ in range(min(concurrency, len(bodies)))))
    return [r for r in results if r is not None]


# ---- the worker process --------------------------------------------------------------------------


def _clock_impl() -> str:
    return time.get_clock_info(CLOCK).implementation


def _worker_main(conn: Any, opts: ClientOptions, shard: Shard) -> None:
    if shard.core is not None:
        try:
            os.sched_setaffinity(0, {shard.core})
        except (AttributeError, OSError):
            shard.core = None
    try:
        import uvloop  # type: ignore[import-not-found]

        runner: Any = uvloop.run
    except ImportError:
        runner = asyncio.run
    try:
        runner(_worker(conn, opts, shard))
    except BaseException as e:  # reported to the parent, which raises it
        try:
            conn.send(("error", f"{type(e).__name__}: {e}"))
        except OSError:
            pass
        raise
    finally:
        conn.close()


async def _worker(conn: Any, opts: ClientOptions, shard: Shard) -> None:
    loop = asyncio.get_running_loop()
    async with Client(opts) as client:
        conn.send(("ready", time.perf_counter_ns(), _clock_impl()))
        msg = await loop.run_in_executor(None, conn.recv)
        if msg[0] != "go":
            return
        t0 = msg[1]
        stop = asyncio.Event()
        lag: list[float] = []
        lag_task = asyncio.create_task(_lag(stop, lag))
        cpu0 = time.process_time()
        results = await drive(client, shard.bodies, shard.concurrency, t0, shard.offsets_s)
        end = time.perf_counter_ns()
        cpu = time.process_time() - cpu0
        stop.set()
        await lag_task
    conn.send(("done", WorkerReport(worker=shard.worker, core=shard.core, requests=len(results),
                                    concurrency=shard.concurrency, cpu_s=cpu, end_ns=end,
                                    loop_lag_ms=summarize(lag).model_dump(), clock=_clock_impl(), results=results)))


def _recv(conn: Any) -> Any:
    try:
        return conn.recv()
    except (EOFError, OSError) as e:
        return ("error", f"worker process ended without a report ({type(e).__name__})")


async def run_sharded(opts: ClientOptions, bodies: list[dict[str, Any]], *, concurrency: int, workers: int,
                      offsets_s: list[float] | None = None,
                      start_timeout_s: float = 60.0) -> tuple[list[ChatResult], int, int, list[WorkerReport]]:
    """Run one level across ``workers`` processes. Returns (results in body order, t0_ns, t1_ns, reports)."""
    ctx = mp.get_context("spawn")  # no fork of a process with a running event loop and threads
    parts = shards(bodies, concurrency, workers, offsets_s)
    loop = asyncio.get_running_loop()
    procs: list[tuple[Any, Any]] = []
    try:
        before = time.perf_counter_ns()
        for sh in parts:
            parent, child = ctx.Pipe()
            pr = ctx.Process(target=_worker_main, args=(child, opts, sh), daemon=True)
            pr.start()
            child.close()
            procs.append((pr, parent))
        for (_, conn), sh in zip(procs, parts, strict=True):
            ready = await asyncio.wait_for(loop.run_in_executor(None, _recv, conn), start_timeout_s)
            after = time.perf_counter_ns()
            if ready[0] != "ready":
                raise RuntimeError(f"client worker {sh.worker} failed to start: {ready[1]}")
            _, stamp, clock = ready
            if clock != _clock_impl() or not before <= stamp <= after:
                raise ClockMismatch(f"worker {sh.worker}: clock {clock!r} stamp {stamp} outside [{before}, {after}] "
                                    f"of the parent's {_clock_impl()!r}")
        t0 = time.perf_counter_ns() + START_MARGIN_NS
        for _, conn in procs:
            conn.send(("go", t0))
        reports: list[WorkerReport] = []
        for (_pr, conn), sh in zip(procs, parts, strict=True):
            msg = await loop.run_in_executor(None, _recv, conn)
            if msg[0] != "done":
                raise RuntimeError(f"client worker {sh.worker} failed: {msg[1]}")
            reports.append(msg[1])
        merged: list[ChatResult | None] = [None] * len(bodies)
        for sh, rep in zip(parts, reports, strict=True):
            for k, res in zip(sh.indexes, rep.results, strict=True):
                merged[k] = res
        t1 = max(r.end_ns for r in reports)
        return [r for r in merged if r is not None], t0, t1, reports
    finally:
        for pr, conn in procs:
            conn.close()
            pr.join(5)
            if pr.is_alive():
                pr.kill()
                pr.join(5)
