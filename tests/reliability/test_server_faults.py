"""Faults of the server under test: the whole strict profile against a scripted server that injects
every fault kind into a chosen share of the tests. The run completes; every affected test ends as an
error or timeout with the right class (never pass/fail); retries stay within their budget; a resume with
--retry-errors re-runs exactly the errored tests and ends with every test answered once."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from pathlib import Path

import pytest

from stackeval.client.http import Client, ClientOptions
from stackeval.localserver.manager import free_port
from stackeval.records.request import ChatRequest, ChatResult
from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.store.db import Store
from stackeval.suites import load_profile
from tests.reliability.helpers import Fault, FaultPlan, FaultServer, fault_catalogue

FAULT_RATE = 0.35  # share of the strict tests that get a fault
MAX_RETRIES = 2  # the client's default budget: 1 + 2 attempts
TIMEOUTS = {"total": 4.0, "read": 2.0, "connect": 2.0}
INFRA = {"error", "timeout"}


def _assign(ids: list[str], rate: float) -> dict[str, Fault]:
    """Spread every fault kind over ``rate`` of the tests, deterministically (every k-th test)."""
    cat = fault_catalogue()
    kinds = sorted(cat)
    n = max(len(kinds), round(len(ids) * rate))
    step = len(ids) / n
    chosen = [ids[int(i * step)] for i in range(n)]
    return {tid: cat[kinds[i % len(kinds)]]() for i, tid in enumerate(chosen)}


async def _run(db: Path, srv_url: str, **kw):  # noqa: ANN003, ANN202
    args = dict(db_path=db, endpoint=srv_url, profile="strict", model=None, concurrency=8, api_key=None,
                api_key_env=None, recipe=None, recipe_path=None, only=[], thinking="default", repeats=1,
                resume=None, force=False, retry_errors=False, executor=LocalExecutor(), timeouts=TIMEOUTS)
    args.update(kw)
    return await execute_suite(**args)


def test_strict_run_under_faults_then_resume_retry_errors(tmp_path: Path) -> None:
    suite = load_profile("strict")
    ids = sorted(i.id for i in suite.items)
    faults = _assign(ids, FAULT_RATE)
    assert set(Counter(f.kind for f in faults.values())) == set(fault_catalogue()), "every kind is injected"
    plan = FaultPlan(suite.items, faults)
    db = tmp_path / "faults.db"

    async def go():  # noqa: ANN202
        async with FaultServer(plan) as srv:
            t0 = time.monotonic()
            first = await _run(db, srv.base_url)
            wall = time.monotonic() - t0
            seen_first = Counter(plan.seen)
            plan.clean = True
            plan.seen.clear()
            second = await _run(db, srv.base_url, resume=first.run_id, retry_errors=True)
            return first, wall, seen_first, Counter(plan.seen), second

    first, wall, seen_first, seen_second, second = asyncio.run(go())

    # 1. the faulted run completed, with one result per test
    by_id = {r.test_id: r for r in first.results}
    assert set(by_id) == set(ids)
    with Store(db, create=False) as st:
        assert st.run_info(first.run_id).status == "complete"
        records = {tid: [(ChatRequest.model_validate_json(a), ChatResult.model_validate_json(b)) for a, b in
                         st.conn.execute("SELECT request_json, response_json FROM requests WHERE run_id=? AND "
                                         "test_id=? AND attempt=1", (first.run_id, tid))] for tid in ids}
    # a test's worst case is 3 attempts of (total timeout + max backoff): the run is bounded by that
    assert wall < 120, wall

    # 2. every affected test is classified infrastructure, with the right class, never pass/fail
    wrong = {}
    for tid, f in faults.items():
        r = by_id[tid]
        got = (r.status, r.failure_class)
        if f.expect_status == "answered":
            ok = r.status in ("pass", "fail") and r.failure_class not in {
                "connection", "http_429", "http_503"}
        else:
            ok = got == (f.expect_status, f.expect_class)
        if not ok:
            wrong[tid] = (f.kind, got, r.detail[:100])
    assert not wrong, wrong
    # unaffected tests are never infrastructure errors
    infra_unaffected = {t: (r.status, r.failure_class) for t, r in by_id.items() if t not in faults and r.status in INFRA}
    assert not infra_unaffected, infra_unaffected

    # 3. retries stay within their budget: client attempts (stored) == server requests == expected
    budget = {}
    for tid in ids:
        attempts = [len(res.attempts) for _req, res in records[tid]]
        assert len(attempts) == 1, (tid, attempts)  # one request record per result
        expect = faults[tid].expect_attempts if tid in faults else 1
        if attempts[0] != expect or seen_first[tid] != expect or attempts[0] > MAX_RETRIES + 1:
            budget[tid] = (faults[tid].kind if tid in faults else "-", attempts[0], seen_first[tid], expect)
    assert not budget, budget
    # Retry-After is honoured: the gap between attempts is at least the server's 1 s
    for tid, f in faults.items():
        if f.kind == "429_retry_after":
            at = records[tid][0][1].attempts
            gaps = [(b.started_ns - a.ended_ns) / 1e9 for a, b in zip(at, at[1:], strict=False)]
            assert all(g >= 0.95 for g in gaps), (tid, gaps)
            assert all(a.retry_after_s == 1.0 for a in at), tid

    # 4. resume with --retry-errors re-runs exactly the errored tests, and every test ends answered once
    errored = {t for t, r in by_id.items() if r.status in INFRA}
    assert errored == {t for t, f in faults.items() if f.expect_status != "answered"}
    assert second.resumed and second.new_results == len(errored)
    assert set(seen_second) == errored and all(v == 1 for v in seen_second.values())
    final = {r.test_id: r for r in second.results}
    assert set(final) == set(ids) and len(second.results) == len(ids)
    assert not [t for t, r in final.items() if r.status in INFRA]
    for t in errored:
        assert final[t].attempt == 2
    for t in set(ids) - errored:  # untouched by the resume
        assert final[t].model_dump() == by_id[t].model_dump()
    with Store(db, create=False) as st:
        rows = st.conn.execute("SELECT test_id, status FROM results WHERE run_id=?", (first.run_id,)).fetchall()
        assert st.run_info(first.run_id).status == "complete"
    answered = Counter(t for t, s in rows if s not in INFRA)
    assert set(answered) == set(ids) and set(answered.values()) == {1}


def test_connection_refused_is_classified_and_retried_within_budget() -> None:
    """No listener at all: ECONNREFUSED on every attempt -> `connection`, 1 + max_retries attempts."""
    port = free_port()

    async def go():  # noqa: ANN202
        opts = ClientOptions(base_url=f"http://127.0.0.1:{port}", backoff_base_s=0.05, connect_timeout_s=2)
        async with Client(opts) as c:
            t0 = time.monotonic()
            res = await c.chat(ChatRequest(body={"model": "m", "messages": [{"role": "user", "content": "hi"}]}))
            return res, time.monotonic() - t0

    res, wall = asyncio.run(go())
    assert not res.ok and res.error is not None and res.error.label == "connection"
    assert len(res.attempts) == MAX_RETRIES + 1 and wall < 2


@pytest.mark.parametrize("kind", sorted(fault_catalogue()))
def test_each_fault_kind_alone(kind: str) -> None:
    """Each fault on its own, straight through the client (fast, and names the kind that breaks)."""
    from stackeval.testing.fakeserver import Reply

    f = fault_catalogue(retry_after_s="0.1", stall_s=1.5)[kind]()
    n = {"i": 0}

    def respond(_body):  # noqa: ANN001, ANN202
        n["i"] += 1
        r = f.replies[min(n["i"], len(f.replies)) - 1]
        return Reply(content="fine answer") if r is None else r

    async def go():  # noqa: ANN202
        async with FaultServer(respond) as srv:
            opts = ClientOptions(base_url=srv.base_url, total_timeout_s=1.2, read_timeout_s=0.6, backoff_base_s=0.05)
            async with Client(opts) as c:
                return await c.chat(ChatRequest(body={"model": "m", "messages": [{"role": "user", "content": "q"}]}))

    res = asyncio.run(go())
    assert len(res.attempts) == f.expect_attempts == n["i"]
    if f.expect_status == "answered":
        assert res.ok and res.content == "fine answer"
    else:
        assert not res.ok and res.error is not None
        assert res.error.label == f.expect_class, (res.error.cls, res.error.message)
