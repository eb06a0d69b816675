"""End to end over every builtin task: the scripted reference agent solves each one, the idle agent
solves none; repair runs count the repo's tests exactly, and edits to test files are caught by hash."""

from __future__ import annotations

import json
import re

import pytest

from stackeval.agentic.loop import Guard, run_agent
from stackeval.agentic.records import ModelReply
from stackeval.agentic.repair import MAX_WRITE_BYTES, RepairWorkspace, protected_hash
from stackeval.agentic.scripted import ScriptedAgent, apply_fixes, call, idle_agent, reference_agent
from stackeval.agentic.tasks import list_tasks, load_fixes, load_task, make_toolset, task_files


@pytest.mark.parametrize("task_id", list_tasks())
async def test_reference_agent_solves_and_idle_agent_fails(task_id: str, executor, clock) -> None:
    task = load_task(task_id)
    with_tools = [make_toolset(task, executor), make_toolset(task, executor)]
    try:
        good = await run_agent(task, reference_agent(task), with_tools[0], Guard(clock=clock))
        idle = await run_agent(task, idle_agent, with_tools[1], Guard(clock=clock))
    finally:
        for t in with_tools:
            if isinstance(t, RepairWorkspace):
                t.close()
    assert (good.solved, good.reason) == (True, "solved"), good.detail
    assert (idle.solved, idle.reason, idle.n_turns) == (False, "final_answer", 1)
    assert idle.final_answer == "I cannot fix this." and idle.files_read == []
    if task.kind == "fs":
        assert task.fs is not None
        assert good.files_read == [task.fs.file] and good.n_turns == 4
        assert good.tool_calls_by_kind == {"list_dir": 1, "search_text": 1, "read_file": 1}
        return
    exp = task.repair
    assert exp is not None
    fixed_files = sorted({f.file for f in load_fixes(task_id)})
    # read (in pages, over as many turns as the context budget needs), edit, run_tests: success is seen right
    # after the test run, with no final-answer turn
    reading = good.n_turns - 2
    assert reading >= 1 and good.final_answer is None
    assert all(c.name == "read_file" for t in good.turns[:reading] for c in t.tool_calls)
    assert good.tool_calls_by_kind["read_file"] >= len(fixed_files) and good.tool_calls_by_kind["run_tests"] == 1
    assert sorted(good.files_written) == sorted(good.files_read) == fixed_files
    budget = task.limits.context_tokens
    assert good.peak_context_tokens is not None and (budget is None or good.peak_context_tokens <= budget)
    assert (good.tests_passed, good.tests_failed, good.tests_hash_ok) == (exp.tests, 0, True)
    assert good.fixes_in_one_turn is True
    assert (idle.tests_passed, idle.tests_failed) == (exp.tests - exp.failing_at_start, exp.failing_at_start)
    assert idle.tests_hash_ok is True and idle.fixes_in_one_turn is None


def _fixed(path: str, text: str) -> str:
    return apply_fixes(text, [f for f in load_fixes("inventory") if f.file == path])


def test_protected_hash() -> None:
    files = task_files(load_task("inventory"))
    base = protected_hash(files)
    assert protected_hash({**files, "inventory/store.py": "changed"}) == base
    assert protected_hash({**files, "README.md": "new"}) == base
    for change in ({"tests/test_store.py": files["tests/test_store.py"] + "\n"},
                   {"tests/test_new.py": "def test_x():\n    pass\n"},
                   {"conftest.py": ""}, {"inventory/conftest.py": ""},
                   {"pytest.ini": "[pytest]\n"}, {"setup.cfg": ""}):
        assert protected_hash({**files, **change}) != base, change
    assert protected_hash({k: v for k, v in files.items() if k != "tests/test_cli.py"}) != base


