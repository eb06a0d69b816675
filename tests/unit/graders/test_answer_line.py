"""The ``answer_line`` grader (reasoning items)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from stackeval.graders.answer_line import AnswerLineSpec
from stackeval.graders.base import get_grader, grade, parse_spec
from stackeval.records.answer import Answer, GradeResult


def _grade(content: str, **spec: object) -> GradeResult:
    return grade({"kind": "answer_line", **spec}, Answer(content=content))


def test_registered_with_its_spec_model() -> None:
    assert get_grader("answer_line").spec_model is AnswerLineSpec


def test_spec_defaults_and_validation() -> None:
    spec = parse_spec({"kind": "answer_line", "answer": "Rue"})
    assert isinstance(spec, AnswerLineSpec)
    assert spec.match == "casefold"
    assert spec.aliases == []
    with pytest.raises(ValidationError):
        parse_spec({"kind": "answer_line", "answer": "Rue", "match": "fuzzy"})
    with pytest.raises(ValidationError):
        parse_spec({"kind": "answer_line", "answer": ""})
    with pytest.raises(ValidationError):
        parse_spec({"kind": "answer_line", "answer": "Rue", "extra": 1})


@pytest.mark.parametrize(
    "content",
    [
        "ANSWER: Wednesday",
        "ANSWER: wednesday",
        "answer:   WEDNESDAY   ",
        "**ANSWER:** Wednesday.",
        "**Answer: Wednesday**",
        "Reasoning...\n\n> ANSWER: `Wednesday`",
    ],
)
def test_casefold_pass(content: str) -> None:
    res = _grade(content, answer="Wednesday")
    assert res.passed, res.detail
    assert res.data["extracted"].casefold() == "wednesday"


def test_casefold_collapses_inner_whitespace_only() -> None:
    assert _grade("ANSWER: knight,   knave", answer="knight, knave").passed
    assert _grade("ANSWER: knight,knave", answer="knight, knave").failure_class == "wrong_answer"


def test_exact_mode_is_case_sensitive() -> None:
    assert _grade("ANSWER: ABDBB", answer="ABDBB", match="exact").passed
    res = _grade("ANSWER: abdbb", answer="ABDBB", match="exact")
    assert res.failure_class == "wrong_answer"
    assert "exact" in res.detail


def test_unordered_list_compares_sets() -> None:
    spec = {"answer": "Ada, Cy, Di", "match": "unordered_list"}
    assert _grade("ANSWER: di, ada,cy", **spec).passed
    assert _grade("ANSWER: Ada, Cy, Di,", **spec).passed  # empty item dropped
    assert _grade("ANSWER: Ada, Di", **spec).failure_class == "wrong_answer"
    assert _grade("ANSWER: Ada, Cy, Di, Bo", **spec).failure_class == "wrong_answer"
    assert _grade("ANSWER: Ada Cy Di", **spec).failure_class == "wrong_answer"  # not comma-separated


def test_aliases_are_accepted() -> None:
    spec = {"answer": "knight, knave", "aliases": ["knight,knave"]}
    assert _grade("ANSWER: Knight,Knave", **spec).passed
    res = _grade("ANSWER: knave, knight", **spec)
    assert res.failure_class == "wrong_answer"
    assert "knight,knave" in res.detail


def test_last_answer_line_wins() -> None:
    assert _grade("ANSWER: Monday\nNo wait.\nANSWER: Wednesday", answer="Wednesday").passed
    res = _grade("ANSWER: Wednesday\nHmm.\nANSWER: Monday", answer="Wednesday")
    assert res.failure_class == "wrong_answer"
    assert res.data["extracted"] == "Monday"
    assert res.data["answer_lines"] == 2


@pytest.mark.parametrize(
    "content",
    [
        "",
        "It is Wednesday.",
        "The final answer is Wednesday",
        "Final answer: Wednesday",
        "ANSWER:",
        "ANSWER:  **  ",
    ],
)
def test_no_answer(content: str) -> None:
    res = _grade(content, answer="Wednesday")
    assert not res.passed
    assert res.failure_class == "no_answer"


def test_answer_on_next_line_after_bare_marker() -> None:
    assert _grade("ANSWER:\n\nWednesday", answer="Wednesday").passed
