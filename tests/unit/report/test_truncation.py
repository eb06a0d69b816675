"""Cut-off answers in the report: the warning and its flag, the inverted gradient, what thinking did per
test, math cut-offs kept apart from wrong answers, cluster-robust intervals, budget variables in compare."""

from __future__ import annotations

from stackeval.records.run import RunInfo, RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.report.render import render_report
from stackeval.report.stats import wilson
from stackeval.report.suite_report import build_report
from stackeval.report.summary import grouped_rates
from stackeval.report.truncation import (
    arm_effects,
    budget_variables,
    cluster_rate,
    gradient_note,
    interval_method,
    truncation_section,
)
from stackeval.runner.budget import plan_budget

TIERS = ("easy", "medium", "hard", "expert", "frontier")


def _r(i: int, status: str = "pass", fc: str | None = None, tier: str = "easy", arm: str = "default", repeat: int = 0,
       cat: str = "math", **kw: object) -> TestResult:
    return TestResult(test_id=f"t.{cat}.{tier}.{i:02d}", category=cat, tier=tier, arm=arm, repeat=repeat,
                      status=status, failure_class=fc, **kw)  # type: ignore[arg-type]


def _spec(**kw: object) -> RunSpec:
    plan = plan_budget(engine="vllm", recipe=None, settings={}, max_model_len=32768, reasoning_budget=None,
                       max_tokens=kw.get("max_tokens"), max_tokens_cap=kw.get("max_tokens_cap"))  # type: ignore[arg-type]
    return RunSpec(endpoint="http://x", model="m", profile="strict", budget=plan.model_dump(), **kw)  # type: ignore[arg-type]


def test_warning_names_the_class_counts_and_the_flag() -> None:
    rs = [_r(i) for i in range(90)] + [_r(100 + i, "fail", "reasoning_exhausted", reasoning_tokens=8000,
                                         max_tokens=8200) for i in range(8)]
    rs += [_r(200, "fail", "truncated", max_tokens=300), _r(201, "fail", "empty_answer")]
    sec = truncation_section(_spec(), rs)
    assert sec.cut_off == 9 and sec.counts == {"reasoning_exhausted": 8, "truncated": 1, "empty_answer": 1}
    assert sec.rerun_flag == "--reasoning-budget 16384"
    assert sec.warning is not None and "9 of 100" in sec.warning and "ran out while reasoning (no answer) 8" in sec.warning
    # answer cuts dominate: a larger fixed budget; with --max-tokens given: double it
    cuts = [_r(i) for i in range(20)] + [_r(50 + i, "fail", "truncated", max_tokens=256) for i in range(3)]
    assert truncation_section(_spec(), cuts).rerun_flag == "--max-tokens 512"
    assert truncation_section(_spec(max_tokens=100), cuts).rerun_flag == "--max-tokens 200"
    # a few per cent or less: no warning
    few = [_r(i) for i in range(97)] + [_r(200 + i, "fail", "reasoning_exhausted") for i in range(3)]
    assert truncation_section(_spec(), few).warning is None


def test_inverted_gradient_is_named() -> None:
    rs: list[TestResult] = []
    for k, tier in enumerate(TIERS):  # easy 0/10 ... frontier 10/10
        for i in range(10):
            ok = i < k * 2.5
            rs.append(_r(i, "pass" if ok else "fail", None if ok else "reasoning_exhausted", tier=tier))
    note = gradient_note(grouped_rates(rs, "tier", TIERS), cut_off=1)
    assert note is not None and "inverted" in note and "smallest token budgets" in note
    normal = [_r(i, "pass" if i < 10 - 2 * k else "fail", tier=t) for k, t in enumerate(TIERS) for i in range(10)]
    assert gradient_note(grouped_rates(normal, "tier", TIERS)) is None


