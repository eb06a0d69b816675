"""Turn a server response into a test result: infrastructure first, then truncation, then the grader. Pure."""

from __future__ import annotations

from collections.abc import Callable

from stackeval.perf.requests import decode_rate
from stackeval.records.answer import Answer, GradeResult
from stackeval.records.items import Item
from stackeval.records.request import ChatResult
from stackeval.records.run import ANSWER_TRUNCATED, EMPTY_ANSWER, REASONING_EXHAUSTED, TestResult
from stackeval.runner.thinking import honoured, split_arm

Grader = Callable[[Item, Answer], GradeResult]




def budget_class(res: ChatResult) -> str | None:
    """Which budget failure class a response is in, if any (independent of the grader)."""
    answered = bool(res.content.strip()) or bool(res.tool_calls)
    if res.finish_reason == "length":
        thought = bool(res.reasoning) or bool(res.usage and res.usage.reasoning_tokens)
        return REASONING_EXHAUSTED if not answered and thought else ANSWER_TRUNCATED
    return None if answered else EMPTY_ANSWER


def token_split(res: ChatResult) -> tuple[int | None, int | None, str | None]:
    """(reasoning tokens, answer tokens, source): usage ``reasoning_tokens``; else the count of streamed
    reasoning deltas (one token each on most engines; fewer than the tokens under speculative decoding);
    else completion tokens split by the character share of the reasoning."""
    n = res.usage.completion_tokens if res.usage else None
    r: int | None
    if res.usage and res.usage.reasoning_tokens is not None:
        r, src = res.usage.reasoning_tokens, "usage"
    elif not res.reasoning:
        r, src = (0, "usage") if n is not None else (None, None)
    elif n is not None and not res.content.strip() and not res.tool_calls:
        r, src = n, "usage"  # no answer at all: every completion token was reasoning
    elif res.reasoning_source == "field" and isinstance(res.extra.get("reasoning_deltas"), int):
        r, src = res.extra["reasoning_deltas"], "stream"
    elif n is not None:
        answer_chars = len(res.content) + sum(len(t.function.arguments) + len(t.function.name) for t in res.tool_calls)
        r, src = round(n * len(res.reasoning) / max(1, len(res.reasoning) + answer_chars)), "chars"
    else:
        return None, None, None
    if n is not None and r is not None:
        r = min(r, n)
    return r, (n - r if n is not None and r is not None else None), src


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
    rt, at, src = token_split(res)
    base.update(reasoning_tokens=rt, answer_tokens=at, token_split=src)
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
    bc = budget_class(res)
    if bc == REASONING_EXHAUSTED:
        fc, detail = bc, (f"finish_reason=length with no answer: the budget ran out while reasoning "
                          f"({rt if rt is not None else '?'} reasoning tokens, {len(res.reasoning)} chars); grader said {g.failure_class}")
    elif bc == ANSWER_TRUNCATED:
        fc, detail = bc, f"finish_reason=length: the answer was cut; grader said {g.failure_class}: {g.detail}"
    elif bc == EMPTY_ANSWER:
        why = f"after {len(res.reasoning)} chars of reasoning" if res.reasoning else "with nothing at all"
        fc, detail = bc, f"the model stopped by itself ({res.finish_reason}) with an empty answer {why}; grader said {g.failure_class}"
    return TestResult(status="fail", failure_class=fc, detail=detail[:500], flags=flags, grade=grade, **base)
