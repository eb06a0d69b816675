"""Assemble streamed (or whole) chat/completion responses: content, reasoning, tool calls, usage.

Pure: the caller passes the arrival time of each chunk.
"""

from __future__ import annotations

import json
import re
from typing import Any

from stackeval.records.answer import ToolCall, ToolCallFunction
from stackeval.records.request import Usage

_THINK_OPEN = re.compile(r"^\s*<(think|thinking|reasoning)>", re.IGNORECASE)


def split_think(content: str) -> tuple[str, str, bool]:
    """Split reasoning that leaked into content. Returns (reasoning, answer, leaked).

    ``<think>…</think>answer`` and, when the template already opened the tag, ``…</think>answer``.
    An opened tag that never closes means all of it is reasoning (the answer is empty).
    """
    m = _THINK_OPEN.match(content)
    if m:
        tag = m.group(1)
        close = re.search(rf"</{tag}>", content[m.end():], re.IGNORECASE)
        if close is None:
            return content[m.end():].strip(), "", True
        reasoning = content[m.end(): m.end() + close.start()]
        return reasoning.strip(), content[m.end() + close.end():].lstrip(), True
    close = re.search(r"</(think|thinking|reasoning)>", content, re.IGNORECASE)
    if close:
        return content[: close.start()].strip(), content[close.end():].lstrip(), True
    return "", content, False


def _usage(u: Any) -> Usage | None:
    if not isinstance(u, dict):
        return None
    usage = Usage.model_validate(u)
    ptd = u.get("prompt_tokens_details")
    if isinstance(ptd, dict) and isinstance(ptd.get("cached_tokens"), int):
        usage.cached_tokens = ptd["cached_tokens"]
    ctd = u.get("completion_tokens_details")
    if isinstance(ctd, dict) and isinstance(ctd.get("reasoning_tokens"), int):
        usage.reasoning_tokens = ctd["reasoning_tokens"]
    return usage


_PLAIN_TOP = frozenset({"id", "object", "created", "model", "choices", "system_fingerprint", "service_tier"})
_PLAIN_CHOICE = frozenset({"index", "delta", "finish_reason", "logprobs", "stop_reason"})
_PLAIN_DELTA = frozenset({"role", "content"})


class ShapeError(ValueError):
    """A chunk or body that is JSON but not a chat/completion object."""


class StreamAssembler:
    """Accumulates chunk objects. ``add`` returns the number of output characters the chunk carried
    (content, reasoning, tool-call name/arguments, completion text); 0 for preludes and usage chunks."""

    def __init__(self) -> None:
        self._content: list[str] = []
        self._reasoning: list[str] = []
        self._calls: dict[int, dict[str, Any]] = {}
        self.finish_reason: str | None = None
        self.usage: Usage | None = None
        self.server_timings: dict[str, Any] | None = None
        self.extra: dict[str, Any] = {}
        self.model: str | None = None
        self.system_fingerprint: str | None = None
        self.error: dict[str, Any] | None = None

    def add(self, obj: Any) -> int:
        # Fast path for the usual streamed chunk: one choice at index 0 whose delta holds only
        # role/content, no finish reason, nothing else at the top level. Same effect as the general
        # path below, in a few C-level set and dict operations.
        if type(obj) is dict and obj.keys() <= _PLAIN_TOP:
            choices = obj.get("choices")
            if type(choices) is list and len(choices) == 1:
                ch = choices[0]
                if (type(ch) is dict and ch.keys() <= _PLAIN_CHOICE and not ch.get("finish_reason")
                        and ch.get("index", 0) == 0):
                    d = ch.get("delta")
                    if type(d) is dict and d.keys() <= _PLAIN_DELTA:
                        if "model" in obj:
                            self.model = obj["model"]
                        if "system_fingerprint" in obj:
                            self.system_fingerprint = obj["system_fingerprint"]
                        c = d.get("content")
                        if type(c) is str and c:
                            self._content.append(c)
                            return len(c)
                        return 0
        if not isinstance(obj, dict):
            raise ShapeError("chunk is not a JSON object")
        if "error" in obj and "choices" not in obj:
            self.error = obj["error"] if isinstance(obj["error"], dict) else {"message": str(obj["error"])}
            return 0
        self.model = obj.get("model", self.model)
        self.system_fingerprint = obj.get("system_fingerprint", self.system_fingerprint)
        if obj.get("usage"):
            self.usage = _usage(obj["usage"])
        if isinstance(obj.get("timings"), dict):
            self.server_timings = obj["timings"]
        if isinstance(obj.get("metrics"), dict):
            self.extra["metrics"] = obj["metrics"]
        choices = obj.get("choices")
        if choices is None:
            if obj.get("usage") or obj.get("timings"):
                return 0
            raise ShapeError("chunk has no 'choices'")
        if not isinstance(choices, list):
            raise ShapeError("'choices' is not a list")
        n = 0
        for ch in choices:
            if not isinstance(ch, dict) or ch.get("index", 0) != 0:
                continue
            if ch.get("finish_reason"):
                self.finish_reason = ch["finish_reason"]
            part = ch.get("delta")
            if part is None:
                part = ch.get("message")
            elif isinstance(part, dict) and (part.get("reasoning") or part.get("reasoning_content")):
                # a streamed reasoning delta: one token on most engines (counted when usage has no reasoning_tokens)
                self.extra["reasoning_deltas"] = self.extra.get("reasoning_deltas", 0) + 1
            if isinstance(part, dict):
                n += self._add_part(part)
            text = ch.get("text")
            if isinstance(text, str) and text:
                self._content.append(text)
                n += len(text)
            if isinstance(ch.get("speculative_decoding_stats"), dict):
                self.extra["speculative_decoding_stats"] = ch["speculative_decoding_stats"]
        return n

    def _add_part(self, d: dict[str, Any]) -> int:
        n = 0
        c = d.get("content")
        if isinstance(c, str) and c:
            self._content.append(c)
            n += len(c)
        for key in ("reasoning", "reasoning_content"):
            r = d.get(key)
            if isinstance(r, str) and r:
                self._reasoning.append(r)
                n += len(r)
                break
        calls = d.get("tool_calls")
        if isinstance(calls, list):
            for pos, tc in enumerate(calls):
                if not isinstance(tc, dict):
                    raise ShapeError("tool_calls entry is not an object")
                idx = tc.get("index", pos)
                slot = self._calls.setdefault(idx, {"id": None, "type": "function", "name": "", "args": []})
                if tc.get("id"):
                    slot["id"] = tc["id"]
                fn = tc.get("function") or {}
                name = fn.get("name")
                if name:
                    # some parsers repeat the full name in every delta; others send it once
                    if not slot["name"].endswith(name):
                        slot["name"] += name
                    n += len(name)
                args = fn.get("arguments")
                if isinstance(args, str) and args:
                    slot["args"].append(args)
                    n += len(args)
                elif isinstance(args, dict):  # a few servers send parsed objects
                    text = json.dumps(args)
                    slot["args"].append(text)
                    n += len(text)
        return n

    @property
    def content(self) -> str:
        return "".join(self._content)

    @property
    def reasoning(self) -> str:
        return "".join(self._reasoning)

    @property
    def tool_calls(self) -> list[ToolCall]:
        return [
            ToolCall(id=s["id"], type=s["type"], index=i, function=ToolCallFunction(name=s["name"], arguments="".join(s["args"])))
            for i, s in sorted(self._calls.items())
        ]
