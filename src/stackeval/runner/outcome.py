"""Turn a server response into a test result: infrastructure first, then truncation, then the grader. Pure."""

from __future__ import annotations

from collections.abc import Callable

from stackeval.records.answer import Answer, GradeResult
from stackeval.records.items import Item
from stackeval.records.request import ChatResult
from stackeval.records.run import TestResult
from stackeval.runner.thinking import honoured, split_arm

Grader = Callable[[Item, Answer], GradeResult]


def decode_rate(res: ChatResult) -> float | None:
    t = res.timings
    n = res.usage.completion_tokens if res.usage else None
    if not n or n < 2 or t.first_output_ns is None or t.last_output_ns is None or t.last_output_ns <= t.first_output_ns:
        return None
    return (n - 1) / ((t.last_output_ns - t.first_output_ns) / 1e9)


def outcome(item: Item, res: ChatResult, arm: str, repeat: int, grader: Grader, attempt: int = 1) -> TestResult:
    base = dict(
        test_id=item.id, category=item.category, tier=item.tier, arm=arm, repeat=repeat, attempt=attempt,
        # from send (not from scheduling: client-side queueing is not the test's time) to stream end
        wall_s=round(((res.timings.end_ns or 0) - (res.timings.sent_ns or res.timings.end_ns or 0)) / 1e9, 4),
        ttft_ms=res.timings.ttft_ms, decode_tok_s=decode_rate(res),
        prompt_tokens=res.usage.prompt_tokens if res.usage else None,
        completion_tokens=res.usage.completion_tokens if res.usage else None,
        reasoning_chars=len(res.reasoning), finish_reason=res.finish_reason,
        answer_excerpt=res.content[:2000],
    )
    if not res.ok:
        err = res.error
        label = err.label if err else "error"
        status = "timeout" if label == "timeout" else "error"
        return TestResult(status=status, failure_class=label, detail=(err.message if err else "")[:500],
                          flags=[f"attempts:{len(res.attempts)}"] if len(res.attempts) > 1 else [], **base)
    flags: list[str] = []
    if res.reasoning_source == "think_tags":
        flags.append("reasoning_in_content")
    h = honoured(split_arm(arm)[0], len(res.reasoning))
    if h is False:
        flags.append("thinking_ignored")
    answer = Answer(content=res.content, reasoning=res.reasoning, tool_calls=res.tool_calls, finish_reason=res.finish_reason)
    g = grader(item, answer)
    flags.extend(f for f in g.flags if f not in flags)
    grade = g.model_dump()
    if g.passed:
        if res.finish_reason == "length":
            flags.append("truncated")
        return TestResult(status="pass", flags=flags, detail=g.detail[:500], grade=grade, **base)
    fc, detail = g.failure_class, g.detail
    if res.finish_reason == "length":
        fc, detail = "truncated", f"finish_reason=length; grader said {g.failure_class}: {g.detail}"
    elif not res.content.strip() and not res.tool_calls and res.reasoning:
        fc, detail = "empty_content", f"all {len(res.reasoning)} chars went to reasoning; grader said {g.failure_class}"
    return TestResult(status="fail", failure_class=fc, detail=detail[:500], flags=flags, grade=grade, **base)
