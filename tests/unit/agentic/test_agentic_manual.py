"""The manual model: an outside agent plays each turn through files, as docs/agentic-calibration.md says."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from stackeval.agentic.loop import Guard, run_agent
from stackeval.agentic.manual import ManualModel, parse_response, request_path, response_path
from stackeval.agentic.repair import RepairWorkspace
from stackeval.agentic.scripted import reference_agent
from stackeval.agentic.tasks import load_task, task_files
from stackeval.runner.agentic import run_manual


async def _outside_agent(directory: Path, task_id: str, stop: asyncio.Event) -> int:
    """Reads each request, answers with the reference agent's move in the documented response shape."""
    agent = reference_agent(load_task(task_id))
    turn = 1
    while not stop.is_set():
        req = request_path(directory, turn)
        if not req.is_file():
            await asyncio.sleep(0.02)
            continue
        body = json.loads(req.read_text())
        assert body["turn"] == turn and body["respond_to"] == response_path(directory, turn).name
        assert [t["function"]["name"] for t in body["tools"]][:1] == ["read_file"]
        msgs = body["messages"]
        n = sum(1 for m in msgs if m["role"] == "assistant")
        if n < len(agent.steps):
            reply = agent.steps[n](msgs)
            out = {"content": "", "tool_calls": [{"name": c.function.name, "arguments": json.loads(c.function.arguments)}
                                                 for c in reply.tool_calls]}
        else:
            out = {"content": agent.final}
        tmp = directory / f"turn-{turn}.tmp"
        tmp.write_text(json.dumps(out))
        tmp.rename(response_path(directory, turn))
        turn += 1
    return turn - 1


async def test_an_outside_agent_solves_a_rung_through_files(tmp_path, executor) -> None:
    task = load_task("ledger_s")
    stop = asyncio.Event()
    player = asyncio.create_task(_outside_agent(tmp_path, task.id, stop))
    with RepairWorkspace(task, task_files(task), executor) as ws:
        out = await run_agent(task, ManualModel(tmp_path, timeout_s=60, poll_s=0.02), ws, Guard(max_turns=6))
    stop.set()
    assert await player == 3
    assert out.solved and out.n_turns == 3 and out.edit_tools == {"edit_file": 3}
    assert all(t.tokens_estimated and t.prompt_tokens and t.completion_tokens for t in out.turns)
    assert out.turns[2].prompt_tokens > out.turns[0].prompt_tokens  # the reads are in the later requests
    third = json.loads(request_path(tmp_path, 3).read_text())
    assert third["messages"][-1]["role"] == "tool" and third["messages"][-1]["content"].startswith("edited ")
    assert not response_path(tmp_path, 4).exists()  # solved after turn 3: no fourth request


async def test_run_manual_writes_the_outcome(tmp_path, executor) -> None:
    stop = asyncio.Event()
    player = asyncio.create_task(_outside_agent(tmp_path, "inventory", stop))
    out = await run_manual("inventory", tmp_path, executor, timeout_s=60, poll_s=0.02)
    stop.set()
    await player
    assert out.solved
    saved = json.loads((tmp_path / "outcome.json").read_text())
    assert saved["outcome"]["solved"] is True and saved["task_id"] == "inventory" and saved["turns"] == 3
    # the context the player was sent, estimated as for an endpoint run (inventory has no budget: nothing elided)
    assert saved["outcome"]["elided_results"] == 0 and saved["outcome"]["peak_context_tokens"] == max(
        t["context_tokens"] for t in saved["outcome"]["turns"]) > 1000
    assert (saved["elided_results"], saved["peak_context_tokens"], saved["guard"]["context_tokens"]) == (
        0, saved["outcome"]["peak_context_tokens"], None)


async def test_a_missing_or_bad_response_ends_the_run_as_an_error(tmp_path) -> None:
    now = [0.0]

    async def sleep(s: float) -> None:
        now[0] += s

    model = ManualModel(tmp_path, timeout_s=5.0, poll_s=1.0, settle_s=2.0, clock=lambda: now[0], sleep=sleep)
    reply = await model([{"role": "user", "content": "hi"}], [])
    assert reply.error == "timeout" and "no response within 5 s" in model.errors[0]
    response_path(tmp_path, 2).write_text('{"content": "half')
    reply = await model([{"role": "user", "content": "hi"}], [])
    assert reply.error == "bad_response" and "not JSON" in model.errors[1]
    response_path(tmp_path, 3).write_text('{"content": "x", "tool_calls": [{"arguments": {}}]}')
    assert (await model([], [])).error == "bad_response" and "has no name" in model.errors[2]


def test_response_shapes() -> None:
    content, calls = parse_response('{"content": "ok", "tool_calls": [{"name": "run_tests", "arguments": {}}, '
                                    '{"type": "function", "function": {"name": "read_file", "arguments": "{\\"path\\": \\"a\\"}"}}]}')
    assert content == "ok" and [(c.function.name, c.function.arguments) for c in calls] == [
        ("run_tests", "{}"), ("read_file", '{"path": "a"}')]
    assert parse_response('{"role": "assistant", "content": "done"}') == ("done", [])
