"""Grader ``answer_line``: the last ``ANSWER:`` line must equal the expected answer.

Extraction follows ``_extract`` (last answer line, markdown and one trailing period stripped). ``match``:

- ``exact``: string equality after cleaning;
- ``casefold`` (default): equality after casefolding and collapsing runs of whitespace;
- ``unordered_list``: both sides split on commas; the items, casefolded and stripped (empty items
  dropped), must form the same set.

``aliases`` are further accepted answers, compared the same way. Failure classes: ``no_answer`` (no answer
line, or an empty one) and ``wrong_answer``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from stackeval.graders._extract import extract_answer
from stackeval.graders.base import GradeContext, register
from stackeval.records.answer import Answer, GradeResult

__all__ = ["AnswerLineSpec", "grade_answer_line"]

MatchMode = Literal["exact", "casefold", "unordered_list"]


class AnswerLineSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    answer: str = Field(min_length=1)
    match: MatchMode = "casefold"
    aliases: list[str] = Field(default_factory=list)


def _fold(s: str) -> str:
    return " ".join(s.casefold().split())


def _key(s: str, mode: MatchMode) -> str | frozenset[str]:
    if mode == "exact":
        return s
    if mode == "casefold":
        return _fold(s)
    return frozenset(p for p in (_fold(x) for x in s.split(",")) if p)


@register("answer_line", AnswerLineSpec)
def grade_answer_line(spec: AnswerLineSpec, answer: Answer, ctx: GradeContext) -> GradeResult:
    ext = extract_answer(answer.content)
    data = {"extracted": ext.value, "expected": spec.answer, "answer_lines": ext.line_count}
    if not ext.value:
        why = "no ANSWER line" if ext.value is None else "empty ANSWER line"
        return GradeResult.fail("no_answer", f"{why}; expected {spec.answer!r}", **data)
    got = _key(ext.value, spec.match)
    for accepted in (spec.answer, *spec.aliases):
        if got == _key(accepted, spec.match):
            return GradeResult.ok(f"ANSWER {ext.value!r} matches {accepted!r} ({spec.match})", **data)
    alias_note = f" or one of {spec.aliases!r}" if spec.aliases else ""
    return GradeResult.fail(
        "wrong_answer", f"ANSWER {ext.value!r}: expected {spec.answer!r}{alias_note} ({spec.match})", **data
    )
