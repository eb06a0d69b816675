"""Build the request for one suite item. Pure."""

from __future__ import annotations

from typing import Any

from stackeval.records.items import Item
from stackeval.records.request import ChatRequest
from stackeval.records.run import RunSpec
from stackeval.runner.thinking import split_arm, thinking_fields

DEFAULT_MAX_TOKENS = 1024


def resolved_defaults(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"temperature": 0.0, "max_tokens": DEFAULT_MAX_TOKENS}
    d.update(overrides or {})
    return d


def build_request(item: Item, spec: RunSpec, engine: str, arm: str, repeat: int = 0) -> ChatRequest:
    body: dict[str, Any] = {"model": spec.model, "messages": item.chat_messages()}
    d = dict(spec.defaults)
    s = item.sampling.model_dump(exclude_none=True)
    body["max_tokens"] = s.pop("max_tokens", d.pop("max_tokens", DEFAULT_MAX_TOKENS))
    d.pop("max_tokens", None)
    body.update(d)
    body.update(s)
    if spec.max_tokens_cap is not None:
        body["max_tokens"] = min(body["max_tokens"], spec.max_tokens_cap)
    # a different seed per repeat, so repeats at temperature > 0 are independent samples
    body["seed"] = body.get("seed", spec.seed) + repeat
    if item.tools:
        body["tools"] = item.tools
        if item.tool_choice is not None:
            body["tool_choice"] = item.tool_choice
    thinking, stream = split_arm(arm)
    body.update(thinking_fields(engine, thinking))
    return ChatRequest(body=body, stream=stream and spec.stream)
