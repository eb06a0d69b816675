"""The grader audit: crafted answers (correct, borderline and wrong), each with the verdict a careful reader
gives it, the failure class, and a one-line reason. Data in ``audit/*.yaml``:

    - grader: {kind: checks, checks: [...]}   # a grader spec, as in a suite item
      tools: [...]                             # optional: the request's tools (tool_calls grader)
      cases:
        - answer: "..."                        # the content (or ``tool_calls: [...]`` for tool calls)
          verdict: pass | fail
          class: constraint:no_commas          # the failure class, for verdict fail
          kind: correct | borderline | wrong
          why: one line saying why a careful reader agrees
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from stackeval.graders.base import GradeContext, grade
from stackeval.records.answer import Answer, ToolCall

AUDIT = Path(__file__).parent / "audit"


def _cases() -> list[tuple[str, dict[str, Any], dict[str, Any], list[dict[str, Any]]]]:
    out = []
    for f in sorted(AUDIT.glob("*.yaml")):
        for g, group in enumerate(yaml.safe_load(f.read_text(encoding="utf-8"))):
            for c, case in enumerate(group["cases"]):
                out.append((f"{f.stem}:{g}.{c}", group["grader"], case, group.get("tools") or []))
    return out


CASES = _cases()


def test_the_audit_is_large_and_mixed() -> None:
    kinds = Counter(c["kind"] for _, _, c, _ in CASES)
    assert len(CASES) >= 300
    assert set(kinds) == {"correct", "borderline", "wrong"}
    assert min(kinds.values()) >= 50
    verdicts = Counter(c["verdict"] for _, _, c, _ in CASES)
    assert verdicts["pass"] >= 100 and verdicts["fail"] >= 100


@pytest.mark.parametrize(("where", "spec", "case", "tools"), CASES, ids=[w for w, *_ in CASES])
def test_verdict(where: str, spec: dict[str, Any], case: dict[str, Any], tools: list[dict[str, Any]]) -> None:
    assert case["kind"] in ("correct", "borderline", "wrong") and case["why"].strip()
    assert case["verdict"] in ("pass", "fail")
    assert (case["verdict"] == "fail") == ("class" in case), "a failing case names its class, a passing one none"
    calls = [ToolCall.model_validate(tc) for tc in case.get("tool_calls", [])]
    answer = Answer(content=case.get("answer", ""), tool_calls=calls, finish_reason="stop")
    res = grade(spec, answer, GradeContext(tools=tuple(tools)))
    got = "pass" if res.passed else "fail"
    assert got == case["verdict"], f"{case['why']} -- grader: {res.failure_class}: {res.detail}"
    if not res.passed:
        assert res.failure_class == case["class"], f"{case['why']} -- grader: {res.detail}"
