"""The agentic runner through the real client against the scripted server: a responder replaying the
reference fixes solves the repair task and the store has every turn; an idle responder fails; a failed
request becomes an error; resume skips what is stored; the report renders the stored docs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.cli import stackeval

from stackeval.agentic.records import AgentOutcome
from stackeval.agentic.scripted import call, reference_agent
from stackeval.agentic.tasks import load_fixes, load_task
from stackeval.errors import ProfileNotFound, UserError
from stackeval.records.request import ErrorClass, RequestError
from stackeval.report.agentic_report import ladder_rows, render_agentic_markdown, task_rows
from stackeval.runner.agentic import (
    LADDER,
    agent_result,
    context_exceeded,
    default_tasks,
    doc_name,
    execute_agentic,
    select_tasks,
    tasks_hash,
)
from stackeval.store.db import Store
from stackeval.testing.fakeserver import FakeServer, Reply

LLAMACPP_CONTEXT_400 = ('{"error":{"code":400,"message":"the request exceeds the available context size, try increasing '
                        'it","type":"exceed_context_size_error","n_prompt_tokens":2100,"n_ctx":2048}}')


@pytest.fixture(scope="module")
def executor():
    from stackeval.sandbox.local import LocalExecutor

    return LocalExecutor()


def _turn(body: dict[str, Any]) -> int:
    return sum(1 for m in body["messages"] if m["role"] == "assistant")


def _task_of(body: dict[str, Any], ids: list[str]) -> str:
    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    return next(t for t in ids if load_task(t).description == user)


def replaying(*task_ids: str):
    """A responder that plays each task's scripted reference agent over the wire."""
    agents = {t: reference_agent(load_task(t)) for t in task_ids}

    def respond(body: dict[str, Any]) -> Reply:
        agent = agents[_task_of(body, list(task_ids))]
        n = _turn(body)
        if n < len(agent.steps):
            r = agent.steps[n](body["messages"])
            return Reply(content=r.content, tool_calls=r.tool_calls, finish_reason="tool_calls")
        return Reply(content=agent.final)

    return respond


def idle(body: dict[str, Any]) -> Reply:
    return Reply(content="I cannot fix this.")


async def _run(srv: FakeServer, db: Path, executor=None, **kw: Any):
    kw.setdefault("timeouts", {"total": 60.0, "read": 30.0})
    return await execute_agentic(db_path=db, endpoint=srv.base_url, executor=executor, **kw)


async def test_replayed_reference_fixes_solve_the_repair_task_and_every_turn_is_stored(tmp_path, executor) -> None:
    db = tmp_path / "a.db"
    async with FakeServer(replaying("inventory")) as srv:
        out = await _run(srv, db, executor, tasks=["inventory"], max_tokens=3000)
        assert len(srv.requests) == 3  # read_file x2, write_file x2, run_tests: solved right after the tests
        again = await _run(srv, db, executor, resume=out.run_id)
        assert (again.resumed, again.new_results, len(srv.requests)) == (True, 0, 3)
    [r] = out.results
    assert (r.test_id, r.arm, r.category, r.tier) == ("inventory", "off", "agentic", "repair")
    assert (r.status, r.failure_class) == ("pass", None), r.detail
    assert r.grade["tool_calls"] == {"read_file": 2, "edit_file": 4, "run_tests": 1}
    assert r.grade["fixes_in_one_turn"] is True and r.grade["tests_passed"] == 12
    with Store(db, create=False) as st:
        info = st.run_info(out.run_id)
        pairs = st.requests_for(out.run_id, "inventory")
        doc = st.docs(out.run_id)[doc_name("inventory", "off")]
    assert info.kind == "agentic" and info.status == "complete" and info.spec.only == ["inventory"]
    assert info.suite_hash == tasks_hash(["inventory"])
    assert [len(req.body["messages"]) for req, _ in pairs] == [2, 5, 10]  # system, user; +1 reply, +2 reads; +1, +4 edits
    for req, res in pairs:
        b = req.body
        assert req.stream is True and b["temperature"] == 0.0 and b["max_tokens"] == 3000
        assert [t["function"]["name"] for t in b["tools"]] == ["read_file", "search", "write_file", "edit_file",
                                                               "apply_patch", "run_tests"]
        assert b["chat_template_kwargs"] == {"enable_thinking": False}
        assert res.ok and res.tool_calls
    assert [c.function.name for c in pairs[-1][1].tool_calls] == ["run_tests"]
    written = {json.loads(c.function.arguments)["path"] for c in pairs[1][1].tool_calls}
    assert written == {f.file for f in load_fixes("inventory")}
    o = AgentOutcome.model_validate(doc["outcome"])
    assert o.solved and o.n_turns == 3 and o.tests_hash_ok is True
    assert doc["size"] == {"source_files": 5, "tests": 12, "bugs": 4, "failing_at_start": 5}
    assert doc["status"] == "pass" and doc["guard"]["max_turns"] == 20