def test_thinking_helped_hurt_or_ran_out() -> None:
    rs = [_r(1, "fail", "wrong_answer", arm="off"), _r(1, "pass", arm="on"),
          _r(2, "pass", arm="off"), _r(2, "fail", "wrong_answer", arm="on"),
          _r(3, "pass", arm="off"), _r(3, "fail", "reasoning_exhausted", arm="on", reasoning_tokens=9000),
          _r(4, "pass", arm="off"), _r(4, "pass", arm="on")]
    eff = {e.test_id: e.effect for e in arm_effects(rs)}
    assert eff == {"t.math.easy.01": "helped", "t.math.easy.02": "hurt", "t.math.easy.03": "ran_out"}


def test_cluster_interval_is_wilson_without_clusters_and_wider_with_correlated_repeats() -> None:
    single = [_r(i, "pass" if i < 30 else "fail") for i in range(50)]
    p, lo, hi, n_eff = cluster_rate(single)
    w = wilson(30, 50)
    assert (round(lo, 9), round(hi, 9), n_eff) == (round(w.low, 9), round(w.high, 9), 50)
    assert "one result per test" in interval_method(single)
    # the same 50 tests, each run 4 times with identical outcomes: no more information than 50 results
    rep = [_r(i, "pass" if i < 30 else "fail", repeat=k) for i in range(50) for k in range(4)]
    p2, lo2, hi2, n2 = cluster_rate(rep)
    naive = wilson(120, 200)
    assert p2 == 0.6 and abs(n2 - 49) < 1e-9  # 200 results worth 50 tests, less the G/(G-1) small-sample correction
    assert hi2 - lo2 > naive.high - naive.low
    assert "clustered by test" in interval_method(rep)


def test_report_keeps_cut_offs_out_of_wrong_answers_and_warns_first() -> None:
    rs = [_r(1, "fail", "reasoning_exhausted", grade={"failure_class": "no_answer"}),
          _r(2, "fail", "truncated", grade={"failure_class": "wrong_answer"}),
          _r(3, "fail", "wrong_answer"), _r(4, "pass")]
    info = RunInfo(id="r1", kind="suite", started_at="2026-01-01T00:00:00Z", status="complete", profile="strict",
                   suite_hash="h", stack_fingerprint="f", model="m", endpoint="http://x", engine="vllm",
                   stackeval_version="0", spec=_spec())
    rep = build_report(info, StackProfile(endpoint="http://x", engine="vllm", fingerprint="f"), rs)
    assert rep.math_failures.wrong_answer == ["t.math.easy.03"]
    assert rep.math_failures.cut_off == ["t.math.easy.01", "t.math.easy.02"]
    assert rep.by_category["math"].cut_off == 2
    md = render_report(rep, "md")
    first = md.splitlines()[:4]
    assert any("cut off by the token budget" in line and "--reasoning-budget" in line for line in first), first
    assert "reasoning allowance 8192" in md


def test_budget_variables_differ_between_runs_with_different_budgets() -> None:
    a, b = budget_variables(_spec()), budget_variables(_spec(max_tokens=512))
    assert a["budget.reasoning_allowance"] == 8192 and b["budget.reasoning_allowance"] == 0
    assert a["budget.max_tokens"] is None and b["budget.max_tokens"] == 512


def test_compare_lists_different_budgets_among_the_variables_that_differ() -> None:
    from stackeval.records.sweep import ColumnInput, RunData
    from stackeval.report.compare import variables

    st = StackProfile(endpoint="http://x", engine="vllm", fingerprint="f")

    def col(label: str, spec: RunSpec) -> ColumnInput:
        info = RunInfo(id=f"r-{label}", kind="suite", started_at="2026-01-01T00:00:00Z", status="complete",
                       profile="strict", suite_hash="h", stack_fingerprint="f", model="m", endpoint="http://x",
                       engine="vllm", stackeval_version="0", spec=spec)
        return ColumnInput(label=label, runs=[RunData(info=info, stack=st, results=[_r(1)])])

    v = variables([col("a", _spec()), col("b", _spec(max_tokens=512))])
    differ = {row.key: row.values for row in v.differ}
    assert differ["budget.reasoning_allowance"] == [8192, 0] and differ["budget.max_tokens"] == [None, 512]
    assert "engine" not in differ
