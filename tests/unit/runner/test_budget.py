"""Token budgets: the answer budget, the reasoning allowance, when it applies, native fields, the context clamp."""

from __future__ import annotations

from stackeval.records.items import Item
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec
from stackeval.runner.budget import (
    DEFAULT_REASONING_BUDGET,
    estimate_prompt_tokens,
    may_think,
    plan_budget,
    reasoning_evidence,
    request_budget,
)
from stackeval.runner.requests import build_request

ITEM = Item.model_validate({
    "id": "s1.math.easy.01", "category": "math", "tier": "easy", "prompt": "2+2? ANSWER: <n>",
    "sampling": {"max_tokens": 200}, "grader": {"kind": "math", "answer": "4"}, "reference": "ANSWER: 4",
    "wrong": [{"content": "ANSWER: 5", "expect": "wrong_answer"}], "rationale": "one step",
})


def _plan(**kw):  # noqa: ANN003, ANN202
    base = dict(engine="vllm", recipe=None, settings={}, max_model_len=None, reasoning_budget=None, max_tokens=None,
                max_tokens_cap=None)
    base.update(kw)
    return plan_budget(**base)


def _spec(plan, **kw) -> RunSpec:  # noqa: ANN001
    return RunSpec(endpoint="x", model="m", profile="p", defaults={"temperature": 0.0, "max_tokens": 1024},
                   budget=plan.model_dump(), max_tokens=plan.max_tokens_override, **kw)


def test_reasoning_model_evidence() -> None:
    r = Recipe.model_validate({"serve": {"flags": {"reasoning-parser": "qwen3"}}})
    assert reasoning_evidence("vllm", r, {}) == (True, "recipe: reasoning-parser qwen3")
    r = Recipe.model_validate({"serve": {"flags": {"reasoning_format": "deepseek"}}})
    assert reasoning_evidence("llamacpp", r, {})[0] is True
    r = Recipe.model_validate({"serve": {"flags": {"reasoning-format": "none"}}})
    assert reasoning_evidence("llamacpp", r, {})[0] is None
    caps = {"props.chat_template_caps.supports_reasoning_effort": True}
    ok, why = reasoning_evidence("llamacpp", None, caps)
    assert ok is True and "discovery" in why
    ok, why = reasoning_evidence("llamacpp", None, {"props.chat_template_caps.supports_reasoning_effort": False})
    assert ok is None and "learned" in why


def test_allowance_added_only_where_the_model_may_think() -> None:
    p = _plan()
    assert p.reasoning_allowance == DEFAULT_REASONING_BUDGET and p.reasoning_model is None
    assert may_think("on", p, learned=False) and not may_think("off", p, learned=True)
    assert not may_think("default", p, learned=False) and may_think("default", p, learned=True)
    known = _plan(recipe=Recipe.model_validate({"serve": {"flags": {"reasoning-parser": "deepseek_r1"}}}))
    assert may_think("default", known, learned=False)
    assert request_budget(ITEM, 200, p, thinking=False) == (200, 0)
    assert request_budget(ITEM, 200, p, thinking=True) == (200 + DEFAULT_REASONING_BUDGET, DEFAULT_REASONING_BUDGET)
    small = _plan(reasoning_budget=500)
    assert small.allowance_source == "--reasoning-budget" and request_budget(ITEM, 200, small, True) == (700, 500)


def test_fixed_budget_cap_and_context_clamp() -> None:
    fixed = _plan(max_tokens=64)
    assert request_budget(ITEM, 200, fixed, thinking=True) == (64, 0)
    assert fixed.reasoning_allowance == 0 and fixed.native_fields == {}
    capped = _plan(max_tokens_cap=300)
    # a cap below answer + allowance: thinking keeps at least half of the request, the answer the rest
    assert request_budget(ITEM, 200, capped, thinking=True) == (300, 150)
    assert request_budget(ITEM, 100, capped, thinking=True) == (300, 200)
    assert request_budget(ITEM, 200, capped, thinking=False) == (200, 0)
    # never more than the allowance asked for
    assert request_budget(ITEM, 400, _plan(max_tokens_cap=256, reasoning_budget=64), thinking=True) == (256, 64)
    ctx = _plan(max_model_len=4096)
    room = 4096 - estimate_prompt_tokens(ITEM)
    assert request_budget(ITEM, 200, ctx, thinking=True) == (room, room - 200)
    # an answer budget that alone exceeds the context is clamped too (the server would refuse it)
    assert request_budget(ITEM, 5000, ctx, thinking=False) == (room, 0)


def test_native_budget_fields_per_engine() -> None:
    assert _plan(engine="llamacpp").native_fields == {"thinking_budget_tokens": DEFAULT_REASONING_BUDGET}
    assert _plan(engine="vllm").native_fields == {}  # refused by vLLM without --reasoning-config
    with_cfg = Recipe.model_validate({"serve": {"flags": {"reasoning-config": '{"think_start_str": "<think>"}'}}})
    assert _plan(engine="vllm", recipe=with_cfg).native_fields == {"thinking_token_budget": DEFAULT_REASONING_BUDGET}
    assert _plan(engine="sglang").native_fields == {} and "max_tokens only" in _plan(engine="sglang").native_note


def test_build_request_applies_the_plan() -> None:
    p = _plan(engine="llamacpp", reasoning_budget=1000)
    spec = _spec(p, thinking="both")
    on = build_request(ITEM, spec, "llamacpp", "on").body
    assert on["max_tokens"] == 1200 and on["thinking_budget_tokens"] == 1000
    off = build_request(ITEM, spec, "llamacpp", "off").body
    assert off["max_tokens"] == 200 and "thinking_budget_tokens" not in off
    d = build_request(ITEM, spec, "llamacpp", "default").body
    assert d["max_tokens"] == 200
    assert build_request(ITEM, spec, "llamacpp", "default", learned=True).body["max_tokens"] == 1200
    fixed = build_request(ITEM, _spec(_plan(max_tokens=77)), "vllm", "on").body
    assert fixed["max_tokens"] == 77
    # a run stored before budgets existed keeps the old request shape
    legacy = RunSpec(endpoint="x", model="m", profile="p", max_tokens_cap=64)
    assert build_request(ITEM, legacy, "vllm", "on").body["max_tokens"] == 64
