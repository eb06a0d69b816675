"""The report's view of token budgets: what was resolved, how many answers were cut off and how, and what
thinking cost and bought. Built by ``stackeval.report.truncation`` (pure)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["ArmEffect", "TruncationSection"]


class ArmEffect(BaseModel):
    """What thinking did to one test (``--thinking both``): compared with the ``off`` arm, the ``on`` arm
    passed where off failed (helped), failed where off passed (hurt), or ran out of budget."""

    model_config = ConfigDict(extra="forbid")
    test_id: str
    repeat: int = 0
    effect: Literal["helped", "hurt", "ran_out"]
    on_class: str | None = None  # the on arm's failure class
    on_reasoning_tokens: int | None = None


class TruncationSection(BaseModel):
    model_config = ConfigDict(extra="forbid")
    budget: list[str] = Field(default_factory=list)  # resolved budget, one line per fact, for the header
    counts: dict[str, int] = Field(default_factory=dict)  # per budget class (reasoning_exhausted, truncated, empty_answer)
    cut_off: int = 0  # reasoning_exhausted + truncated
    total: int = 0
    warning: str | None = None  # the headline warning (more than a few per cent cut off), naming the flag
    rerun_flag: str | None = None
    gradient: str | None = None  # set when the difficulty gradient is inverted
    interval: str = ""  # how the headline and per-category intervals were computed
    effects: list[ArmEffect] = Field(default_factory=list)