async def test_idle_and_wrong_answers_fail_with_the_reason(tmp_path, executor) -> None:
    async with FakeServer(idle) as srv:
        out = await _run(srv, tmp_path / "a.db", executor, tasks=["inventory", "fs_bookshop_voucher"],
                         stream=False)
        assert all(b["stream"] is False for b in srv.requests)
    by = {r.test_id: r for r in out.results}
    assert [(by[t].status, by[t].failure_class) for t in ("inventory", "fs_bookshop_voucher")] == [
        ("fail", "final_answer"), ("fail", "final_answer")]
    assert by["inventory"].grade["tests_passed"] == 7 and by["inventory"].answer_excerpt == "I cannot fix this."

    def wrong(body: dict[str, Any]) -> Reply:
        return Reply(content="The bug is here.\nFILE: app/models.py\nLINE: 3")

    async with FakeServer(wrong) as srv:
        out = await _run(srv, tmp_path / "b.db", tasks=["fs_bookshop_voucher"])
    assert (out.results[0].status, out.results[0].failure_class) == ("fail", "wrong_location")


async def test_reference_fs_answer_passes_and_the_guard_stops_a_looping_model(tmp_path) -> None:
    async with FakeServer(replaying("fs_ticketdesk_pages")) as srv:
        out = await _run(srv, tmp_path / "a.db", tasks=["fs_ticketdesk_pages"])
    assert out.results[0].status == "pass" and out.results[0].grade["turns"] == 4

    def looping(body: dict[str, Any]) -> Reply:
        return Reply(tool_calls=[call("list_dir", path="")], finish_reason="tool_calls")

    db = tmp_path / "b.db"
    async with FakeServer(looping) as srv:
        out = await _run(srv, db, tasks=["fs_ticketdesk_pages"], max_turns=2)
        assert len(srv.requests) == 2
    assert (out.results[0].status, out.results[0].failure_class) == ("fail", "max_turns")
    with Store(db, create=False) as st:
        assert len(st.requests_for(out.run_id, "fs_ticketdesk_pages")) == 2
        assert st.run_info(out.run_id).spec.defaults["guard"] == {"max_turns": 2}


async def test_http_500_mid_loop_is_an_error_and_both_turns_are_stored(tmp_path) -> None:
    def flaky(body: dict[str, Any]) -> Reply:
        if _turn(body) == 0:
            return Reply(tool_calls=[call("list_dir", path="")], finish_reason="tool_calls")
        return Reply(status=500, error_body='{"error":{"message":"kaboom"}}')

    db = tmp_path / "a.db"
    async with FakeServer(flaky) as srv:
        out = await _run(srv, db, tasks=["fs_bookshop_session"])
    [r] = out.results
    assert (r.status, r.failure_class) == ("error", "http_500") and "turn 2" in r.detail
    with Store(db, create=False) as st:
        pairs = st.requests_for(out.run_id, "fs_bookshop_session")
        doc = st.docs(out.run_id)[doc_name("fs_bookshop_session", "off")]
    assert [res.ok for _, res in pairs] == [True, False] and pairs[1][1].status == 500
    o = AgentOutcome.model_validate(doc["outcome"])
    assert (o.reason, o.n_turns, o.turns[-1].error) == ("error", 2, "http_500")
    assert doc["status"] == "error" and doc["failure_class"] == "http_500"


