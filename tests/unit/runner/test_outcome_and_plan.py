from __future__ import annotations

from stackeval.records.answer import Answer, GradeResult
from stackeval.records.items import Item
from stackeval.records.request import ChatResult, ErrorClass, RequestError, RequestTimings, Usage
from stackeval.records.run import RunSpec, TestResult
from stackeval.runner.outcome import decode_rate, outcome
from stackeval.runner.requests import build_request
from stackeval.runner.suite import plan
from stackeval.runner.thinking import arms_for, honoured, thinking_fields
from stackeval.suites.loader import Suite

ITEM = Item.model_validate({
    "id": "s1.math.easy.01", "category": "math", "tier": "easy", "prompt": "2+2? ANSWER: <n>",
    "sampling": {"max_tokens": 300}, "grader": {"kind": "math", "answer": "4"}, "reference": "ANSWER: 4",
    "wrong": [{"content": "ANSWER: 5", "expect": "wrong_answer"}], "rationale": "one step",
})


def _res(content: str = "ANSWER: 4", finish: str = "stop", reasoning: str = "", source: str | None = None,
         ok: bool = True, err: RequestError | None = None) -> ChatResult:
    t = RequestTimings(scheduled_ns=0, sent_ns=1_000_000, first_output_ns=51_000_000, last_output_ns=1_051_000_000,
                       end_ns=1_061_000_000)
    return ChatResult(ok=ok, error=err, content=content, reasoning=reasoning, reasoning_source=source,
                      finish_reason=finish, usage=Usage(prompt_tokens=5, completion_tokens=11), timings=t)


def _grader(passed: bool, cls: str = "wrong_answer"):
    def g(item: Item, ans: Answer) -> GradeResult:
        return GradeResult.ok() if passed else GradeResult.fail(cls, "nope")
    return g


def test_infrastructure_errors_are_error_or_timeout_never_fail() -> None:
    r = outcome(ITEM, _res(ok=False, err=RequestError(cls=ErrorClass.HTTP, status=503, message="x")), "default", 0, _grader(True))
    assert (r.status, r.failure_class) == ("error", "http_503")
    r = outcome(ITEM, _res(ok=False, err=RequestError(cls=ErrorClass.TIMEOUT_READ, message="x")), "default", 0, _grader(True))
    assert (r.status, r.failure_class) == ("timeout", "timeout")


def test_truncated_and_empty_content_take_precedence_over_grader_class() -> None:
    r = outcome(ITEM, _res(finish="length"), "default", 0, _grader(False))
    assert r.failure_class == "truncated" and "wrong_answer" in r.detail
    r = outcome(ITEM, _res(content="", reasoning="long thought"), "default", 0, _grader(False, "no_answer"))
    assert r.failure_class == "empty_answer" and "no_answer" in r.detail
    r = outcome(ITEM, _res(), "default", 0, _grader(False, "format_mismatch"))
    assert r.failure_class == "format_mismatch" and r.status == "fail"


def test_pass_with_flags_and_timings() -> None:
    r = outcome(ITEM, _res(reasoning="hmm", source="think_tags"), "off", 0, _grader(True))
    assert r.status == "pass" and "reasoning_in_content" in r.flags and "thinking_ignored" in r.flags
    assert r.ttft_ms == 50.0 and r.wall_s == 1.06
    assert abs(decode_rate(_res()) - 10.0) < 1e-9  # (11 - 1) tokens over 1.0 s


def test_thinking_mapping_and_honoured() -> None:
    assert thinking_fields("vllm", "off") == {"chat_template_kwargs": {"enable_thinking": False}}
    assert thinking_fields("ollama", "on") == {"reasoning_effort": "medium"}
    assert thinking_fields("llamacpp", "on")["reasoning_format"] == "deepseek"
    assert thinking_fields("vllm", "default") == {}
    assert arms_for("both") == ["off", "on"] and arms_for("default") == ["default"]
    assert honoured("on", 0) is False and honoured("off", 0) is True and honoured("default", 5) is None


