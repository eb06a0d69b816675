"""Sharded load levels: one schedule and one clock across client processes (runner.workers)."""

from __future__ import annotations

import multiprocessing as mp
import random
import sys
import time

import pytest

from stackeval.client.http import Client, ClientOptions
from stackeval.records.stack import StackProfile
from stackeval.runner.bench import BenchParams, PromptMaker, level_doc, run_level
from stackeval.runner.workers import auto_workers, poisson_offsets, run_sharded, shards, usable_cores
from stackeval.testing.fakeserver import FakeServer, Reply

TOKENS = 8


def _reply(_body: dict) -> Reply:
    return Reply(content=" ".join(["tok"] * TOKENS), step_s=0.002)


def _stamp(conn) -> None:  # noqa: ANN001
    conn.send((time.perf_counter_ns(), time.get_clock_info("perf_counter").implementation))
    conn.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="CLOCK_MONOTONIC is the Linux perf_counter")
def test_perf_counter_is_one_clock_across_processes() -> None:
    """What merging worker records relies on: a child's perf_counter_ns stamp lies between the parent's
    stamps before it started and after it answered, for a freshly spawned process."""
    assert "CLOCK_MONOTONIC" in time.get_clock_info("perf_counter").implementation
    ctx = mp.get_context("spawn")
    for _ in range(2):
        parent, child = ctx.Pipe()
        before = time.perf_counter_ns()
        p = ctx.Process(target=_stamp, args=(child,))
        p.start()
        stamp, impl = parent.recv()
        after = time.perf_counter_ns()
        p.join(10)
        assert impl == time.get_clock_info("perf_counter").implementation
        assert before <= stamp <= after


def test_shards_cover_every_request_once_and_split_the_streams() -> None:
    bodies = [{"i": i} for i in range(11)]
    offs = poisson_offsets(11, 50.0, 3)
    parts = shards(bodies, concurrency=5, workers=3, offsets_s=offs)
    assert [s.concurrency for s in parts] == [2, 2, 1]
    assert sorted(k for s in parts for k in s.indexes) == list(range(11))
    for s in parts:
        assert s.bodies == [bodies[k] for k in s.indexes]
        assert s.offsets_s == [offs[k] for k in s.indexes]
    # never more workers than streams or requests
    assert len(shards(bodies, concurrency=2, workers=8)) == 2
    assert len(shards(bodies[:1], concurrency=4, workers=4)) == 1


def test_poisson_offsets_are_the_single_process_schedule() -> None:
    rng = random.Random(7 + 16)
    at, want = 0.0, []
    for _ in range(20):
        at += rng.expovariate(40.0)
        want.append(at)
    assert poisson_offsets(20, 40.0, 7 + 16) == want


def test_auto_workers_follow_the_load() -> None:
    cores = len(usable_cores())
    assert auto_workers(8, None, 256) == 1
    assert auto_workers(64, 10.0, 256) == 1
    assert auto_workers(4096, None, 256) == min(cores, 16)
    assert auto_workers(512, 1000.0, 256) == min(cores, 7, 512)


async def test_open_loop_keeps_one_schedule_across_workers() -> None:
    offs = poisson_offsets(12, 200.0, 11)
    bodies = [{"model": "fake-model", "messages": [{"role": "user", "content": f"q{i}"}], "max_tokens": TOKENS}
              for i in range(12)]
    with FakeServer(_reply) as srv:
        results, t0, t1, reports = await run_sharded(ClientOptions(base_url=srv.base_url, max_retries=0), bodies,
                                                     concurrency=4, workers=2, offsets_s=offs)
        seen = [b["messages"][0]["content"] for b in srv.requests]
    assert len(results) == 12 and all(r.ok for r in results), [r.error for r in results]
    for r, off in zip(results, offs, strict=True):
        assert r.timings.scheduled_ns == t0 + int(off * 1e9)  # the parent's schedule, on the parent's clock
        assert r.timings.sent_ns is not None and r.timings.sent_ns >= r.timings.scheduled_ns
        assert r.timings.end_ns is not None and r.timings.end_ns <= t1
        assert r.usage is not None and r.usage.completion_tokens == TOKENS
        assert len(r.timings.delta_ns) == TOKENS  # full per-chunk records came back from the worker
    assert sorted(seen) == sorted(f"q{i}" for i in range(12))
    assert [rep.requests for rep in reports] == [6, 6]
    assert {rep.worker for rep in reports} == {0, 1}
    assert all(rep.loop_lag_ms.get("count") for rep in reports)


async def test_bench_level_with_workers_reports_each_worker() -> None:
    with FakeServer(_reply) as srv:
        stack = StackProfile(endpoint=srv.base_url, engine="fake", models=["fake-model"])
        p = BenchParams(model="fake-model", output_tokens=TOKENS, concurrency=(4,), workers=2, warmup=0)
        async with Client(ClientOptions(base_url=srv.base_url, max_retries=0)) as c:
            lv = await run_level(c, stack, p, PromptMaker(p.input_words, p.seed), concurrency=4, n=10)
        prompts = [b["messages"][0]["content"] for b in srv.requests]
    assert lv.summary.ok == 10 and lv.summary.n == 10
    assert len(set(prompts)) == 10  # unique prefixes, made once in the parent
    assert lv.summary.window_s and lv.summary.window_s > 0
    assert [w["requests"] for w in lv.workers] == [5, 5]
    doc = level_doc(lv)
    assert len(doc["client"]["workers"]) == 2
    assert doc["client"]["loop_lag_ms"] in [w["loop_lag_ms"] for w in lv.workers]
    # every result is on the parent's clock: sent inside the level's window
    for r in lv.results:
        assert r.timings.sent_ns is not None and r.timings.end_ns is not None


async def test_server_failures_in_workers_stay_classified_data() -> None:
    # a base URL nothing listens on: requests fail as data (connection), the level still completes
    from stackeval.localserver.manager import free_port

    opts = ClientOptions(base_url=f"http://127.0.0.1:{free_port()}", max_retries=0, connect_timeout_s=2)
    results, _t0, _t1, reports = await run_sharded(opts, [{"model": "m", "messages": []}] * 4, concurrency=2,
                                                   workers=2)
    assert len(results) == 4 and not any(r.ok for r in results)
    assert {r.error.label for r in results if r.error} == {"connection"}
    assert len(reports) == 2


async def test_sharded_stamps_match_the_servers_write_stamps() -> None:
    """The accuracy check of benchmarks/measurement_accuracy.py through two client processes: every
    worker's TTFT and decode rate against the server's own write stamps on the shared clock (bounds
    as loose as tests/unit/runner/test_bench_accuracy.py's, for a busy machine)."""
    import statistics

    from benchmarks.measurement_accuracy import RecordingServer, measure

    async with RecordingServer(32, 0.040, 0.005) as srv:
        rows = await measure(srv.base_url, runs=2, tokens=32, ttft_s=0.040, step_s=0.005, names=["prelude"],
                             workers=2)
    assert len(rows) == 4
    assert abs(statistics.median(r.ttft_err_ms for r in rows)) <= 10.0
    assert abs(statistics.median(r.decode_err_pct for r in rows)) <= 5.0
