"""The suite report: a structured, pure view of one run, and its Markdown rendering.

Sections: headline, per-capability table with Wilson 95% intervals, difficulty gradient, coding failure
modes per test, math failures split into format mismatch and wrong answer, instruction constraints
failed, slowest and most token-hungry tests, quality and speed side by side per category, and for runs
with two thinking arms the per-test flips and the token cost per arm.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from statistics import median
from typing import Any

from stackeval.perf.stats import wilson
from stackeval.records.items import CATEGORIES, TIERS
from stackeval.records.run import RunInfo, TestResult
from stackeval.records.stack import StackProfile


def _group(rs: list[TestResult], key: str, order: tuple[str, ...]) -> list[dict[str, Any]]:
    g: dict[str, list[TestResult]] = defaultdict(list)
    for r in rs:
        g[getattr(r, key)].append(r)
    rows = []
    for k in [k for k in order if k in g] + sorted(k for k in g if k not in order):
        xs = g[k]
        p = sum(1 for r in xs if r.status == "pass")
        w = wilson(p, len(xs))
        rows.append({
            key: k, "passed": p, "total": len(xs), "rate": w.rate, "ci95": [round(w.low, 4), round(w.high, 4)],
            "failed": sum(1 for r in xs if r.status == "fail"),
            "errors": sum(1 for r in xs if r.status == "error"),
            "timeouts": sum(1 for r in xs if r.status == "timeout"),
        })
    return rows


def _med(xs: list[float | int | None]) -> float | None:
    v = [float(x) for x in xs if x is not None]
    return round(median(v), 2) if v else None


def build_report(info: RunInfo, stack: StackProfile, results: list[TestResult], top: int = 5) -> dict[str, Any]:
    rs = list(results)
    n = len(rs)
    passed = sum(1 for r in rs if r.status == "pass")
    w = wilson(passed, n)
    fails = [r for r in rs if r.status == "fail"]
    rep: dict[str, Any] = {
        "headline": {
            "run_id": info.id, "profile": info.profile, "model": info.model, "endpoint": info.endpoint,
            "engine": stack.engine, "engine_version": stack.engine_version, "passed": passed, "total": n,
            "rate": w.rate, "ci95": [round(w.low, 4), round(w.high, 4)],
            "errors": sum(1 for r in rs if r.status == "error"), "timeouts": sum(1 for r in rs if r.status == "timeout"),
            "tests_wall_s": round(sum(r.wall_s for r in rs), 2), "run_wall_s": _run_wall(info), "started_at": info.started_at, "finished_at": info.finished_at,
            "status": info.status, "suite_hash": info.suite_hash,
        },
        "by_category": _group(rs, "category", CATEGORIES),
        "by_tier": _group(rs, "tier", TIERS),
        "coding_failures": [
            {"test_id": r.test_id, "arm": r.arm, "failure_class": r.failure_class, "detail": r.detail[:200]}
            for r in fails if r.category == "coding"
        ],
        "math_failures": {
            "format_mismatch": sorted(r.test_id for r in fails if r.category == "math" and _is_format(r)),
            "wrong_answer": sorted(r.test_id for r in fails if r.category == "math" and not _is_format(r)),
        },
        "failure_classes": dict(Counter(r.failure_class for r in rs if r.status != "pass").most_common()),
        "flags": dict(Counter(f for r in rs for f in r.flags if not f.startswith("attempts:")).most_common()),
        "slowest": [{"test_id": r.test_id, "wall_s": r.wall_s, "status": r.status}
                    for r in sorted(rs, key=lambda r: -r.wall_s)[:top]],
        "most_tokens": [{"test_id": r.test_id, "completion_tokens": r.completion_tokens, "status": r.status}
                        for r in sorted(rs, key=lambda r: -(r.completion_tokens or 0))[:top]],
        "quality_speed": _quality_speed(rs),
    }
    arms = sorted({r.arm for r in rs})
    if len(arms) == 2:
        rep["arms"] = _arms(rs, arms[0], arms[1])
    return rep


def _run_wall(info: RunInfo) -> float | None:
    from datetime import datetime

    if not info.finished_at:
        return None
    a = datetime.fromisoformat(info.started_at.replace("Z", "+00:00"))
    b = datetime.fromisoformat(info.finished_at.replace("Z", "+00:00"))
    return round((b - a).total_seconds(), 2)


def _is_format(r: TestResult) -> bool:
    if r.failure_class == "format_mismatch":
        return True
    # a truncated answer whose grader still saw the right value counts as a format problem too
    return r.grade.get("failure_class") == "format_mismatch"


def _quality_speed(rs: list[TestResult]) -> list[dict[str, Any]]:
    g: dict[str, list[TestResult]] = defaultdict(list)
    for r in rs:
        g[r.category].append(r)
    out = []
    for cat in [c for c in CATEGORIES if c in g] + sorted(c for c in g if c not in CATEGORIES):
        xs = g[cat]
        out.append({
            "category": cat, "rate": round(sum(1 for r in xs if r.status == "pass") / len(xs), 4),
            "median_ttft_ms": _med([r.ttft_ms for r in xs]), "median_decode_tok_s": _med([r.decode_tok_s for r in xs]),
            "median_wall_s": _med([r.wall_s for r in xs]), "mean_completion_tokens":
                round(sum(r.completion_tokens or 0 for r in xs) / len(xs), 1),
        })
    return out


def _arms(rs: list[TestResult], a: str, b: str) -> dict[str, Any]:
    by: dict[tuple[str, int], dict[str, TestResult]] = defaultdict(dict)
    for r in rs:
        by[(r.test_id, r.repeat)][r.arm] = r
    flips_ab, flips_ba = [], []
    for (tid, _rep), d in sorted(by.items()):
        if a in d and b in d:
            pa, pb = d[a].status == "pass", d[b].status == "pass"
            if pa and not pb:
                flips_ab.append(tid)
            elif pb and not pa:
                flips_ba.append(tid)
    cost = {}
    for arm in (a, b):
        xs = [r for r in rs if r.arm == arm]
        cost[arm] = {"passed": sum(1 for r in xs if r.status == "pass"), "total": len(xs),
                     "completion_tokens": sum(r.completion_tokens or 0 for r in xs),
                     "reasoning_chars": sum(r.reasoning_chars for r in xs),
                     "thinking_ignored": sum(1 for r in xs if "thinking_ignored" in r.flags)}
    return {"arms": [a, b], f"pass_{a}_fail_{b}": flips_ab, f"pass_{b}_fail_{a}": flips_ba, "cost": cost}


# ------------------------------------------------------------------------------------------ Markdown


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _ci(c: list[float]) -> str:
    return f"{100 * c[0]:.0f}–{100 * c[1]:.0f}%"


def _table(headers: list[str], rows: list[list[Any]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join("–" if v is None else str(v) for v in row) + " |" for row in rows]
    return out


def render_markdown(rep: dict[str, Any]) -> str:
    h = rep["headline"]
    L = [f"# stackeval report: {h['profile']} on {h['model']}", ""]
    L.append(f"**{h['passed']}/{h['total']} passed ({_pct(h['rate'])}, 95% CI {_ci(h['ci95'])})** · "
             f"errors {h['errors']} · timeouts {h['timeouts']} · run wall {h['run_wall_s']} s "
             f"(tests {h['tests_wall_s']} s summed)")
    L.append(f"engine {h['engine']} {h['engine_version'] or ''} · endpoint {h['endpoint']} · run `{h['run_id']}` "
             f"({h['status']}) · suite hash `{h['suite_hash']}`")
    for key, title in (("by_category", "Per capability"), ("by_tier", "Difficulty gradient")):
        L += ["", f"## {title}", ""]
        name = "category" if key == "by_category" else "tier"
        L += _table([name, "pass", "total", "rate", "95% CI", "fail", "error", "timeout"],
                    [[r[name], r["passed"], r["total"], _pct(r["rate"]), _ci(r["ci95"]), r["failed"], r["errors"], r["timeouts"]]
                     for r in rep[key]])
    L += ["", "## Coding failure modes", ""]
    L += (_table(["test", "class", "detail"], [[c["test_id"], c["failure_class"], c["detail"].replace("|", "\\|").replace("\n", " ")[:120]]
                                                for c in rep["coding_failures"]]) if rep["coding_failures"] else ["none"])
    mf = rep["math_failures"]
    L += ["", "## Math failures", "",
          f"- format mismatch (right value, wrong format): {len(mf['format_mismatch'])} {', '.join(mf['format_mismatch'])}",
          f"- wrong answer: {len(mf['wrong_answer'])} {', '.join(mf['wrong_answer'])}"]
    if rep["failure_classes"]:
        L += ["", "## Failure classes", ""]
        L += _table(["class", "count"], [[k, v] for k, v in rep["failure_classes"].items()])
    if rep["flags"]:
        L += ["", "Flags: " + ", ".join(f"{k} ×{v}" for k, v in rep["flags"].items())]
    L += ["", "## Slowest tests", ""]
    L += _table(["test", "wall s", "status"], [[r["test_id"], r["wall_s"], r["status"]] for r in rep["slowest"]])
    L += ["", "## Most token-hungry tests", ""]
    L += _table(["test", "completion tokens", "status"], [[r["test_id"], r["completion_tokens"], r["status"]] for r in rep["most_tokens"]])
    L += ["", "## Quality and speed per category", ""]
    L += _table(["category", "pass rate", "median TTFT ms", "median decode tok/s", "median wall s", "mean completion tokens"],
                [[q["category"], _pct(q["rate"]), q["median_ttft_ms"], q["median_decode_tok_s"], q["median_wall_s"],
                  q["mean_completion_tokens"]] for q in rep["quality_speed"]])
    if "arms" in rep:
        a, b = rep["arms"]["arms"]
        L += ["", f"## Thinking arms: {a} vs {b}", ""]
        L += _table(["arm", "passed", "total", "completion tokens", "reasoning chars", "thinking ignored"],
                    [[arm, c["passed"], c["total"], c["completion_tokens"], c["reasoning_chars"], c["thinking_ignored"]]
                     for arm, c in rep["arms"]["cost"].items()])
        for k in (f"pass_{a}_fail_{b}", f"pass_{b}_fail_{a}"):
            L.append(f"- {k.replace('_', ' ')}: {', '.join(rep['arms'][k]) or 'none'}")
    return "\n".join(L) + "\n"