def test_build_request_precedence_and_cap() -> None:
    spec = RunSpec(endpoint="x", model="m", profile="p", defaults={"temperature": 0.0, "max_tokens": 1024, "top_p": 0.9})
    body = build_request(ITEM, spec, "vllm", "off", repeat=2).body
    assert body["max_tokens"] == 300 and body["top_p"] == 0.9 and body["seed"] == spec.seed + 2
    assert body["chat_template_kwargs"] == {"enable_thinking": False}
    capped = build_request(ITEM, spec.model_copy(update={"max_tokens_cap": 64}), "vllm", "default").body
    assert capped["max_tokens"] == 64 and "chat_template_kwargs" not in capped


def test_plan_resume_and_retry_errors() -> None:
    suite = Suite("p", (ITEM,), "h")
    spec = RunSpec(endpoint="x", model="m", profile="p", thinking="both", repeats=2)
    assert len(plan(suite, spec, {})) == 4
    err = TestResult(test_id=ITEM.id, category="math", tier="easy", arm="on", repeat=1, status="error")
    ok = TestResult(test_id=ITEM.id, category="math", tier="easy", arm="off", repeat=0, status="pass")
    done = {(ITEM.id, "on", 1): err, (ITEM.id, "off", 0): ok}
    assert {(u.arm, u.repeat) for u in plan(suite, spec, done)} == {("off", 1), ("on", 0)}
    again = plan(suite, spec, done, retry_errors=True)
    assert {(u.arm, u.repeat, u.attempt) for u in again} == {("off", 1, 1), ("on", 0, 1), ("on", 1, 2)}


def _rres(content: str, reasoning: str, finish: str, usage: Usage | None, deltas: int | None = None,
          source: str | None = "field") -> ChatResult:
    t = RequestTimings(scheduled_ns=0, sent_ns=1, end_ns=2)
    return ChatResult(ok=True, content=content, reasoning=reasoning, reasoning_source=source if reasoning else None,
                      finish_reason=finish, usage=usage, timings=t,
                      extra={"reasoning_deltas": deltas} if deltas is not None else {})


def test_budget_classes_are_distinct_and_override_the_grader() -> None:
    ran_out = outcome(ITEM, _rres("", "think " * 50, "length", Usage(completion_tokens=50)), "default", 0,
                      _grader(False, "no_answer"))
    assert ran_out.failure_class == "reasoning_exhausted" and "no_answer" in ran_out.detail
    cut = outcome(ITEM, _rres("ANSWER: ", "think", "length", Usage(completion_tokens=9)), "default", 0,
                  _grader(False, "wrong_answer"))
    assert cut.failure_class == "truncated"
    empty = outcome(ITEM, _rres("", "", "stop", Usage(completion_tokens=0)), "default", 0, _grader(False, "no_answer"))
    assert empty.failure_class == "empty_answer" and "nothing at all" in empty.detail
    # reasoning_tokens reported by usage alone (no reasoning text) still means it ran out while reasoning
    hidden = outcome(ITEM, _rres("", "", "length", Usage(completion_tokens=40, reasoning_tokens=40)), "default", 0,
                     _grader(False, "no_answer"))
    assert hidden.failure_class == "reasoning_exhausted"


def test_reasoning_and_answer_tokens() -> None:
    r = outcome(ITEM, _rres("ANSWER: 4", "a b c", "stop", Usage(completion_tokens=30, reasoning_tokens=25)), "on", 0,
                _grader(True))
    assert (r.reasoning_tokens, r.answer_tokens, r.token_split) == (25, 5, "usage")
    r = outcome(ITEM, _rres("ANSWER: 4", "a b c", "stop", Usage(completion_tokens=30), deltas=27), "on", 0, _grader(True))
    assert (r.reasoning_tokens, r.answer_tokens, r.token_split) == (27, 3, "stream")
    r = outcome(ITEM, _rres("x" * 10, "y" * 30, "stop", Usage(completion_tokens=40), source="think_tags"), "on", 0,
                _grader(True))
    assert (r.reasoning_tokens, r.answer_tokens, r.token_split) == (30, 10, "chars")
    r = outcome(ITEM, _rres("ANSWER: 4", "", "stop", Usage(completion_tokens=4)), "off", 0, _grader(True))
    assert (r.reasoning_tokens, r.answer_tokens) == (0, 4)
