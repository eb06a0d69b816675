"""Token budgets for models that may think before they answer. Pure.

An item's ``max_tokens`` is its *answer* budget. Engines count reasoning tokens against ``max_tokens``, so
whenever the model may think (the ``on`` arm, and the ``default`` arm of a reasoning model) the request
gets the answer budget plus a reasoning allowance, clamped to what the served context leaves
(``max_model_len`` minus an estimate of the prompt; this can cut into the answer budget of items whose
budget alone does not fit). ``--max-tokens N``
replaces all of that with one fixed budget per request.

Whether the default arm reasons is known from the recipe (a reasoning parser / reasoning format in the
serve flags), from discovery where the engine says so (llama.cpp's ``/props`` chat-template caps for
reasoning),
or is learned from the first responses that carry reasoning (the runner then re-sends answers that ran
out of budget; see ``runner/suite.py``).

Native thinking-budget fields, sent alongside the allowance where the engine takes them:
- llama.cpp: ``thinking_budget_tokens`` per request (the served build reads it, next to the server-wide
  ``--reasoning-budget``); unknown keys are ignored by older builds.
- vLLM: ``thinking_token_budget``, only when the recipe's serve flags carry ``reasoning-config`` (vLLM
  rejects the field on a server started without one).
- SGLang, Ollama, others: no numeric per-request budget (SGLang's is a custom logit processor); none sent.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from stackeval.records.items import Item
from stackeval.records.recipe import Recipe

# Qwen3, GPT-OSS (medium) and the R1 distills think 2k-8k tokens on hard items; 8,192 covers that, and the
# clamp to max_model_len keeps it inside what the server can serve.
DEFAULT_REASONING_BUDGET = 8192
_CHARS_PER_TOKEN = 3.0  # conservative (English text is ~4 chars/token): the estimate errs towards a larger prompt
_PROMPT_SLACK = 32  # chat-template tokens around the messages


class BudgetPlan(BaseModel):
    """Everything resolved about token budgets for one run (stored in ``RunSpec.budget``)."""

    model_config = ConfigDict(extra="forbid")
    answer_budget: str = "per item max_tokens"  # or "fixed N (--max-tokens)"
    reasoning_allowance: int = DEFAULT_REASONING_BUDGET
    allowance_source: str = "default"  # default | --reasoning-budget
    max_tokens_override: int | None = None
    max_tokens_cap: int | None = None
    max_model_len: int | None = None
    reasoning_model: bool | None = None  # default arm: True known, None to be learned from responses
    reasoning_evidence: str = ""  # why the model was judged a reasoning model (or "not known before the run")
    native_fields: dict[str, Any] = Field(default_factory=dict)  # per-request fields added with the allowance
    native_note: str = ""


def estimate_prompt_tokens(item: Item) -> int:
    text = json.dumps(item.chat_messages(), ensure_ascii=False)
    if item.tools:
        text += json.dumps(item.tools, ensure_ascii=False)
    return int(len(text) / _CHARS_PER_TOKEN) + _PROMPT_SLACK


def _flags(recipe: Recipe | None) -> dict[str, Any]:
    if recipe is None:
        return {}
    return {str(k).lstrip("-").replace("_", "-"): v for k, v in recipe.serve.flags.items()}


def reasoning_evidence(engine: str, recipe: Recipe | None, settings: dict[str, Any]) -> tuple[bool | None, str]:
    """(reasoning model?, why). None means not known before the run: learned from the first responses."""
    f = _flags(recipe)
    cmd = (recipe.serve.command or "") if recipe else ""
    rp = f.get("reasoning-parser")
    if rp:
        return True, f"recipe: reasoning-parser {rp}"
    rf = f.get("reasoning-format")
    if rf and str(rf) != "none":
        return True, f"recipe: reasoning-format {rf}"
    if "--reasoning-parser" in cmd:
        return True, "recipe: serve command has --reasoning-parser"
    if str(f.get("reasoning", "")).lower() == "off" or str(f.get("reasoning-budget", "")) == "0":
        return None, "recipe: reasoning switched off on the server (learned from responses if it thinks anyway)"
    for cap in ("supports_reasoning_effort", "supports_preserve_reasoning"):
        if engine == "llamacpp" and settings.get(f"props.chat_template_caps.{cap}") is True:
            return True, f"discovery: llama.cpp /props chat_template_caps.{cap}"
    return None, "not known before the run: learned from the first responses that carry reasoning"


def native_budget_fields(engine: str, recipe: Recipe | None, allowance: int) -> tuple[dict[str, Any], str]:
    if engine == "llamacpp":
        return ({"thinking_budget_tokens": allowance},
                "llama.cpp per-request thinking_budget_tokens (server stops thinking there and answers)")
    if engine == "vllm":
        if "reasoning-config" in _flags(recipe) or "--reasoning-config" in ((recipe.serve.command or "") if recipe else ""):
            return {"thinking_token_budget": allowance}, "vLLM thinking_token_budget (server has --reasoning-config)"
        return {}, "vLLM: thinking_token_budget not sent (it needs --reasoning-config on the server)"
    return {}, f"{engine}: no per-request numeric thinking budget; max_tokens only"


def plan_budget(*, engine: str, recipe: Recipe | None, settings: dict[str, Any], max_model_len: int | None,
                reasoning_budget: int | None, max_tokens: int | None, max_tokens_cap: int | None) -> BudgetPlan:
    allowance = DEFAULT_REASONING_BUDGET if reasoning_budget is None else reasoning_budget
    is_r, why = reasoning_evidence(engine, recipe, settings)
    native, note = native_budget_fields(engine, recipe, allowance) if allowance > 0 and max_tokens is None else ({}, "")
    if max_tokens is not None:
        note = "none: --max-tokens fixes every request's budget"
    return BudgetPlan(
        answer_budget=f"fixed {max_tokens} (--max-tokens)" if max_tokens is not None else "per item max_tokens",
        reasoning_allowance=0 if max_tokens is not None else allowance,
        allowance_source="--reasoning-budget" if reasoning_budget is not None else "default",
        max_tokens_override=max_tokens, max_tokens_cap=max_tokens_cap, max_model_len=max_model_len,
        reasoning_model=is_r, reasoning_evidence=why, native_fields=native, native_note=note,
    )


def may_think(thinking_arm: str, plan: BudgetPlan, learned: bool) -> bool:
    """Does this request get the reasoning allowance?"""
    if thinking_arm == "on":
        return True
    if thinking_arm == "default":
        return bool(plan.reasoning_model) or learned
    return False  # "off": an answer that reasons anyway is flagged thinking_ignored, and its budget shows it


def request_budget(item: Item, answer_budget: int, plan: BudgetPlan, thinking: bool) -> tuple[int, int]:
    """(max_tokens to send, the reasoning allowance inside it)."""
    if plan.max_tokens_override is not None:
        return plan.max_tokens_override, 0
    total = answer_budget + (plan.reasoning_allowance if thinking else 0)
    if plan.max_tokens_cap is not None:
        total = min(total, plan.max_tokens_cap)
    if plan.max_model_len:
        # the served context bounds prompt + completion; asking for more is refused (vLLM: HTTP 400)
        room = plan.max_model_len - estimate_prompt_tokens(item)
        if 0 < room < total:
            total = room
    if not thinking:
        return total, 0
    # when a cap or the context leaves less than answer + allowance, thinking keeps at least half of it
    # (the native thinking budget then ends the reasoning there, and the answer has the rest)
    return total, min(plan.reasoning_allowance, total - min(answer_budget, total // 2))
