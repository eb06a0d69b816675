"""Pass counts of groups of results, the summary of a run, and the exported run document. Pure."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from stackeval.records.items import CATEGORIES, TIERS
from stackeval.records.report import PassAt1, Rate, ResultRow, RunDocument, RunSummary, TestCounts
from stackeval.records.run import RunInfo, TestResult
from stackeval.records.stack import StackProfile
from stackeval.report.stats import mean_interval, wilson

__all__ = ["EXPORT_FIELDS", "grouped_rates", "pass_at_1", "rate", "result_row", "run_document", "run_wall_s", "summarize"]


def rate(rs: Sequence[TestResult]) -> Rate:
    """Pass/fail/error/timeout counts and the Wilson 95% interval of the pass rate."""
    p = sum(1 for r in rs if r.status == "pass")
    w = wilson(p, len(rs))
    return Rate(passed=p, total=len(rs), rate=w.rate, low=round(w.low, 4), high=round(w.high, 4),
                failed=sum(1 for r in rs if r.status == "fail"), errors=sum(1 for r in rs if r.status == "error"),
                timeouts=sum(1 for r in rs if r.status == "timeout"))


def grouped_rates(rs: Sequence[TestResult], key: str, order: Sequence[str]) -> dict[str, Rate]:
    """``rate`` per value of ``key`` (category, tier, arm): known values in ``order`` first, then the rest sorted."""
    g: dict[str, list[TestResult]] = defaultdict(list)
    for r in rs:
        g[getattr(r, key)].append(r)
    return {k: rate(g[k]) for k in [k for k in order if k in g] + sorted(k for k in g if k not in order)}


def summarize(results: Sequence[TestResult], wall_s: float | None = None) -> RunSummary:
    arms = sorted({r.arm for r in results})
    return RunSummary(
        **rate(results).model_dump(),
        wall_s=round(wall_s, 3) if wall_s is not None else round(sum(r.wall_s for r in results), 3),
        by_category=grouped_rates(results, "category", CATEGORIES), by_tier=grouped_rates(results, "tier", TIERS),
        by_arm=grouped_rates(results, "arm", arms) if len(arms) > 1 else {},
    )


def run_wall_s(info: RunInfo) -> float | None:
    """Seconds from the run's start to its finish (None while it has not finished)."""
    if not info.finished_at:
        return None
    a = datetime.fromisoformat(info.started_at.replace("Z", "+00:00"))
    b = datetime.fromisoformat(info.finished_at.replace("Z", "+00:00"))
    return round((b - a).total_seconds(), 3)


EXPORT_FIELDS = tuple(ResultRow.model_fields)


def result_row(r: TestResult) -> ResultRow:
    return ResultRow.model_validate({k: getattr(r, k) for k in EXPORT_FIELDS})


def run_document(info: RunInfo, stack: StackProfile, results: Sequence[TestResult],
                 docs: dict[str, Any] | None = None) -> RunDocument:
    """The whole run as one document (``stackeval export``)."""
    return RunDocument(run=info, stack=stack, summary=summarize(results, run_wall_s(info)),
                       results=[result_row(r) for r in results], docs=dict(docs or {}))


def pass_at_1(results: Sequence[TestResult]) -> PassAt1:
    """Per-test pass counts over repeats; pass@1 = mean per-test pass rate, t 95% interval over tests
    (Wilson on the pooled count when every test ran once)."""
    g: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for r in results:
        g[(r.test_id, r.arm)].append(r.status == "pass")
    counts = [TestCounts(test_id=t, arm=a, passed=sum(v), n=len(v)) for (t, a), v in sorted(g.items())]
    if not counts:
        return PassAt1(tests=0, max_repeats=0, mean=None, low=None, high=None)
    rates = [c.passed / c.n for c in counts]
    maxn = max(c.n for c in counts)
    if maxn == 1:
        w = wilson(sum(c.passed for c in counts), len(counts))
        lo, hi, m = w.low, w.high, w.rate
    else:
        m, lo, hi = mean_interval(rates)
        if lo is None or hi is None:
            lo, hi = m, m
        lo, hi = max(0.0, lo), min(1.0, hi)
    return PassAt1(tests=len(counts), max_repeats=maxn, mean=round(m or 0.0, 4), low=round(lo, 4), high=round(hi, 4),
                   unstable=[c for c in counts if 0 < c.passed < c.n], counts=counts)
