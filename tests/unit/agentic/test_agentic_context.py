"""The context budget: the size estimate, which tool results are elided and how, the ``context_exhausted`` end,
what endpoint and manual players receive, and the report's columns."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from stackeval.agentic.context import (
    ELIDED_PREFIX,
    call_text,
    context_tokens,
    elision_stub,
    fit_context,
    message_tokens,
)
from stackeval.agentic.loop import Guard, initial_messages, run_agent
from stackeval.agentic.manual import ManualModel, request_path, response_path
from stackeval.agentic.records import AgentLimits, AgentTask, ModelReply
from stackeval.agentic.repair import RepairWorkspace
from stackeval.agentic.scripted import ScriptedAgent, call
from stackeval.agentic.tasks import load_task, task_files
from stackeval.report.agentic_report import ladder_rows, render_agentic_markdown, task_rows
from stackeval.runner.agentic_results import agent_doc, agent_result

CLI, STORE, MODELS = "inventory/cli.py", "inventory/store.py", "inventory/models.py"


def _tool_turn(turn: int, results: list[tuple[str, str]]) -> list[dict]:
    ids = [f"c{turn}_{i}" for i in range(len(results))]
    calls = [{"id": i, "type": "function", "function": {"name": "read_file", "arguments": json.dumps({"path": p})}}
             for i, (p, _) in zip(ids, results, strict=True)]
    return [{"role": "assistant", "content": f"turn {turn}", "tool_calls": calls},
            *({"role": "tool", "tool_call_id": i, "content": text} for i, (_, text) in zip(ids, results, strict=True))]


def _conversation() -> list[dict]:
    return [{"role": "system", "content": "s" * 400}, {"role": "user", "content": "u" * 400},
            *_tool_turn(1, [("a.py", "a" * 4000), ("b.py", "b" * 4000)]),
            *_tool_turn(2, [("c.py", "c" * 4000)]),
            *_tool_turn(3, [("d.py", "d" * 4000)])]


def test_the_estimate_counts_contents_and_tool_call_arguments() -> None:
    assert message_tokens({"role": "user", "content": "x" * 9}) == 3
    assert message_tokens({"role": "assistant", "content": None, "tool_calls": [
        {"id": "1", "function": {"name": "read_file", "arguments": '{"path": "a"}'}}]}) == 4  # 13 chars
    msgs = _conversation()
    assert context_tokens(msgs) == sum(message_tokens(m) for m in msgs)


def test_the_oldest_results_are_elided_first_and_only_as_many_as_needed() -> None:
    msgs = _conversation()
    before = context_tokens(msgs)
    assert fit_context(msgs, None).elided == [] and fit_context(msgs, before).elided == []
    fit = fit_context(msgs, before - 1200)  # two 1000-token results must go
    assert fit.fits and fit.tokens == context_tokens(msgs) <= before - 1200
    assert fit.elided == [3, 4]  # a.py then b.py (turn 1); c.py and d.py stay
    assert msgs[3]["content"] == ('[elided to fit the context budget: read_file("a.py") returned 4,000 characters; '
                                 'call it again if you need it]')
    assert msgs[4]["content"].startswith(ELIDED_PREFIX) and "read_file(\"b.py\")" in msgs[4]["content"]
    assert msgs[6]["content"] == "c" * 4000 and msgs[8]["content"] == "d" * 4000
    assert [m["content"] for m in msgs[:3]] == ["s" * 400, "u" * 400, "turn 1"]
    again = fit_context(msgs, before - 1200)  # already elided results are not counted twice
    assert again.elided == [] and again.fits


def test_the_latest_turn_and_the_text_are_never_elided() -> None:
    msgs = _conversation()
    fit = fit_context(msgs, 1000)  # even d.py alone is over 1000 tokens with the text
    assert not fit.fits and fit.elided == [3, 4, 6]
    assert msgs[8]["content"] == "d" * 4000
    assert all(not (m.get("content") or "").startswith(ELIDED_PREFIX) for m in msgs if m["role"] != "tool")


def test_a_result_shorter_than_its_stub_is_kept() -> None:
    msgs = [{"role": "user", "content": "u" * 4000}, *_tool_turn(1, [("a.py", "tiny")]), *_tool_turn(2, [("b.py", "b")])]
    fit = fit_context(msgs, 100)
    assert not fit.fits and fit.elided == [] and msgs[2]["content"] == "tiny"


def test_call_text_names_the_call_briefly() -> None:
    assert call_text("read_file", '{"path": "p/tax.py", "start_line": 400}') == 'read_file("p/tax.py", start_line=400)'
    assert call_text("run_tests", "") == "run_tests()"
    long = call_text("edit_file", json.dumps({"path": "a.py", "old": "x" * 500, "new": "y"}))
    assert len(long) < 140 and 'old="xxx' in long and '..."' in long
    assert call_text("search", "{bad json") == "search({bad json)"
    assert elision_stub("run_tests", "{}", 12345).endswith("run_tests() returned 12,345 characters; call it again "
                                                            "if you need it]")


def _budgeted(budget: int | None, read_chars: int = 16_000) -> AgentTask:
    task = load_task("inventory")
    return task.model_copy(update={"limits": AgentLimits(context_tokens=budget, read_chars=read_chars)})


def _reads(*turns: list[str]) -> ScriptedAgent:
    return ScriptedAgent([lambda _m, ps=ps: ModelReply(tool_calls=[call("read_file", path=p) for p in ps])
                          for ps in turns], final="I give up.")


async def test_the_loop_elides_the_oldest_result_and_records_it(executor, clock) -> None:
    base = context_tokens(initial_messages(_budgeted(1000)))  # with the budget note (same digits as base + 1000)
    task = _budgeted(base + 1000)
    assert "Your context holds about" in initial_messages(task)[0]["content"]
    assert context_tokens(initial_messages(task)) == base
    files = task_files(task)
    agent = _reads([CLI], [STORE], [MODELS])
    with RepairWorkspace(task, files, executor) as ws:
        out = await run_agent(task, agent, ws, Guard(clock=clock))
    assert (out.reason, out.n_turns) == ("final_answer", 4)
    assert out.elided_results == 1 and [t.elided for t in out.turns] == [0, 0, 1, 0]
    sizes = [t.context_tokens for t in out.turns]
    assert all(s is not None and s <= base + 1000 for s in sizes) and out.peak_context_tokens == max(sizes)
    third = agent.requests[2][0]  # turn 3's request: cli.py elided, store.py whole
    tool_msgs = [m["content"] for m in third if m["role"] == "tool"]
    assert tool_msgs == [f'[elided to fit the context budget: read_file("{CLI}") returned {len(files[CLI]):,} '
                         "characters; call it again if you need it]", files[STORE]]
    assert [m["content"] for m in agent.requests[0][0]] == [m["content"] for m in initial_messages(task)]
    assert [m["content"] for m in agent.requests[1][0] if m["role"] == "tool"] == [files[CLI]]  # sent before elision


async def test_without_a_budget_nothing_is_elided(executor, clock) -> None:
    task = _budgeted(None)
    agent = _reads([CLI], [STORE], [MODELS])
    with RepairWorkspace(task, task_files(task), executor) as ws:
        out = await run_agent(task, agent, ws, Guard(clock=clock))
    assert out.elided_results == 0
    assert [t.context_tokens for t in out.turns] == [context_tokens(msgs) for msgs, _ in agent.requests]
    assert out.peak_context_tokens == context_tokens(agent.requests[-1][0]) > 5000 // 4


async def test_a_conversation_that_cannot_fit_ends_the_run_as_context_exhausted(executor, clock) -> None:
    task = _budgeted(context_tokens(initial_messages(_budgeted(1000))) + 700)  # the note has as many digits
    agent = _reads([CLI, STORE])  # both results are the latest turn's: they cannot be elided
    with RepairWorkspace(task, task_files(task), executor) as ws:
        out = await run_agent(task, agent, ws, Guard(clock=clock))
    assert (out.solved, out.reason, out.n_turns, len(agent.requests)) == (False, "context_exhausted", 1, 1)
    assert out.detail.startswith("the conversation needs ") and f"the budget is {task.limits.context_tokens}" in out.detail
    assert (out.tests_passed, out.tests_failed) == (7, 5)  # the end state is still judged
    res = agent_result(task, "off", out, [])
    assert (res.status, res.failure_class) == ("fail", "context_exhausted")
    assert res.grade["elided_results"] == 0 and res.grade["peak_context_tokens"] == out.peak_context_tokens


async def test_a_task_text_over_the_budget_ends_before_the_first_request(executor, clock) -> None:
    task = _budgeted(256)
    task = task.model_copy(update={"description": task.description + "x" * 4000})
    agent = _reads([CLI])
    with RepairWorkspace(task, task_files(task), executor) as ws:
        out = await run_agent(task, agent, ws, Guard(clock=clock))
    assert (out.reason, out.n_turns, agent.requests, out.peak_context_tokens) == ("context_exhausted", 0, [], None)


async def test_a_manual_player_receives_the_elided_conversation(tmp_path: Path, executor) -> None:
    task = _budgeted(context_tokens(initial_messages(_budgeted(1000))) + 1000)  # the note has as many digits
    files = task_files(task)
    plays = [[CLI], [STORE], [MODELS]]

    async def player() -> None:
        for turn in range(1, len(plays) + 2):
            while not request_path(tmp_path, turn).is_file():
                await asyncio.sleep(0.02)
            out = ({"tool_calls": [{"name": "read_file", "arguments": {"path": p}} for p in plays[turn - 1]]}
                   if turn <= len(plays) else {"content": "done"})
            tmp = tmp_path / "r.tmp"
            tmp.write_text(json.dumps(out))
            tmp.rename(response_path(tmp_path, turn))

    play = asyncio.create_task(player())
    with RepairWorkspace(task, files, executor) as ws:
        out = await run_agent(task, ManualModel(tmp_path, timeout_s=60, poll_s=0.02), ws, Guard(max_turns=6))
    await play
    assert out.n_turns == 4 and out.elided_results == 1
    third = json.loads(request_path(tmp_path, 3).read_text())["messages"]
    tools = [m["content"] for m in third if m["role"] == "tool"]
    assert tools[0].startswith(f'{ELIDED_PREFIX}read_file("{CLI}") returned') and tools[1] == files[STORE]
    second = json.loads(request_path(tmp_path, 2).read_text())["messages"]
    assert [m["content"] for m in second if m["role"] == "tool"] == [files[CLI]]


def test_the_report_shows_the_peak_context_and_the_elided_results(executor) -> None:
    task = load_task("rail_l")
    from stackeval.agentic.records import AgentOutcome, Turn

    out = AgentOutcome(task_id=task.id, solved=False, reason="context_exhausted", elided_results=7,
                       peak_context_tokens=15210,
                       turns=[Turn(index=1, request_messages=2, context_tokens=9000),
                              Turn(index=2, request_messages=4, context_tokens=15210, elided=7)])
    doc = agent_doc(task, "off", out, agent_result(task, "off", out, []), Guard.from_limits(task.limits))
    budget = task.limits.context_tokens
    assert budget and doc["guard"]["context_tokens"] == budget
    (row,) = ladder_rows([doc])
    assert (row["elided"], row["peak_context"], row["context_budget"]) == (7, 15210, budget)
    assert task_rows([doc])[0]["elided"] == 7
    md = render_agentic_markdown({"agentic.rail_l.off": doc}, "t")
    assert "| peak context/budget (est.) | elided results |" in md
    assert f"| 15,210/{budget:,} | 7 |" in md
    assert "| 15210 (7 elided) |" in md  # the turn table: the context each turn sent
    assert "fail: context_exhausted" in md


async def test_the_reference_reads_in_pages_within_a_tight_budget_and_still_solves(executor, clock) -> None:
    from stackeval.agentic.scripted import reference_agent

    task = _budgeted(None)
    task = _budgeted(context_tokens(initial_messages(task)) + 1000, read_chars=400)
    agent = reference_agent(task)
    with RepairWorkspace(task, task_files(task), executor) as ws:
        out = await run_agent(task, agent, ws, Guard(clock=clock))
    assert (out.solved, out.reason) == (True, "solved"), out.detail
    reads = [json.loads(c.arguments) for t in out.turns for c in t.tool_calls if c.name == "read_file"]
    assert any("start_line" in r for r in reads)  # a file over 400 characters came in several pages
    # two reading turns (each within half the budget), the edits, the test run; the pages read were elided later
    assert out.n_turns == 4 and out.elided_results > 0
    assert out.peak_context_tokens is not None and out.peak_context_tokens <= task.limits.context_tokens
    assert out.fixes_in_one_turn is True and [c.name for c in out.turns[-1].tool_calls] == ["run_tests"]
