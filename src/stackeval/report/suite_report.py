"""The suite report: a typed, pure view of one run (``SuiteReport``), built once and written by any of
the renderers (``stackeval.report.render``).

Sections: headline, per-capability table with Wilson 95% intervals, difficulty gradient, coding failure
modes per test, math failures split into format mismatch and wrong answer, failure classes and flags,
slowest and most token-hungry tests, quality and speed side by side per category, pass@1 over repeats,
and for runs with two thinking arms the per-test flips and the token cost per arm. A bench run carries
its bench document; a run made at a sweep point names the sweep.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from statistics import median
from typing import Any

from stackeval.records.bench import BenchDocument
from stackeval.records.items import CATEGORIES, TIERS
from stackeval.records.report import (
    ArmCost,
    ArmsComparison,
    CodingFailure,
    Headline,
    MathFailures,
    QualitySpeed,
    SuiteReport,
    SweepRef,
    TestTime,
    TestTokens,
)
from stackeval.records.run import RunInfo, TestResult
from stackeval.records.stack import StackProfile
from stackeval.report.summary import grouped_rates, pass_at_1, rate, run_wall_s
from stackeval.report.truncation import (
    arm_effects,
    arm_tokens,
    clustered,
    interval_method,
    is_cut_off,
    truncation_section,
    with_cluster_intervals,
)

__all__ = ["build_report", "bench_document"]


def _med(xs: list[float | int | None]) -> float | None:
    v = [float(x) for x in xs if x is not None]
    return round(median(v), 2) if v else None


def bench_document(docs: dict[str, Any] | None) -> BenchDocument | None:
    """The run's stored bench document, typed (None when the run has none)."""
    raw = (docs or {}).get("bench")
    if isinstance(raw, BenchDocument):
        return raw
    return BenchDocument.model_validate(raw) if isinstance(raw, dict) else None


def build_report(info: RunInfo, stack: StackProfile, results: Sequence[TestResult], docs: dict[str, Any] | None = None,
                 top: int = 5) -> SuiteReport:
    rs = list(results)
    fails = [r for r in rs if r.status == "fail"]
    sweep = (docs or {}).get("sweep")
    pa = pass_at_1(rs)
    arms = sorted({r.arm for r in rs})
    by_tier = clustered(grouped_rates(rs, "tier", TIERS), rs, "tier")  # intervals: results of one test are one cluster
    trunc = truncation_section(info.spec, rs, by_tier, interval_method(rs))
    if arms == ["off", "on"]:
        trunc.effects = arm_effects(rs)
    return SuiteReport(
        headline=Headline(
            run_id=info.id, kind=info.kind, profile=info.profile, model=info.model, endpoint=info.endpoint,
            engine=stack.engine, engine_version=stack.engine_version, overall=with_cluster_intervals(rate(rs), rs),
            tests_wall_s=round(sum(r.wall_s for r in rs), 2), run_wall_s=run_wall_s(info), started_at=info.started_at,
            finished_at=info.finished_at, status=info.status, suite_hash=info.suite_hash),
        by_category=clustered(grouped_rates(rs, "category", CATEGORIES), rs, "category"),
        by_tier=by_tier,
        coding_failures=[CodingFailure(test_id=r.test_id, arm=r.arm, failure_class=r.failure_class, detail=r.detail[:200])
                         for r in fails if r.category == "coding"],
        math_failures=MathFailures(
            format_mismatch=sorted(r.test_id for r in fails if r.category == "math" and _is_format(r) and not is_cut_off(r)),
            wrong_answer=sorted(r.test_id for r in fails if r.category == "math" and not _is_format(r) and not is_cut_off(r)),
            cut_off=sorted(r.test_id for r in fails if r.category == "math" and is_cut_off(r))),
        failure_classes=dict(Counter(r.failure_class or r.status for r in rs if r.status != "pass").most_common()),
        flags=dict(Counter(f for r in rs for f in r.flags if not f.startswith("attempts:")).most_common()),
        slowest=[TestTime(test_id=r.test_id, wall_s=r.wall_s, status=r.status) for r in sorted(rs, key=lambda r: -r.wall_s)[:top]],
        most_tokens=[TestTokens(test_id=r.test_id, completion_tokens=r.completion_tokens, status=r.status)
                     for r in sorted(rs, key=lambda r: -(r.completion_tokens or 0))[:top]],
        quality_speed=_quality_speed(rs),
        pass_at_1=pa if pa.max_repeats > 1 else None,
        arms=_arms(rs, arms[0], arms[1]) if len(arms) == 2 else None,
        sweep=SweepRef(sweep_id=sweep.get("sweep_id"), name=sweep.get("name")) if isinstance(sweep, dict) and sweep else None,
        bench=bench_document(docs) if info.kind == "bench" or "bench" in (docs or {}) else None,
        truncation=trunc,
    )


def _is_format(r: TestResult) -> bool:
    if r.failure_class == "format_mismatch":
        return True
    # (cut-off answers are listed apart: see MathFailures.cut_off)
    return r.grade.get("failure_class") == "format_mismatch"


def _quality_speed(rs: list[TestResult]) -> list[QualitySpeed]:
    g: dict[str, list[TestResult]] = defaultdict(list)
    for r in rs:
        g[r.category].append(r)
    return [QualitySpeed(category=cat, rate=round(sum(1 for r in xs if r.status == "pass") / len(xs), 4),
                         median_ttft_ms=_med([r.ttft_ms for r in xs]), median_decode_tok_s=_med([r.decode_tok_s for r in xs]),
                         median_wall_s=_med([r.wall_s for r in xs]),
                         mean_completion_tokens=round(sum(r.completion_tokens or 0 for r in xs) / len(xs), 1))
            for cat in [c for c in CATEGORIES if c in g] + sorted(c for c in g if c not in CATEGORIES)
            for xs in [g[cat]]]


def _arms(rs: list[TestResult], a: str, b: str) -> ArmsComparison:
    by: dict[tuple[str, int], dict[str, TestResult]] = defaultdict(dict)
    for r in rs:
        by[(r.test_id, r.repeat)][r.arm] = r
    out = ArmsComparison(a=a, b=b)
    for (tid, _rep), d in sorted(by.items()):
        if a in d and b in d:
            pa, pb = d[a].status == "pass", d[b].status == "pass"
            if pa and not pb:
                out.pass_a_fail_b.append(tid)
            elif pb and not pa:
                out.pass_b_fail_a.append(tid)
    for arm in (a, b):
        xs = [r for r in rs if r.arm == arm]
        out.cost[arm] = ArmCost(passed=sum(1 for r in xs if r.status == "pass"), total=len(xs),
                                completion_tokens=sum(r.completion_tokens or 0 for r in xs),
                                reasoning_chars=sum(r.reasoning_chars for r in xs),
                                thinking_ignored=sum(1 for r in xs if "thinking_ignored" in r.flags), **arm_tokens(rs, arm))
    return out
