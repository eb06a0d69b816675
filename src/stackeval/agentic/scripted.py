"""Scripted models (``ModelFn``) for tests and offline runs.

- ``reference_agent(task)``: solves a task through its tools only. Filesystem tasks: ``list_dir`` the root,
  ``search_text`` the task's reference query, ``read_file`` the buggy file, answer ``FILE:``/``LINE:``.
  Repair tasks: ``read_file`` every file named in ``fixes.yaml``, page by page (``start_line`` from each
  page's ``[... file continues ...]`` line), as many reads a turn as fit half the task's context budget (all
  of them when it has none; so a small repo takes one reading turn), noting each page as it arrives (older
  results may be elided later, as for a model), then one ``edit_file`` per fix (its ``old`` span by its
  ``new``, checked against the text it read), then ``run_tests`` (the run ends when they pass).
  ``reference_agent(task, edit=False)`` writes whole files with ``write_file`` instead.
- ``idle_agent``: answers "I cannot fix this." at once, with no tool call.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from stackeval.agentic.records import AgentTask, ModelReply
from stackeval.agentic.repair import CONTINUES, page
from stackeval.agentic.tasks import Fix, load_fixes, task_files
from stackeval.records.answer import ToolCall, ToolCallFunction

__all__ = ["ScriptedAgent", "apply_fixes", "call", "idle_agent", "reference_agent"]

Step = Callable[[list[dict[str, Any]]], ModelReply]


def call(name: str, **args: Any) -> ToolCall:
    return ToolCall(function=ToolCallFunction(name=name, arguments=json.dumps(args)))


def _tools(*calls: ToolCall) -> ModelReply:
    return ModelReply(tool_calls=list(calls), finish_reason="tool_calls", prompt_tokens=100, completion_tokens=20)


def _say(text: str) -> ModelReply:
    return ModelReply(content=text, finish_reason="stop", prompt_tokens=100, completion_tokens=20)


class ScriptedAgent:
    """Plays ``steps`` in order, one per turn (the turn is the number of assistant messages so far);
    past the end it gives ``final``. Keeps every request it saw in ``requests``."""

    def __init__(self, steps: list[Step], final: str = "Done.") -> None:
        self.steps = steps
        self.final = final
        self.requests: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]] = []

    async def __call__(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> ModelReply:
        self.requests.append((messages, tools))
        turn = sum(1 for m in messages if m["role"] == "assistant")
        if turn < len(self.steps):
            return self.steps[turn](messages)
        return _say(self.final)


def apply_fixes(text: str, fixes: list[Fix]) -> str:
    for fx in fixes:
        if text.count(fx.old) != 1:
            raise ValueError(f"fix for {fx.file}: old text found {text.count(fx.old)} times, expected once")
        text = text.replace(fx.old, fx.new)
    return text


def _latest_results(messages: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any], str]]:
    """(tool name, arguments, result) of the tool calls of the latest assistant turn."""
    last = max(i for i, m in enumerate(messages) if m["role"] == "assistant")
    calls = {c["id"]: (c["function"]["name"], json.loads(c["function"]["arguments"] or "{}"))
             for c in messages[last].get("tool_calls") or []}
    return [(*calls[m["tool_call_id"]], m["content"]) for m in messages[last + 1:]
            if m["role"] == "tool" and m["tool_call_id"] in calls]


def _pages(text: str, cap: int) -> list[int]:
    """The start lines of the pages ``read_file`` gives for ``text``."""
    starts, start = [1], 1
    while True:
        m = CONTINUES.search(page(text, start, None, cap))
        if m is None:
            return starts
        start = int(m.group(4))
        starts.append(start)


def _repair_steps(task: AgentTask, fixes: list[Fix], edit: bool = True) -> list[Step]:
    files = list(dict.fromkeys(f.file for f in fixes))
    sources = task_files(task)
    cap = task.limits.read_chars
    reads = [(f, start) for f in files for start in _pages(sources[f], cap)]
    budget_chars = task.limits.context_tokens * 2 if task.limits.context_tokens else None  # half the budget
    turns: list[list[tuple[str, int]]] = [[]]
    used = 0
    for f, start in reads:
        size = len(page(sources[f], start, None, cap))
        if turns[-1] and budget_chars is not None and used + size > budget_chars:
            turns.append([])
            used = 0
        turns[-1].append((f, start))
        used += size
    notes: dict[tuple[str, int], str] = {}  # (path, start line) -> the page's text, without its last line

    def note(messages: list[dict[str, Any]]) -> None:
        for name, args, result in _latest_results(messages):
            if name == "read_file":
                body = CONTINUES.sub("", result) if CONTINUES.search(result) else result
                notes[(args["path"], int(args.get("start_line") or 1))] = body

    def read(batch: list[tuple[str, int]]) -> Step:
        def step(messages: list[dict[str, Any]]) -> ModelReply:
            if len(messages) > 2:
                note(messages)
            return _tools(*(call("read_file", path=f) if start == 1 else call("read_file", path=f, start_line=start)
                            for f, start in batch))
        return step

    def texts(messages: list[dict[str, Any]]) -> dict[str, str]:
        note(messages)
        return {f: "".join(notes[(f, start)] for g, start in reads if g == f) for f in files}

    def edit_spans(messages: list[dict[str, Any]]) -> ModelReply:
        read_texts = texts(messages)
        for f in files:  # the spans are checked against what was read, as a model would
            apply_fixes(read_texts[f], [x for x in fixes if x.file == f])
        return _tools(*(call("edit_file", path=x.file, old=x.old, new=x.new) for x in fixes))

    def write(messages: list[dict[str, Any]]) -> ModelReply:
        read_texts = texts(messages)
        return _tools(*(call("write_file", path=f, content=apply_fixes(read_texts[f], [x for x in fixes if x.file == f]))
                        for f in files))

    return [*(read(b) for b in turns), edit_spans if edit else write, lambda _m: _tools(call("run_tests"))]


def reference_agent(task: AgentTask, edit: bool = True) -> ScriptedAgent:
    if task.kind == "fs":
        assert task.fs is not None
        fs = task.fs
        steps: list[Step] = [
            lambda _m: _tools(call("list_dir", path="")),
            lambda _m: _tools(call("search_text", query=fs.search)),
            lambda _m: _tools(call("read_file", path=fs.file)),
        ]
        return ScriptedAgent(steps, final=f"The bug is here.\nFILE: {fs.file}\nLINE: {fs.line}")
    fixes = load_fixes(task.id)
    return ScriptedAgent(_repair_steps(task, fixes, edit), final=f"Fixed {len(fixes)} bugs; all tests pass.")


async def idle_agent(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> ModelReply:
    return _say("I cannot fix this.")
