"""Grader ``llm_judge``: an optional rubric grade from a judge model's verdict.

Pure: the runner asks the judge (see :func:`judge_prompt`) and hands the verdict text in; this module
only parses it. Until ``GradeContext`` carries the verdict (a ``judge_verdict`` attribute is read if
present), the registered grader fails with ``judge_unavailable``. Never used by the ``strict`` suite.

Failure classes: ``judge_unavailable`` (no verdict), ``judge_unparseable`` (no ``SCORE: n`` line),
``judge_below_threshold``.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from stackeval.graders.base import GradeContext, register
from stackeval.records.answer import Answer, GradeResult

__all__ = ["JudgeSpec", "grade_judge", "judge_prompt", "parse_score"]

_SCORE = re.compile(r"^[\W_]*SCORE[\s*_]*[:=][\s*_]*(\d+(?:\.\d+)?)\s*(?:/\s*(\d+(?:\.\d+)?))?",
                    re.IGNORECASE | re.MULTILINE)


class JudgeSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    rubric: str = Field(min_length=1)
    judge_model: str | None = None
    threshold: float = Field(default=7.0, ge=0)
    scale: float = Field(default=10.0, gt=0)  # scores are 0..scale


def judge_prompt(spec: JudgeSpec, task: str, answer_text: str) -> str:
    """The text to send to the judge model."""
    return (
        f"Grade the RESPONSE to the TASK against the RUBRIC on a scale of 0 to {spec.scale:g}.\n\n"
        f"RUBRIC:\n{spec.rubric}\n\nTASK:\n{task}\n\nRESPONSE:\n{answer_text}\n\n"
        f"Explain briefly, then end with one line: SCORE: <number from 0 to {spec.scale:g}>"
    )


def parse_score(verdict_text: str, scale: float = 10.0) -> float | None:
    """The last ``SCORE: n`` (or ``SCORE: n/m``, rescaled to ``scale``) in the verdict, if any."""
    matches = list(_SCORE.finditer(verdict_text))
    if not matches:
        return None
    m = matches[-1]
    score = float(m.group(1))
    if m.group(2):
        denom = float(m.group(2))
        if denom <= 0:
            return None
        score = score / denom * scale
    return score if 0 <= score <= scale else None


def grade_judge(spec: JudgeSpec, answer: Answer, verdict_text: str | None) -> GradeResult:
    if not verdict_text or not verdict_text.strip():
        return GradeResult.fail("judge_unavailable", "no judge verdict was supplied")
    score = parse_score(verdict_text, spec.scale)
    if score is None:
        return GradeResult.fail("judge_unparseable", f"no 'SCORE: n' line in verdict: {verdict_text[-80:]!r}")
    if score < spec.threshold:
        return GradeResult.fail("judge_below_threshold", f"score {score:g} < {spec.threshold:g}", score=score)
    return GradeResult.ok(f"score {score:g} >= {spec.threshold:g}", score=score)


@register("llm_judge", JudgeSpec)
def _grade(spec: JudgeSpec, answer: Answer, ctx: GradeContext) -> GradeResult:
    return grade_judge(spec, answer, getattr(ctx, "judge_verdict", None))