async def test_context_overflow_is_a_failure_of_the_run_not_of_the_server(tmp_path) -> None:
    def full(body: dict[str, Any]) -> Reply:
        if _turn(body) == 0:
            return Reply(tool_calls=[call("read_file", path="app/models.py")], finish_reason="tool_calls")
        return Reply(status=400, error_body=LLAMACPP_CONTEXT_400)

    async with FakeServer(full) as srv:
        out = await _run(srv, tmp_path / "a.db", tasks=["fs_bookshop_session"])
    assert (out.results[0].status, out.results[0].failure_class) == ("fail", "context_exceeded")
    assert not context_exceeded(RequestError(cls=ErrorClass.HTTP, status=400, message="HTTP 400", body_excerpt="bad tools"))
    assert not context_exceeded(RequestError(cls=ErrorClass.HTTP, status=500, message="HTTP 500",
                                             body_excerpt="context size"))


async def test_thinking_both_runs_each_arm_and_flags_an_ignored_switch(tmp_path) -> None:
    async with FakeServer(replaying("fs_bookshop_voucher")) as srv:
        out = await _run(srv, tmp_path / "a.db", tasks=["fs_bookshop_voucher"], thinking="both")
        kwargs = [b["chat_template_kwargs"]["enable_thinking"] for b in srv.requests]
    assert kwargs == [False] * 4 + [True] * 4
    by = {r.arm: r for r in out.results}
    assert by["off"].status == by["on"].status == "pass"
    assert "thinking_ignored" in by["on"].flags and "thinking_ignored" not in by["off"].flags
    assert set(out.docs) == {doc_name("fs_bookshop_voucher", a) for a in ("off", "on")}


async def test_bad_input_is_refused_before_the_store_is_touched(tmp_path) -> None:
    db = tmp_path / "a.db"
    async with FakeServer(idle) as srv:
        with pytest.raises(ProfileNotFound, match="unknown agentic task 'nope'"):
            await _run(srv, db, tasks=["nope"])
        with pytest.raises(UserError, match="sandbox executor"):
            await _run(srv, db, tasks=["inventory"])
        with pytest.raises(UserError, match="--thinking"):
            await _run(srv, db, tasks=["fs_bookshop_voucher"], thinking="maybe")
    assert not db.exists()


def test_a_template_without_tools_is_flagged_when_no_tool_was_called() -> None:
    task = load_task("fs_bookshop_voucher")
    quiet = AgentOutcome(task_id=task.id, solved=False, reason="final_answer")
    busy = quiet.model_copy(update={"tool_calls_by_kind": {"list_dir": 1}})
    assert "template_without_tools" in agent_result(task, "off", quiet, [], tools_supported=False).flags
    assert "template_without_tools" not in agent_result(task, "off", busy, [], tools_supported=False).flags
    assert "template_without_tools" not in agent_result(task, "off", quiet, [], tools_supported=None).flags


def test_task_selection() -> None:
    assert default_tasks() == ["fs_bookshop_session", "fs_bookshop_voucher", "fs_ticketdesk_pages", "inventory"]
    assert select_tasks([], True) == list(LADDER)
    assert select_tasks(["rail_l", "fs_ticketdesk_pages", "rail_l"], False) == ["fs_ticketdesk_pages", "rail_l"]
    assert select_tasks(["fs_bookshop_voucher"], True) == ["fs_bookshop_voucher", *LADDER]
    assert tasks_hash(["inventory"]) != tasks_hash(["parcels_m"])


