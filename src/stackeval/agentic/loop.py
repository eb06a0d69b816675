"""The multi-turn tool loop.

Each turn sends the whole conversation and the tools to the model, appends its reply as an assistant
message, runs its tool calls in order and appends one ``tool`` message per call (OpenAI shape). The run
ends when

- the tool set reports success after a turn with tool calls (``solved``);
- the model answers without tool calls (the tool set then judges that answer: ``solved`` or ``final_answer``);
- the model request fails (``error``; the end state is not judged);
- the guard trips before a new turn: ``max_turns`` turns done, or ``time_limit_s`` elapsed (``max_turns`` /
  ``time_limit``; the end state is still judged, so a fix made in the last turn counts as ``solved``).
- the conversation cannot fit the task's context budget (``limits.context_tokens``) even with every older
  tool result elided (``context_exhausted``; the end state is judged as for the guard).

Before each request the conversation is fitted to the budget (``agentic.context``): the oldest tool results
are replaced by a one-line stub, in the conversation itself, so every later request (an endpoint's or a
manual player's) sees the same elided history. Each turn records the estimated size it sent and how many
results were elided before it; the outcome has the totals (``elided_results``, ``peak_context_tokens``).

The clock is injected (``Guard.clock``, seconds, monotonic) so tests are deterministic; it also times the
turns.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from stackeval.agentic.context import fit_context
from stackeval.agentic.records import (
    EXCERPT_CHARS,
    AgentLimits,
    AgentOutcome,
    AgentTask,
    ModelReply,
    StopReason,
    ToolCallRecord,
    ToolResult,
    Turn,
    Verdict,
)
from stackeval.agentic.tools import ToolSet, bad_arguments
from stackeval.records.answer import ToolCall

__all__ = ["Guard", "ModelFn", "run_agent", "tool_call_message"]

ModelFn = Callable[[list[dict[str, Any]], list[dict[str, Any]]], Awaitable[ModelReply]]


@dataclass(frozen=True)
class Guard:
    max_turns: int = 20
    time_limit_s: float = 900.0
    clock: Callable[[], float] = field(default=time.monotonic)

    @classmethod
    def from_limits(cls, limits: AgentLimits, clock: Callable[[], float] = time.monotonic) -> Guard:
        return cls(max_turns=limits.max_turns, time_limit_s=limits.time_limit_s, clock=clock)


def tool_call_message(content: str, calls: list[ToolCall]) -> dict[str, Any]:
    """The assistant message of a reply, in OpenAI shape."""
    msg: dict[str, Any] = {"role": "assistant", "content": content or None}
    if calls:
        msg["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.function.name, "arguments": c.function.arguments}}
            for c in calls
        ]
    else:
        msg["content"] = content
    return msg


def _parse_args(raw: str) -> dict[str, Any] | ToolResult:
    if not raw.strip():
        return {}
    try:
        args = json.loads(raw)
    except json.JSONDecodeError as e:
        return bad_arguments(f"arguments are not valid JSON ({e.msg})")
    if not isinstance(args, dict):
        return bad_arguments("arguments must be a JSON object")
    return args


def _with_ids(calls: list[ToolCall], turn: int) -> list[ToolCall]:
    return [c if c.id else c.model_copy(update={"id": f"call_{turn}_{i}"}) for i, c in enumerate(calls)]


class _Run:
    """Mutable state of one run; turned into an ``AgentOutcome`` at the end."""

    def __init__(self, task: AgentTask) -> None:
        self.task = task
        self.turns: list[Turn] = []
        self.by_kind: dict[str, int] = {}
        self.read: list[str] = []
        self.written: list[str] = []
        self.write_turns: set[int] = set()
        self.tool_errors = 0
        self.elided = 0

    def note(self, turn: int, name: str, res: ToolResult) -> None:
        self.by_kind[name] = self.by_kind.get(name, 0) + 1
        if res.error:
            self.tool_errors += 1
        if res.file_read and res.file_read not in self.read:
            self.read.append(res.file_read)
        for path in dict.fromkeys([*([res.file_written] if res.file_written else []), *res.files_written]):
            self.write_turns.add(turn)
            if path not in self.written:
                self.written.append(path)

    def outcome(self, reason: StopReason, verdict: Verdict | None, wall_s: float, final: str | None,
                detail: str = "") -> AgentOutcome:
        solved = verdict is not None and verdict.solved
        repair = self.task.kind == "repair"
        return AgentOutcome(
            task_id=self.task.id,
            solved=solved,
            reason="solved" if solved else reason,
            detail=verdict.detail if verdict else detail,
            turns=self.turns,
            tool_calls_by_kind=self.by_kind,
            tool_errors=self.tool_errors,
            files_read=self.read,
            files_written=self.written,
            prompt_tokens=sum(t.prompt_tokens or 0 for t in self.turns),
            completion_tokens=sum(t.completion_tokens or 0 for t in self.turns),
            wall_s=wall_s,
            final_answer=final,
            fixes_in_one_turn=(len(self.write_turns) == 1) if (repair and solved) else None,
            tests_passed=verdict.tests_passed if verdict else None,
            tests_failed=verdict.tests_failed if verdict else None,
            tests_hash_ok=verdict.tests_hash_ok if verdict else None,
            elided_results=self.elided,
            peak_context_tokens=max((t.context_tokens for t in self.turns if t.context_tokens is not None),
                                    default=None),
        )


def budget_note(context_tokens: int) -> str:
    """What the model is told of its context budget: the difficulty of exploring must not be a hidden rule."""
    return (f"Your context holds about {context_tokens:,} tokens (counted as characters / 4). When the "
            "conversation outgrows it, the oldest tool results are replaced by a one-line stub (call the tool "
            "again if you need one); if the results of a single turn do not fit even then, the task ends. Read "
            "in portions that fit (read_file with start_line/end_line, search).")


def initial_messages(task: AgentTask) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = []
    system = "\n".join(x for x in (task.system.rstrip() if task.system else "",
                                    budget_note(task.limits.context_tokens) if task.limits.context_tokens else "") if x)
    if system:
        msgs.append({"role": "system", "content": system})
    msgs.append({"role": "user", "content": task.description})
    return msgs


async def run_agent(task: AgentTask, model: ModelFn, tools: ToolSet, guard: Guard | None = None) -> AgentOutcome:
    guard = guard or Guard.from_limits(task.limits)
    clock = guard.clock
    start = clock()
    run = _Run(task)
    messages = initial_messages(task)
    schemas = tools.schemas()
    n = 0
    while True:
        if n >= guard.max_turns:
            return run.outcome("max_turns", await tools.verify(None), clock() - start, None)
        if clock() - start >= guard.time_limit_s:
            return run.outcome("time_limit", await tools.verify(None), clock() - start, None)
        fit = fit_context(messages, task.limits.context_tokens)
        run.elided += len(fit.elided)
        if not fit.fits:
            out = run.outcome("context_exhausted", await tools.verify(None), clock() - start, None)
            if not out.solved:
                out.detail = (f"the conversation needs {fit.tokens} tokens with every older tool result elided; the "
                              f"budget is {task.limits.context_tokens}" + (f" ({out.detail})" if out.detail else ""))
            return out
        n += 1
        t0 = clock()
        reply = await model([dict(m) for m in messages], schemas)
        t1 = clock()
        turn = Turn(index=n, request_messages=len(messages), content=reply.content,
                    finish_reason=reply.finish_reason, prompt_tokens=reply.prompt_tokens,
                    completion_tokens=reply.completion_tokens, ttft_ms=reply.ttft_ms,
                    model_ms=(t1 - t0) * 1000.0, error=reply.error, tokens_estimated=reply.tokens_estimated,
                    cached_tokens=reply.cached_tokens, decode_ms=reply.decode_ms, context_tokens=fit.tokens,
                    elided=len(fit.elided))
        run.turns.append(turn)
        if reply.error is not None:
            return run.outcome("error", None, clock() - start, None, f"model request failed: {reply.error}")
        calls = _with_ids(reply.tool_calls, n)
        messages.append(tool_call_message(reply.content, calls))
        if not calls:
            verdict = await tools.verify(reply.content)
            return run.outcome("final_answer", verdict, clock() - start, reply.content)
        for c in calls:
            c0 = clock()
            args = _parse_args(c.function.arguments)
            res = args if isinstance(args, ToolResult) else await tools.call(c.function.name, args)
            run.note(n, c.function.name, res)
            turn.tool_calls.append(ToolCallRecord(id=c.id or "", name=c.function.name, arguments=c.function.arguments,
                                                  error=res.error, result_chars=len(res.content),
                                                  result_excerpt=res.content[:EXCERPT_CHARS],
                                                  ms=(clock() - c0) * 1000.0))
            messages.append({"role": "tool", "tool_call_id": c.id, "content": res.content})
        turn.tools_ms = (clock() - t1) * 1000.0
        if tools.solved_now():
            return run.outcome("solved", await tools.verify(None), clock() - start, None)
