"""The multi-turn loop: message shapes, turn records, stop reasons and the guard (with a fake clock)."""

from __future__ import annotations

from typing import Any

from stackeval.agentic.fs import FsToolSet
from stackeval.agentic.loop import Guard, run_agent
from stackeval.agentic.records import AgentLimits, ModelReply
from stackeval.agentic.scripted import ScriptedAgent, call
from stackeval.agentic.tasks import load_task, task_files
from stackeval.records.answer import ToolCall, ToolCallFunction
from stackeval.records.request import ChatResult, RequestError, RequestTimings, Usage


def fs_task():
    task = load_task("fs_ticketdesk_pages")
    return task, FsToolSet(task, task_files(task))


class Looper:
    """Never answers: lists the root every turn, and advances the clock by ``step`` seconds a turn."""

    def __init__(self, clock=None, step: float = 0.0) -> None:
        self.clock, self.step, self.calls = clock, step, 0

    async def __call__(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> ModelReply:
        self.calls += 1
        if self.clock is not None:
            self.clock.advance(self.step)
        return ModelReply(tool_calls=[call("list_dir", path="")], prompt_tokens=10 * self.calls, completion_tokens=5)


async def test_guard_stops_at_max_turns(clock) -> None:
    task, tools = fs_task()
    model = Looper()
    out = await run_agent(task, model, tools, Guard(max_turns=4, clock=clock))
    assert (out.solved, out.reason, out.n_turns, model.calls) == (False, "max_turns", 4, 4)
    assert out.tool_calls_by_kind == {"list_dir": 4}
    assert out.prompt_tokens == 10 + 20 + 30 + 40 and out.completion_tokens == 20


async def test_guard_stops_at_the_time_limit(clock) -> None:
    task, tools = fs_task()
    model = Looper(clock, step=120.0)
    out = await run_agent(task, model, tools, Guard(max_turns=50, time_limit_s=300.0, clock=clock))
    # turns start at t=0, 120 and 240; at t=360 the limit has passed
    assert (out.reason, out.n_turns, out.wall_s) == ("time_limit", 3, 360.0)
    assert [t.model_ms for t in out.turns] == [120_000.0] * 3


async def test_guard_defaults_come_from_the_task(clock) -> None:
    task, tools = fs_task()
    task = task.model_copy(update={"limits": AgentLimits(max_turns=2, time_limit_s=10)})
    out = await run_agent(task, Looper(), tools, Guard.from_limits(task.limits, clock=clock))
    assert (out.reason, out.n_turns) == ("max_turns", 2)
    assert Guard() == Guard(max_turns=20, time_limit_s=900.0)


async def test_messages_and_turn_records(clock) -> None:
    task, tools = fs_task()
    agent = ScriptedAgent(
        [
            lambda _m: ModelReply(content="Looking.", tool_calls=[
                call("search_text", query="per_page"), call("read_file", path="core/pagination.py")],
                prompt_tokens=50, completion_tokens=7, ttft_ms=12.5),
        ],
        final="FILE: core/pagination.py\nLINE: 19",
    )
    out = await run_agent(task, agent, tools, Guard(clock=clock))
    assert (out.solved, out.reason, out.n_turns) == (True, "solved", 2)
    assert out.final_answer == "FILE: core/pagination.py\nLINE: 19"
    assert out.files_read == ["core/pagination.py"]
    assert out.fixes_in_one_turn is None and out.tests_hash_ok is None

    first, second = out.turns
    assert (first.index, first.request_messages, first.ttft_ms) == (1, 2, 12.5)
    assert [c.name for c in first.tool_calls] == ["search_text", "read_file"]
    assert [c.id for c in first.tool_calls] == ["call_1_0", "call_1_1"]  # synthesized ids
    assert all(c.error is None and c.result_chars > 0 for c in first.tool_calls)
    assert first.tool_calls[1].result_excerpt.startswith("core/pagination.py\n   1| ")
    assert second.request_messages == 5 and second.tool_calls == []

    sent, schemas = agent.requests[1]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "tool", "tool"]
    assistant = sent[2]
    assert assistant["content"] == "Looking."
    assert assistant["tool_calls"][1] == {
        "id": "call_1_1", "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "core/pagination.py"}'},
    }
    assert sent[4]["tool_call_id"] == "call_1_1" and "19|     start = page * per_page" in sent[4]["content"]
    assert [s["function"]["name"] for s in schemas] == ["list_dir", "read_file", "search_text"]
    assert out.model_dump()["schema_version"] == 1


async def test_bad_tool_calls_become_error_results(clock) -> None:
    task, tools = fs_task()
    bad_json = ToolCall(id="x1", function=ToolCallFunction(name="read_file", arguments="{path: 1"))
    not_object = ToolCall(id="x2", function=ToolCallFunction(name="read_file", arguments="[1]"))
    agent = ScriptedAgent([lambda _m: ModelReply(tool_calls=[bad_json, not_object, call("rm", path="/")])],
                          final="no idea")
    out = await run_agent(task, agent, tools, Guard(clock=clock))
    assert [c.error for c in out.turns[0].tool_calls] == ["bad_arguments", "bad_arguments", "unknown_tool"]
    assert out.tool_errors == 3 and out.tool_calls_by_kind == {"read_file": 2, "rm": 1}
    assert (out.solved, out.reason) == (False, "final_answer")
    tool_msgs = [m for m in agent.requests[1][0] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_msgs] == ["x1", "x2", tool_msgs[2]["tool_call_id"]]
    assert tool_msgs[0]["content"].startswith("error: arguments are not valid JSON")


async def test_model_error_ends_the_run(clock) -> None:
    task, tools = fs_task()

    async def failing(messages, tools_):
        return ModelReply(error="http_503")

    out = await run_agent(task, failing, tools, Guard(clock=clock))
    assert (out.solved, out.reason, out.n_turns, out.turns[0].error) == (False, "error", 1, "http_503")
    assert out.detail == "model request failed: http_503"


def test_model_reply_from_chat_result() -> None:
    timings = RequestTimings(scheduled_ns=0, sent_ns=1_000_000, first_output_ns=6_000_000)
    ok = ChatResult(ok=True, content="hi", finish_reason="tool_calls", timings=timings,
                    tool_calls=[call("list_dir", path="")], usage=Usage(prompt_tokens=9, completion_tokens=3))
    reply = ModelReply.from_chat(ok)
    assert (reply.content, reply.prompt_tokens, reply.completion_tokens, reply.ttft_ms, reply.error) == (
        "hi", 9, 3, 5.0, None)
    assert reply.tool_calls[0].function.name == "list_dir"
    failed = ChatResult(ok=False, timings=timings, error=RequestError(cls="http_status", message="x", status=503))
    assert ModelReply.from_chat(failed).error == "http_503"
