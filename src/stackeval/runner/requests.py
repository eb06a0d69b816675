"""Build the request for one suite item. Pure."""

from __future__ import annotations

from typing import Any

from stackeval.records.items import Item
from stackeval.records.request import ChatRequest
from stackeval.records.run import RunSpec
from stackeval.runner.budget import BudgetPlan, may_think, request_budget
from stackeval.runner.thinking import split_arm, thinking_fields

DEFAULT_MAX_TOKENS = 1024


def resolved_defaults(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"temperature": 0.0, "max_tokens": DEFAULT_MAX_TOKENS}
    d.update(overrides or {})
    return d


def answer_budget(item: Item, spec: RunSpec) -> int:
    """The item's own max_tokens (else the run default): the budget for the answer."""
    return int(item.sampling.max_tokens or spec.defaults.get("max_tokens") or DEFAULT_MAX_TOKENS)


def budget_for(item: Item, spec: RunSpec, arm: str, learned: bool = False) -> tuple[int, int]:
    """(max_tokens, the reasoning allowance inside it) for one request of a run with a budget plan."""
    plan = BudgetPlan.model_validate(spec.budget)
    return request_budget(item, answer_budget(item, spec), plan, may_think(split_arm(arm)[0], plan, learned))


def build_request(item: Item, spec: RunSpec, engine: str, arm: str, repeat: int = 0, learned: bool = False) -> ChatRequest:
    """``learned``: the run has seen this model reason in the default arm, so the default arm gets the
    reasoning allowance too (see runner/budget.py)."""
    body: dict[str, Any] = {"model": spec.model, "messages": item.chat_messages()}
    d = dict(spec.defaults)
    s = item.sampling.model_dump(exclude_none=True)
    body["max_tokens"] = s.pop("max_tokens", d.pop("max_tokens", DEFAULT_MAX_TOKENS))
    d.pop("max_tokens", None)
    body.update(d)
    body.update(s)
    thinking, stream = split_arm(arm)
    if spec.budget:  # runs stored before budgets existed keep their old request shape on resume
        plan = BudgetPlan.model_validate(spec.budget)
        body["max_tokens"], allowance = budget_for(item, spec, arm, learned)
        if allowance > 0:
            body.update({k: allowance for k in plan.native_fields})  # numeric budgets: the allowance actually given
    elif spec.max_tokens_cap is not None:
        body["max_tokens"] = min(body["max_tokens"], spec.max_tokens_cap)
    # a different seed per repeat, so repeats at temperature > 0 are independent samples
    body["seed"] = body.get("seed", spec.seed) + repeat
    if item.tools:
        body["tools"] = item.tools
        if item.tool_choice is not None:
            body["tool_choice"] = item.tool_choice
    body.update(thinking_fields(engine, thinking))
    return ChatRequest(body=body, stream=stream and spec.stream)
