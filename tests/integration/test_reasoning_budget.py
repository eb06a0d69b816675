"""A thinking model through the whole harness: a scripted endpoint streams N reasoning tokens
(``reasoning_content``) before each strict item's reference answer and, like vLLM, counts them against the
request's ``max_tokens`` (cutting the reply there with finish_reason ``length``) and refuses requests that do
not fit its ``max_model_len``. Nothing tells the run that the model reasons: it learns that from the first
responses."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from stackeval.report.render import render_report
from stackeval.report.suite_report import build_report
from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.store.db import Store
from stackeval.suites import load_profile
from stackeval.testing.fakeserver import FakeServer, replay_responder


async def _run(db: Path, n_reasoning: int, *, max_model_len: int, tokens_per_chunk: int, usage_details: bool,
               only: list[str] | None = None, thinking: str = "default", **kw: object):  # noqa: ANN202
    suite = load_profile("strict")
    responder = replay_responder(suite.items, "reference", reasoning_tokens=n_reasoning,
                                 usage_reasoning_tokens=usage_details, tokens_per_chunk=tokens_per_chunk)
    async with FakeServer(responder, enforce_max_tokens=True, max_model_len=max_model_len) as srv:
        out = await execute_suite(
            db_path=db, endpoint=srv.base_url, profile="strict", model=None, concurrency=8, api_key=None,
            api_key_env=None, recipe=None, recipe_path=None, only=only or [], thinking=thinking, repeats=1, resume=None,
            force=False, retry_errors=False, executor=LocalExecutor(), timeouts={"total": 120.0}, **kw)
    return out


def _report(db: Path, run_id: str) -> str:
    with Store(db, create=False) as st:
        info = st.run_info(run_id)
        rep = build_report(info, st.stack(info.stack_fingerprint), list(st.latest_results(run_id)), st.docs(run_id))
    return render_report(rep, "md")


def test_thinking_3000_tokens_passes_strict_in_the_default_arm_without_flags(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    out = asyncio.run(_run(db, 3000, max_model_len=32768, tokens_per_chunk=16, usage_details=True))
    rs = out.results
    passed = sum(r.status == "pass" for r in rs)
    assert len(rs) == 157
    assert passed / len(rs) >= 0.95, Counter(r.failure_class for r in rs)
    learned = [r for r in rs if "reasoning_learned_here" in r.flags]
    assert len(learned) == 1
    ok = [r for r in rs if r.status == "pass"]
    assert all(r.reasoning_tokens == 3000 and r.token_split == "usage" for r in ok)
    assert all(r.max_tokens is not None and r.max_tokens >= 3000 for r in ok)
    md = _report(db, out.run_id)
    assert "learned from the response to" in md and "reasoning allowance 8192" in md
    assert "cut off by the token budget, so" not in md  # no warning when nothing was cut off


def test_thinking_far_beyond_any_budget_is_diagnosed_as_ran_out_while_reasoning(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    out = asyncio.run(_run(db, 1_000_000, max_model_len=32768, tokens_per_chunk=64, usage_details=False))
    rs = out.results
    assert len(rs) == 157
    assert {r.failure_class for r in rs} == {"reasoning_exhausted"}, Counter(r.failure_class for r in rs)
    assert all(r.status == "fail" and r.reasoning_tokens and r.answer_tokens == 0 for r in rs)
    head = _report(db, out.run_id).splitlines()[:4]
    warning = next((line for line in head if "cut off by the token budget" in line), None)
    assert warning is not None, head
    assert "157 of 157" in warning and "ran out while reasoning" in warning and "--reasoning-budget" in warning


def test_reasoning_counted_from_the_stream_and_thinking_both_cost(tmp_path: Path) -> None:
    """One reasoning delta per token and no usage details: the counts come from the stream. With
    --thinking both and a budget too small for the thinking, the on arm runs out and the report says so."""
    db = tmp_path / "r.db"
    out = asyncio.run(_run(db, 700, max_model_len=32768, tokens_per_chunk=1, usage_details=False,
                           only=["s1.math.*"], thinking="both", reasoning_budget=300))
    # the scripted server thinks in both arms (like a template that ignores the off switch): off has no
    # allowance, on has 300 tokens, so the items whose answer budget cannot hold 700 + the answer run out
    by = {(r.test_id, r.arm): r for r in out.results}
    on = [r for (t, a), r in by.items() if a == "on"]
    passed_on = [r for r in on if r.status == "pass"]
    assert passed_on and all(r.reasoning_tokens == 700 and r.token_split == "stream" for r in passed_on)
    assert any(r.failure_class == "reasoning_exhausted" for r in on)
    # where on ran out while off (no allowance) got an answer in, the report blames the budget, not thinking
    md = _report(db, out.run_id)
    assert "What thinking did, per test" in md and "only ran out of budget" in md
    assert "| reasoning tokens | answer tokens |" in md
