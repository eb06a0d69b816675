"""The agentic runner against the real local llama.cpp server (SmolLM2-135M behind our ChatML tool
template): a repair task and a filesystem task run to the end under small guards, with no harness or
infrastructure error, every turn stored and the metrics present. The 135M model is not expected to solve
them; what it did is printed (``pytest -s``) for the record. The measured side of the time-to-solve
projection: the run's turns give a timing of the real server (TTFT and decode time per turn, the prefix-cache
state from llama.cpp's ``cache_n``), and the projection of the run's own turns agrees with what was measured."""

from __future__ import annotations

import pytest

from stackeval.agentic.records import AgentOutcome
from stackeval.agentic.timing import compare, project, timing_from_outcome
from stackeval.report.agentic_report import render_agentic_markdown
from stackeval.runner.agentic import doc_name, execute_agentic
from stackeval.sandbox.local import LocalExecutor
from stackeval.store.db import Store

pytestmark = pytest.mark.integration

TASKS = ["fs_bookshop_voucher", "inventory", "ledger_s"]
MAX_TURNS = 6


async def test_agentic_tasks_run_to_the_end_on_the_local_server(local_server, tmp_path) -> None:
    db = tmp_path / "agentic.db"
    out = await execute_agentic(
        db_path=db, endpoint=local_server.base_url, tasks=TASKS, thinking="off", max_turns=MAX_TURNS,
        time_limit_s=300.0, max_tokens=256, executor=LocalExecutor(), timeouts={"total": 300.0, "read": 120.0},
    )
    print("\n" + render_agentic_markdown(out.docs, "SmolLM2-135M on the local server"))
    assert out.stack.engine == "llamacpp"
    by = {r.test_id: r for r in out.results}
    assert sorted(by) == sorted(TASKS)
    with Store(db, create=False) as st:
        info = st.run_info(out.run_id)
        assert info.kind == "agentic" and info.status == "complete"
        for tid in TASKS:
            r = by[tid]
            # a harness bug raises; a server failure would be status error/timeout: neither happened
            assert r.status in ("pass", "fail"), (tid, r.status, r.failure_class, r.detail)
            assert r.failure_class != "truncated" or r.finish_reason == "length"
            o = AgentOutcome.model_validate(st.docs(out.run_id)[doc_name(tid, "off")]["outcome"])
            pairs = st.requests_for(out.run_id, tid)
            assert 1 <= o.n_turns <= MAX_TURNS and len(pairs) == o.n_turns
            assert all(res.ok for _, res in pairs)
            assert all(req.body["tools"] and req.body["temperature"] == 0.0 for req, _ in pairs)
            assert o.prompt_tokens > 0 and o.completion_tokens > 0 and o.wall_s > 0
            assert all(t.model_ms > 0 and t.prompt_tokens for t in o.turns)
            assert r.prompt_tokens == o.prompt_tokens and r.wall_s > 0
    repair = AgentOutcome.model_validate(out.docs[doc_name("inventory", "off")]["outcome"])
    assert repair.tests_passed is not None and repair.tests_hash_ok is not None  # the end state was judged

    rung = AgentOutcome.model_validate(out.docs[doc_name("ledger_s", "off")]["outcome"])
    timed = [t for t in rung.turns if t.ttft_ms is not None]
    assert timed and all(t.decode_ms is not None for t in timed if (t.completion_tokens or 0) > 1)
    timing = timing_from_outcome([repair, rung], "SmolLM2-135M on llama.cpp (local)")
    if len(rung.turns) > 1:
        assert timing.prefix_cache == "warm"  # llama.cpp reuses the slot's prompt prefix across turns
    verdict = compare(rung, project(rung, timing), tolerance=0.3)
    print(f"ledger_s: {rung.n_turns} turns, measured {verdict.measured_s:.2f} s, projected {verdict.projected_s:.2f} s "
          f"[{verdict.low_s:.2f}-{verdict.high_s:.2f}], agrees: {verdict.agrees}, turns off: {verdict.turns_off}, "
          f"cache: {timing.prefix_cache}")
    assert verdict.agrees, verdict
