"""Every builtin item: its reference passes its grader, and every wrong answer fails with the expected class."""

from __future__ import annotations

import pytest

from stackeval.graders.base import GradeContext, grade
from stackeval.records.answer import Answer
from stackeval.records.items import Item, ReferenceAnswer
from stackeval.suites.loader import list_profiles, load_profile


def _executor():
    try:
        from stackeval.sandbox.local import LocalExecutor
    except ModuleNotFoundError:  # pragma: no cover - sandbox not yet present
        return None
    return LocalExecutor()


EXECUTOR = _executor()
ITEMS = [(p, it) for p in list_profiles() for it in load_profile(p).items]


def _grade(item: Item, ans: ReferenceAnswer):
    ctx = GradeContext(executor=EXECUTOR, tools=tuple(item.tools or ()))
    return grade(item.grader, Answer(content=ans.content, tool_calls=ans.tool_calls, finish_reason="stop"), ctx)


@pytest.mark.parametrize(("profile", "item"), ITEMS, ids=[f"{p}:{i.id}" for p, i in ITEMS])
def test_reference_passes_and_wrong_answers_fail(profile: str, item: Item) -> None:
    ref = _grade(item, item.reference)
    assert ref.passed, f"reference failed: {ref.failure_class}: {ref.detail}"
    for w in item.wrong:
        res = _grade(item, w)
        assert not res.passed, f"wrong answer passed: {w.content[:80]!r}"
        assert res.failure_class == w.expect, f"expected {w.expect}, got {res.failure_class}: {res.detail}"