async def test_editing_a_test_file_is_not_a_fix(executor, clock) -> None:
    task = load_task("inventory")
    files = task_files(task)
    store, orders = "inventory/store.py", "inventory/orders.py"
    cheat = ScriptedAgent([
        lambda _m: ModelReply(tool_calls=[
            call("write_file", path=store, content=_fixed(store, files[store])),
            call("write_file", path=orders, content=_fixed(orders, files[orders])),
            call("write_file", path="tests/test_cli.py", content=files["tests/test_cli.py"] + "# ok\n")]),
        lambda _m: ModelReply(tool_calls=[call("run_tests")]),
    ], final="All tests pass.")
    with RepairWorkspace(task, files, executor) as ws:
        out = await run_agent(task, cheat, ws, Guard(clock=clock))
        assert ws.dir.is_dir()
    assert not ws.dir.exists()
    assert (out.solved, out.reason, out.n_turns) == (False, "final_answer", 3)
    assert (out.tests_passed, out.tests_failed, out.tests_hash_ok) == (12, 0, False)
    assert "test files were changed" in out.detail
    assert out.fixes_in_one_turn is None


async def test_fix_without_running_tests_is_judged_at_the_end(executor, clock) -> None:
    task = load_task("inventory")
    files = task_files(task)
    store, orders = "inventory/store.py", "inventory/orders.py"
    agent = ScriptedAgent([
        lambda _m: ModelReply(tool_calls=[call("write_file", path=store, content=_fixed(store, files[store]))]),
        lambda _m: ModelReply(tool_calls=[call("write_file", path=orders, content=_fixed(orders, files[orders]))]),
    ], final="Fixed, I think.")
    with RepairWorkspace(task, files, executor) as ws:
        out = await run_agent(task, agent, ws, Guard(clock=clock))
    assert (out.solved, out.reason, out.n_turns, out.tests_passed) == (True, "solved", 3, 12)
    assert out.fixes_in_one_turn is False
    assert out.tool_calls_by_kind == {"write_file": 2}


async def test_workspace_tools(executor) -> None:
    task = load_task("inventory")
    with RepairWorkspace(task, task_files(task), executor) as ws:
        got = await ws.call("read_file", {"path": "inventory/models.py"})
        assert got.ok and got.content.startswith('"""The stock item record') and got.file_read == "inventory/models.py"
        assert (await ws.call("read_file", {"path": "inventory/nope.py"})).error == "no_such_path"
        assert (await ws.call("read_file", {"path": "../../etc/passwd"})).error == "no_such_path"
        assert (await ws.call("read_file", {"path": "inventory"})).error == "is_a_directory"
        assert (await ws.call("write_file", {"path": "inventory", "content": "x"})).error == "is_a_directory"
        assert (await ws.call("write_file", {"path": "/", "content": "x"})).error == "no_such_path"
        assert (await ws.call("write_file", {"path": "a.py"})).error == "bad_arguments"
        big = "x" * (MAX_WRITE_BYTES + 1)
        assert (await ws.call("write_file", {"path": "a.py", "content": big})).error == "too_large"
        wrote = await ws.call("write_file", {"path": "notes/todo.txt", "content": "fix it"})
        assert wrote.file_written == "notes/todo.txt" and (ws.dir / "notes/todo.txt").read_text() == "fix it"
        assert (await ws.call("git_push", {})).error == "unknown_tool"
        assert not ws.solved_now()  # no test run yet
        report = await ws.call("run_tests", {})
        # pytest's own output, nothing before it: the progress line first, the count line last
        first, last = report.content.splitlines()[0], report.content.splitlines()[-1]
        assert re.fullmatch(r"[.F]{12} +\[100%\]", first), first
        assert re.fullmatch(r"5 failed, 7 passed in [0-9.]+s", last), last
        assert "FAILED tests/test_store.py::test_load_rejects_a_bad_item" in report.content
        assert not ws.solved_now()
    names = [s["function"]["name"] for s in ws.schemas()]
    assert names == ["read_file", "search", "write_file", "edit_file", "apply_patch", "run_tests"]
    assert json.dumps(ws.schemas())  # plain JSON


