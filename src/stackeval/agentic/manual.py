"""A model played by an outside agent through files: the "manual model" of the calibration runs.

Each turn, ``ManualModel`` writes ``DIR/turn-N.request.json`` (the conversation so far and the tools,
exactly what an endpoint would receive) and waits for ``DIR/turn-N.response.json``, the assistant message
the outside agent writes back. The outside agent sees only what is in the request (the task text and the
tool results), never the repository. docs/agentic-calibration.md describes the protocol for the agent.

Response shape (one JSON object)::

    {"content": "optional text",
     "tool_calls": [{"name": "read_file", "arguments": {"path": "rail/fares.py"}}, ...]}

``arguments`` may also be a JSON string, and a call may use the OpenAI shape
``{"type": "function", "function": {"name": ..., "arguments": ...}}``. A response with no tool call ends the
run (its content is the final answer). Write the file whole (write a temporary name, then rename): a file
that is not valid JSON is read again until it has been unchanged for ``settle_s``, then refused.

Token counts are estimates (``ceil(chars / 4)`` of the request's JSON and of the reply), marked
``tokens_estimated`` on the reply: the calibration compares turns and sizes, not a tokenizer.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from stackeval.agentic.records import ModelReply
from stackeval.records.answer import ToolCall, ToolCallFunction

__all__ = ["MANUAL_SCHEMA_VERSION", "ManualModel", "estimate_tokens", "parse_response", "request_path",
           "response_path"]

MANUAL_SCHEMA_VERSION = 1


def request_path(directory: Path, turn: int) -> Path:
    return directory / f"turn-{turn}.request.json"


def response_path(directory: Path, turn: int) -> Path:
    return directory / f"turn-{turn}.response.json"


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / 4)


class BadResponse(ValueError):
    pass


def _call(raw: Any, i: int) -> ToolCall:
    if not isinstance(raw, dict):
        raise BadResponse(f"tool_calls[{i}] is not an object")
    fn = raw.get("function") if isinstance(raw.get("function"), dict) else raw
    name, args = fn.get("name"), fn.get("arguments", {})
    if not isinstance(name, str) or not name:
        raise BadResponse(f"tool_calls[{i}] has no name")
    if isinstance(args, dict):
        args = json.dumps(args)
    elif not isinstance(args, str):
        raise BadResponse(f"tool_calls[{i}].arguments must be an object or a JSON string")
    call_id = raw.get("id") if isinstance(raw.get("id"), str) else None
    return ToolCall(id=call_id, function=ToolCallFunction(name=name, arguments=args))


def parse_response(text: str) -> tuple[str, list[ToolCall]]:
    """(content, tool calls) of a response file; ``BadResponse`` when it is not the documented shape."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadResponse(f"not JSON ({e.msg} at line {e.lineno})") from e
    if not isinstance(obj, dict):
        raise BadResponse("the response must be a JSON object")
    unknown = set(obj) - {"role", "content", "tool_calls"}
    if unknown:
        raise BadResponse(f"unknown keys: {', '.join(sorted(unknown))}")
    content = obj.get("content") or ""
    if not isinstance(content, str):
        raise BadResponse("content must be a string")
    calls = obj.get("tool_calls") or []
    if not isinstance(calls, list):
        raise BadResponse("tool_calls must be a list")
    try:
        return content, [_call(c, i) for i, c in enumerate(calls)]
    except ValidationError as e:  # pragma: no cover - the checks above cover the fields
        raise BadResponse(str(e)) from e


class ManualModel:
    """A ``ModelFn`` whose replies come from files written by an outside agent."""

    def __init__(self, directory: Path, *, timeout_s: float = 1800.0, poll_s: float = 0.25, settle_s: float = 2.0,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.dir = directory
        self.timeout_s, self.poll_s, self.settle_s = timeout_s, poll_s, settle_s
        self.clock, self.sleep = clock, sleep
        self.turn = 0
        self.errors: list[str] = []  # why a response was refused, by turn

    def _write_request(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> str:
        self.dir.mkdir(parents=True, exist_ok=True)
        body = {"schema_version": MANUAL_SCHEMA_VERSION, "turn": self.turn, "messages": messages, "tools": tools,
                "respond_to": response_path(self.dir, self.turn).name, "timeout_s": self.timeout_s}
        text = json.dumps(body, indent=1, ensure_ascii=False)
        path = request_path(self.dir, self.turn)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
        return json.dumps({"messages": messages, "tools": tools}, ensure_ascii=False)

    async def _read_response(self) -> str | None:
        path = response_path(self.dir, self.turn)
        start = self.clock()
        last: tuple[str, float] | None = None
        while True:
            if path.is_file():
                text = path.read_text(encoding="utf-8", errors="replace")
                try:
                    json.loads(text)
                    return text
                except json.JSONDecodeError:
                    if last is None or last[0] != text:
                        last = (text, self.clock())
                    elif self.clock() - last[1] >= self.settle_s:
                        return text  # settled and still not JSON: parse_response says why
            if self.clock() - start >= self.timeout_s:
                return None
            await self.sleep(self.poll_s)

    async def __call__(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> ModelReply:
        self.turn += 1
        t0 = self.clock()
        sent = self._write_request(messages, tools)
        text = await self._read_response()
        if text is None:
            self.errors.append(f"turn {self.turn}: no response within {self.timeout_s:g} s")
            return ModelReply(error="timeout", prompt_tokens=estimate_tokens(sent), tokens_estimated=True)
        try:
            content, calls = parse_response(text)
        except BadResponse as e:
            self.errors.append(f"turn {self.turn}: {e}")
            return ModelReply(error="bad_response", prompt_tokens=estimate_tokens(sent), tokens_estimated=True)
        said = content + "".join(c.function.name + c.function.arguments for c in calls)
        return ModelReply(content=content, tool_calls=calls, finish_reason="tool_calls" if calls else "stop",
                          prompt_tokens=estimate_tokens(sent), completion_tokens=estimate_tokens(said),
                          ttft_ms=(self.clock() - t0) * 1000.0, tokens_estimated=True)
