"""Runs and per-test results as persisted."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["pass", "fail", "error", "timeout"]

# Failure classes of answers that a token budget (or the model itself) cut short. Set by the runner
# (runner/outcome.py) before the grader's class, so no report counts them as wrong values.
REASONING_EXHAUSTED = "reasoning_exhausted"  # finish_reason=length before any answer text: ran out while reasoning
ANSWER_TRUNCATED = "truncated"  # finish_reason=length after the answer had started
EMPTY_ANSWER = "empty_answer"  # the model stopped by itself with no answer text and no tool call
CUT_OFF_CLASSES = (REASONING_EXHAUSTED, ANSWER_TRUNCATED)
BUDGET_CLASSES = (REASONING_EXHAUSTED, ANSWER_TRUNCATED, EMPTY_ANSWER)


class RunSpec(BaseModel):
    """Everything resolved for a run, stored with it so it can be reproduced or resumed."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["suite", "bench", "agentic"] = "suite"
    endpoint: str
    model: str
    profile: str
    only: list[str] = Field(default_factory=list)
    concurrency: int = 4
    thinking: Literal["default", "off", "on", "both"] = "default"
    repeats: int = 1
    stream: bool = True
    transports: list[Literal["stream", "whole"]] = Field(default_factory=lambda: ["stream"])  # both: parsers differ
    defaults: dict[str, Any] = Field(default_factory=dict)  # resolved request defaults
    thinking_mapping: dict[str, Any] = Field(default_factory=dict)
    api_key_env: str | None = None  # the variable's NAME only
    recipe_path: str | None = None
    seed: int = 1234
    max_tokens_cap: int | None = None  # caps every item's max_tokens (quick runs); answers may truncate
    max_tokens: int | None = None  # --max-tokens: one fixed budget for every item (no reasoning allowance)
    reasoning_budget: int | None = None  # reasoning allowance added to an item's answer budget when the model may think
    budget: dict[str, Any] = Field(default_factory=dict)  # the resolved budget plan (runner/budget.py BudgetPlan)
    timeouts: dict[str, float] = Field(default_factory=dict)


class RunInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    kind: str
    started_at: str
    finished_at: str | None = None
    status: str  # running | complete | interrupted
    profile: str
    suite_hash: str
    stack_fingerprint: str
    model: str
    endpoint: str
    engine: str
    stackeval_version: str
    git_rev: str | None = None
    spec: RunSpec
    passed: int = 0
    total: int = 0


class TestResult(BaseModel):
    __test__ = False  # not a pytest test class
    model_config = ConfigDict(extra="forbid")
    test_id: str
    category: str
    tier: str
    arm: str = "default"  # thinking arm
    repeat: int = 0
    attempt: int = 1  # > 1 when --retry-errors re-ran it
    status: Status
    failure_class: str | None = None
    detail: str = ""
    flags: list[str] = Field(default_factory=list)
    wall_s: float = 0.0
    ttft_ms: float | None = None
    decode_tok_s: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_chars: int = 0
    finish_reason: str | None = None
    max_tokens: int | None = None  # the budget sent (answer budget plus any reasoning allowance)
    reasoning_allowance: int = 0  # the part of max_tokens that was reasoning allowance
    reasoning_tokens: int | None = None  # from usage reasoning_tokens, else counted from the stream
    answer_tokens: int | None = None  # completion_tokens minus reasoning_tokens
    token_split: str | None = None  # how reasoning/answer tokens were known: usage | stream | chars
    grade: dict[str, Any] = Field(default_factory=dict)
    answer_excerpt: str = ""
