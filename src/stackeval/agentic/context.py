"""The context budget of a run (pure): estimate a conversation's size and elide old tool results to fit.

A conversation's size is estimated as ``ceil(chars / 4)`` per message, counting its ``content`` and the
``arguments`` of its tool calls (the tool schemas, sent with every request, are not counted). To fit a
budget, the oldest tool results are replaced, oldest first, by one line::

    [elided to fit the context budget: read_file("payroll/tax.py") returned 14,210 characters; call it again if you need it]

until the conversation fits. The results of the latest turn (the tool messages after the last assistant
message) are never elided, nor is any system, user or assistant text; a result whose stub would not be
shorter than itself is left alone. When the conversation cannot fit even then, ``fit_context`` says so and
the loop ends the run (``context_exhausted``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

__all__ = ["ELIDED_PREFIX", "Fit", "call_text", "context_tokens", "elision_stub", "fit_context", "message_tokens"]

ELIDED_PREFIX = "[elided to fit the context budget: "
_ARG_CHARS = 60


def message_tokens(msg: dict[str, Any]) -> int:
    chars = len(msg.get("content") or "")
    for c in msg.get("tool_calls") or []:
        chars += len(c.get("function", {}).get("arguments") or "")
    return math.ceil(chars / 4)


def context_tokens(messages: list[dict[str, Any]]) -> int:
    return sum(message_tokens(m) for m in messages)


def call_text(name: str, arguments: str) -> str:
    """``read_file("a.py", start_line=40)``: the call as a short line (long values cut)."""
    try:
        args = json.loads(arguments) if arguments.strip() else {}
    except json.JSONDecodeError:
        args = None
    if not isinstance(args, dict):
        raw = arguments if len(arguments) <= _ARG_CHARS else arguments[: _ARG_CHARS - 3] + "..."
        return f"{name}({raw})"
    parts = []
    for i, (k, v) in enumerate(args.items()):
        text = json.dumps(v, ensure_ascii=False)
        if len(text) > _ARG_CHARS:
            text = text[: _ARG_CHARS - 4] + '..."' if text.startswith('"') else text[: _ARG_CHARS - 3] + "..."
        parts.append(text if i == 0 else f"{k}={text}")
    return f"{name}({', '.join(parts)})"


def elision_stub(name: str, arguments: str, chars: int) -> str:
    return f"{ELIDED_PREFIX}{call_text(name, arguments)} returned {chars:,} characters; call it again if you need it]"


@dataclass(frozen=True)
class Fit:
    """What ``fit_context`` did: the results it elided now (message indexes) and the size after."""

    elided: list[int]
    tokens: int
    fits: bool


def fit_context(messages: list[dict[str, Any]], budget: int | None) -> Fit:
    """Elide (in place) the oldest tool results of ``messages`` until they fit in ``budget`` tokens."""
    total = context_tokens(messages)
    if budget is None or total <= budget:
        return Fit([], total, True)
    calls: dict[str, tuple[str, str]] = {}
    last_assistant = -1
    for i, m in enumerate(messages):
        if m.get("role") == "assistant":
            last_assistant = i
            for c in m.get("tool_calls") or []:
                fn = c.get("function", {})
                calls[c.get("id") or ""] = (fn.get("name") or "?", fn.get("arguments") or "")
    elided: list[int] = []
    for i, m in enumerate(messages[:max(last_assistant, 0)]):
        if total <= budget:
            break
        content = m.get("content") or ""
        if m.get("role") != "tool" or content.startswith(ELIDED_PREFIX):
            continue
        name, arguments = calls.get(m.get("tool_call_id") or "", ("?", ""))
        stub = elision_stub(name, arguments, len(content))
        if len(stub) >= len(content):
            continue
        before = message_tokens(m)
        m["content"] = stub
        total += message_tokens(m) - before
        elided.append(i)
    return Fit(elided, total, total <= budget)