async def test_edit_file_replaces_one_exact_span(executor) -> None:
    task = load_task("inventory")
    with RepairWorkspace(task, task_files(task), executor) as ws:
        path = "inventory/models.py"
        before = (ws.dir / path).read_text()
        missing = await ws.call("edit_file", {"path": path, "old": "no such text", "new": "x"})
        assert missing.error == "span_not_found" and "not found in inventory/models.py" in missing.content
        line = before.splitlines()[0]
        near = await ws.call("edit_file", {"path": path, "old": line + "\n   wrong indent", "new": "x"})
        assert near.error == "span_not_found" and "occurs at line 1" in near.content
        twice = await ws.call("edit_file", {"path": path, "old": "self", "new": "this"})
        assert twice.error == "span_not_unique" and f"occurs {before.count('self')} times" in twice.content
        assert (await ws.call("edit_file", {"path": path, "old": "", "new": "x"})).error == "bad_arguments"
        assert (await ws.call("edit_file", {"path": path, "old": "x"})).error == "bad_arguments"
        assert (await ws.call("edit_file", {"path": "inventory/nope.py", "old": "a", "new": "b"})).error == "no_such_path"
        assert (ws.dir / path).read_text() == before  # failed edits change nothing
        ok = await ws.call("edit_file", {"path": path, "old": line, "new": '"""Edited."""'})
        assert ok.ok and ok.file_written == path and "at line 1" in ok.content
        assert (ws.dir / path).read_text() == before.replace(line, '"""Edited."""', 1)


async def test_apply_patch_applies_a_unified_diff_whole_or_not_at_all(executor) -> None:
    task = load_task("parcels_m")
    with RepairWorkspace(task, task_files(task), executor) as ws:
        zones, quote = ws.dir / "parcels/zones.py", ws.dir / "parcels/quote.py"
        z0, q0 = zones.read_text(), quote.read_text()
        good = (
            "--- a/parcels/zones.py\n+++ b/parcels/zones.py\n@@ -12,3 +12,3 @@\n"
            ' def normalise(postcode):\n     """Postcodes are compared without spaces."""\n'
            '-    return postcode.replace(" ", "")\n+    return postcode.replace(" ", "").upper()\n'
            "--- a/parcels/quote.py\n+++ b/parcels/quote.py\n@@ -17,1 +17,1 @@\n"
            '-    if service == "STD" and order_cents > FREE_FROM_CENTS:\n'
            '+    if service == "STD" and order_cents >= FREE_FROM_CENTS:\n')
        stale = good.replace('return postcode.replace(" ", "")\n+', 'return postcode.strip()\n+')
        bad = await ws.call("apply_patch", {"patch": stale})
        assert bad.error == "span_not_found" and "hunk 1 for parcels/zones.py" in bad.content
        assert (zones.read_text(), quote.read_text()) == (z0, q0)  # nothing applied
        assert (await ws.call("apply_patch", {"patch": "just text"})).error == "bad_patch"
        missing = good.replace("parcels/quote.py", "parcels/nope.py")
        assert (await ws.call("apply_patch", {"patch": missing})).error == "no_such_path"
        assert (zones.read_text(), quote.read_text()) == (z0, q0)
        ok = await ws.call("apply_patch", {"patch": good})
        assert ok.ok and ok.files_written == ["parcels/zones.py", "parcels/quote.py"], ok.content
        assert zones.read_text() == z0.replace('replace(" ", "")', 'replace(" ", "").upper()')
        assert quote.read_text() == q0.replace("order_cents > FREE", "order_cents >= FREE")
        run = await ws.run_tests_async()
        assert run.failed == 6  # free shipping and the return label pass now; the postcode test still waits for the label fix


async def test_reference_agent_edits_spans_and_the_outcome_names_the_tool(executor, clock) -> None:
    task = load_task("parcels_m")
    with RepairWorkspace(task, task_files(task), executor) as ws:
        out = await run_agent(task, reference_agent(task), ws, Guard(clock=clock))
    assert out.solved and out.tool_calls_by_kind["edit_file"] == len(load_fixes("parcels_m"))
    assert "write_file" not in out.tool_calls_by_kind and out.edit_tools == {"edit_file": len(load_fixes("parcels_m"))}


def test_repair_toolset_needs_an_executor() -> None:
    with pytest.raises(ValueError, match="executor"):
        make_toolset(load_task("inventory"))
