"""Summaries of a suite run. Pure."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from stackeval.records.items import CATEGORIES, TIERS
from stackeval.records.run import RunInfo, TestResult
from stackeval.records.stack import StackProfile


def _counts(rs: list[TestResult]) -> dict[str, Any]:
    n = len(rs)
    p = sum(1 for r in rs if r.status == "pass")
    return {
        "passed": p, "total": n, "failed": sum(1 for r in rs if r.status == "fail"),
        "errors": sum(1 for r in rs if r.status == "error"), "timeouts": sum(1 for r in rs if r.status == "timeout"),
        "rate": round(p / n, 4) if n else None,
    }


def _grouped(rs: list[TestResult], key: str, order: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    g: dict[str, list[TestResult]] = defaultdict(list)
    for r in rs:
        g[getattr(r, key)].append(r)
    keys = [k for k in order if k in g] + sorted(k for k in g if k not in order)
    return {k: _counts(g[k]) for k in keys}


def summarize(results: list[TestResult], wall_s: float | None = None) -> dict[str, Any]:
    s = _counts(results)
    s["wall_s"] = round(wall_s, 3) if wall_s is not None else round(sum(r.wall_s for r in results), 3)
    s["by_category"] = _grouped(results, "category", CATEGORIES)
    s["by_tier"] = _grouped(results, "tier", TIERS)
    arms = sorted({r.arm for r in results})
    if len(arms) > 1:
        s["by_arm"] = _grouped(results, "arm", tuple(arms))
    return s


EXPORT_FIELDS = ("test_id", "category", "tier", "arm", "repeat", "attempt", "status", "failure_class", "flags",
                 "wall_s", "ttft_ms", "decode_tok_s", "prompt_tokens", "completion_tokens", "finish_reason", "detail")


def result_row(r: TestResult) -> dict[str, Any]:
    return {k: getattr(r, k) for k in EXPORT_FIELDS}


def run_document(info: RunInfo, stack: StackProfile, results: list[TestResult], docs: dict[str, Any] | None = None) -> dict[str, Any]:
    from datetime import datetime

    wall = None
    if info.finished_at:
        wall = (datetime.fromisoformat(info.finished_at.replace("Z", "+00:00"))
                - datetime.fromisoformat(info.started_at.replace("Z", "+00:00"))).total_seconds()
    doc: dict[str, Any] = {
        "schema_version": 1,
        "run": {
            "id": info.id, "kind": info.kind, "status": info.status, "started_at": info.started_at,
            "finished_at": info.finished_at, "profile": info.profile, "suite_hash": info.suite_hash,
            "stackeval_version": info.stackeval_version, "git_rev": info.git_rev, "model": info.model,
            "endpoint": info.endpoint, "spec": info.spec.model_dump(),
        },
        "stack": stack.model_dump(),
        "summary": summarize(results, wall),
        "results": [result_row(r) for r in results],
    }
    if docs:
        doc.update(docs)
    return doc