def _doc(task: str, kind: str, turns: int, wall: float, solved: bool, size: dict[str, int] | None = None) -> dict[str, Any]:
    out = {"task_id": task, "solved": solved, "reason": "solved" if solved else "max_turns", "wall_s": wall,
           "tool_calls_by_kind": {"read_file": turns}, "files_read": ["a.py"],
           "turns": [{"index": i + 1, "request_messages": 2 + 2 * i, "model_ms": 1000.0, "tools_ms": 500.0,
                      "tool_calls": [{"id": f"c{i}", "name": "read_file", "arguments": '{"path": "a.py"}'}]}
                     for i in range(turns)],
           "fixes_in_one_turn": True if solved and kind == "repair" else None,
           "tests_passed": (size or {}).get("tests") if kind == "repair" else None}
    return {"task_id": task, "arm": "off", "kind": kind, "title": task, "status": "pass" if solved else "fail",
            "failure_class": None if solved else "max_turns", "size": size, "guard": {"max_turns": 20},
            "outcome": out}


def test_report_tables_and_ladder() -> None:
    docs = {
        doc_name("inventory_l", "off"): _doc("inventory_l", "repair", 9, 90.0, False, {"source_files": 12, "tests": 30, "bugs": 9}),
        doc_name("inventory", "off"): _doc("inventory", "repair", 3, 12.0, True, {"source_files": 5, "tests": 12, "bugs": 4}),
        doc_name("fs_bookshop_voucher", "off"): _doc("fs_bookshop_voucher", "fs", 4, 2.0, True),
        "bench": {"unrelated": True},
    }
    rows = task_rows([docs[k] for k in docs if k != "bench"])
    assert {r["task"]: r["turns"] for r in rows} == {"inventory_l": 9, "inventory": 3, "fs_bookshop_voucher": 4}
    lad = ladder_rows(list(docs.values())[:3])
    assert [(r["task"], r["turns"], r["wall_s"], r["s_per_turn"]) for r in lad] == [
        ("inventory", 3, 12.0, 4.0), ("inventory_l", 9, 90.0, 10.0)]
    assert lad[0]["model_s"] == 3.0 and lad[0]["tools_s"] == 1.5
    md = render_agentic_markdown(docs, "t")
    assert "2/3 task runs solved" in md and "## Scale ladder" in md and "## Turns" in md
    assert md.index("| fs_bookshop_voucher |") < md.index("| inventory |") < md.index("| inventory_l |")
    assert "| inventory | off | yes | solved | 3/20 | read_file 3 |" in md and "| one turn |" in md
    assert "| inventory_l | off | 12 | 30 | 9 | no |" in md
    assert '| 1 | read_file({"path": "a.py"}) |' in md
    assert "## Turns" not in render_agentic_markdown(docs, "t", turns=False)
    assert "no agentic task results" in render_agentic_markdown({}, "t")


def test_cli_runs_a_task_and_writes_json(tmp_path) -> None:
    db, js, md = tmp_path / "a.db", tmp_path / "a.json", tmp_path / "a.md"
    with FakeServer(replaying("fs_bookshop_session")) as srv:
        r = stackeval("agentic", "-e", srv.base_url, "--task", "fs_bookshop_session", "--db", str(db),
                      "--json", str(js), "--md", str(md), timeout=120)
        assert r.returncode == 0, r.stderr
        bad = stackeval("agentic", "-e", srv.base_url, "--task", "nope", "--db", str(tmp_path / "b.db"), timeout=60)
    assert "1/1 task runs solved" in r.stdout and "agentic run id:" in r.stdout
    doc = json.loads(js.read_text())
    assert doc["results"][0]["status"] == "pass" and doc["spec"]["kind"] == "agentic"
    assert doc_name("fs_bookshop_session", "off") in doc["tasks"]
    assert "## Turns" in md.read_text()
    assert bad.returncode == 2 and bad.stderr.strip().startswith("stackeval: error: unknown agentic task 'nope'")
    assert not (tmp_path / "b.db").exists()
