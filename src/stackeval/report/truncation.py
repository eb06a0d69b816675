"""Token budgets in the report. Pure.

- the resolved budget of a run, as header lines and as comparable variables (``budget_variables``, shown by
  ``compare`` among the variables that differ);
- how many results were cut off, per class, and the headline warning naming the flag to rerun with;
- whether the difficulty gradient is inverted (harder tiers passing more often, the mark of small-budget
  items being cut off);
- per test, whether thinking helped, hurt or only ran out of budget (``--thinking both``);
- cluster-robust intervals: with repeats or several arms, the results of one test are one cluster.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from stackeval.records.budget_report import ArmEffect, TruncationSection
from stackeval.records.items import TIERS
from stackeval.records.report import Rate
from stackeval.records.run import (
    BUDGET_CLASSES,
    CUT_OFF_CLASSES,
    REASONING_EXHAUSTED,
    RunSpec,
    TestResult,
)

__all__ = ["WARN_FRACTION", "arm_effects", "budget_lines", "budget_variables", "cluster_rate", "clustered",
           "gradient_note", "interval_method", "is_cut_off", "truncation_section", "with_cluster_intervals"]

WARN_FRACTION = 0.03  # warn in the headline when more than this share of results was cut off
Z = 1.96
CLASS_LABEL = {
    "reasoning_exhausted": "ran out while reasoning (no answer)",
    "truncated": "answer cut (finish_reason=length)",
    "empty_answer": "stopped with an empty answer",
}


def is_cut_off(r: TestResult) -> bool:
    return r.status == "fail" and r.failure_class in CUT_OFF_CLASSES


# ------------------------------------------------------------------------------------------ budgets


def budget_lines(spec: RunSpec, results: Sequence[TestResult] = ()) -> list[str]:
    """The resolved budget of a run, for the report header."""
    b = spec.budget
    if not b:
        cap = f"; capped at {spec.max_tokens_cap} (--max-tokens-cap)" if spec.max_tokens_cap else ""
        return [f"budgets: per item max_tokens{cap}; no reasoning allowance (run made before budgets were resolved)"]
    lines = []
    if b.get("max_tokens_override") is not None:
        lines.append(f"budget: a fixed max_tokens {b['max_tokens_override']} for every request (--max-tokens); "
                     "reasoning and answer share it")
    else:
        cap = f", capped at {b['max_tokens_cap']} (--max-tokens-cap)" if b.get("max_tokens_cap") else ""
        ctx = f", clamped to max_model_len {b['max_model_len']} minus the prompt" if b.get("max_model_len") else ""
        lines.append(f"budget: answer = each item's max_tokens; reasoning allowance {b.get('reasoning_allowance')} tokens "
                     f"({b.get('allowance_source')}){cap}{ctx}")
        learned = next((r.test_id for r in results if "reasoning_learned_here" in r.flags), None)
        if b.get("reasoning_model"):
            why = b.get("reasoning_evidence", "")
        elif learned:
            why = f"learned from the response to {learned} (it carried reasoning)"
        else:
            why = "no reasoning seen in the default arm, so it got no allowance"
        lines.append(f"reasoning model (default arm): {why}; the on arm always gets the allowance, the off arm never")
        if b.get("native_note"):
            sent = ", ".join(b.get("native_fields") or {}) or "none"
            lines.append(f"native thinking budget: {sent}; {b['native_note']}")
    resent = sum(1 for r in results if "budget_resent" in r.flags)
    if resent:
        lines.append(f"{resent} answers were re-sent with the allowance after the run learned the model reasons")
    return lines


def budget_variables(spec: RunSpec) -> dict[str, Any]:
    """The budget keys ``compare`` lists among the variables that differ between runs."""
    b = spec.budget
    return {
        "budget.max_tokens": spec.max_tokens, "budget.max_tokens_cap": spec.max_tokens_cap,
        "budget.reasoning_allowance": b.get("reasoning_allowance") if b else None,
        "budget.native_fields": ",".join(sorted(b.get("native_fields") or {})) or None if b else None,
        "run.thinking": spec.thinking,
    }


# ------------------------------------------------------------------------------------------ warning


def _suggest(spec: RunSpec | None, results: Sequence[TestResult], counts: Counter[str]) -> str:
    b = spec.budget if spec else {}
    mml = b.get("max_model_len") if b else None
    if spec is not None and spec.max_tokens is not None:
        return f"--max-tokens {2 * spec.max_tokens}"
    if spec is not None and spec.max_tokens_cap is not None:
        return "a larger --max-tokens-cap, or none (it caps reasoning and answer together)"
    allowance = (b or {}).get("reasoning_allowance") or 0
    cut_rs = [r for r in results if is_cut_off(r)]
    # requests whose allowance the served context cut below the planned one
    ctx = (f" and serve a longer context (max_model_len {mml} bounded {n_ctx} of these requests)"
           if mml and (n_ctx := sum(1 for r in cut_rs if 0 < r.reasoning_allowance < allowance)) else "")
    if counts[REASONING_EXHAUSTED] >= counts["truncated"]:
        seen = max((r.reasoning_tokens or 0 for r in cut_rs), default=0)
        return f"--reasoning-budget {max(2 * allowance, 2 * seen, 4096)}{ctx}"
    cut = [r.max_tokens for r in cut_rs if r.failure_class == "truncated" and r.max_tokens]
    return (f"--max-tokens {2 * max(cut)}" if cut else "--max-tokens N") + ctx


def truncation_section(spec: RunSpec | None, results: Sequence[TestResult], by_tier: dict[str, Rate] | None = None,
                       interval: str = "") -> TruncationSection:
    counts: Counter[str] = Counter(r.failure_class for r in results if r.status == "fail" and r.failure_class in BUDGET_CLASSES)
    cut = sum(counts[c] for c in CUT_OFF_CLASSES)
    sec = TruncationSection(budget=budget_lines(spec, results) if spec else [],
                            counts={c: counts[c] for c in BUDGET_CLASSES if counts[c]}, cut_off=cut,
                            total=len(results), interval=interval)
    if results and cut / len(results) > WARN_FRACTION:
        flag = _suggest(spec, results, counts)
        per = "; ".join(f"{CLASS_LABEL[c]} {counts[c]}" for c in BUDGET_CLASSES if counts[c])
        sec.rerun_flag = flag
        sec.warning = (f"{cut} of {len(results)} results ({100 * cut / len(results):.0f}%) were cut off by the token budget, "
                       f"so the pass rate understates the model: {per}. Rerun with {flag}.")
    sec.gradient = gradient_note(by_tier or {}, cut)
    return sec


def gradient_note(by_tier: dict[str, Rate], cut_off: int = 0) -> str | None:
    """A sentence when harder tiers pass more often than easier ones (core, the smoke tier, left out)."""
    tiers = [(t, r) for t in TIERS if t != "core" and (r := by_tier.get(t)) is not None and r.total >= 3 and r.rate is not None]
    if len(tiers) < 3:
        return None
    n = len(tiers)
    lo, hi = tiers[: n // 2], tiers[n - n // 2:]

    def pooled(xs: list[tuple[str, Rate]]) -> float:
        return sum(r.passed for _, r in xs) / max(1, sum(r.total for _, r in xs))

    easy, hard = pooled(lo), pooled(hi)
    if hard <= easy + 0.10:
        return None
    why = (" Cut-off answers are the usual cause: the easy items have the smallest token budgets."
           if cut_off else "")
    return (f"The difficulty gradient is inverted: the harder tiers pass more often ({', '.join(t for t, _ in hi)} "
            f"{100 * hard:.0f}%) than the easier ones ({', '.join(t for t, _ in lo)} {100 * easy:.0f}%).{why}")


# ------------------------------------------------------------------------------------------ arms


def arm_effects(results: Sequence[TestResult], off: str = "off", on: str = "on") -> list[ArmEffect]:
    """Per test (and repeat): did thinking help, hurt, or only run out of budget?"""
    by: dict[tuple[str, int], dict[str, TestResult]] = defaultdict(dict)
    for r in results:
        by[(r.test_id, r.repeat)][r.arm] = r
    out: list[ArmEffect] = []
    for (tid, rep), d in sorted(by.items()):
        a, b = d.get(off), d.get(on)
        if a is None or b is None:
            continue
        if is_cut_off(b):
            effect = "ran_out"
        elif b.status == "pass" and a.status != "pass":
            effect = "helped"
        elif a.status == "pass" and b.status != "pass":
            effect = "hurt"
        else:
            continue
        out.append(ArmEffect(test_id=tid, repeat=rep, effect=effect, on_class=b.failure_class,  # type: ignore[arg-type]
                             on_reasoning_tokens=b.reasoning_tokens))
    return out


def arm_tokens(results: Sequence[TestResult], arm: str) -> dict[str, int]:
    xs = [r for r in results if r.arm == arm]
    return {"reasoning_tokens": sum(r.reasoning_tokens or 0 for r in xs),
            "answer_tokens": sum(r.answer_tokens if r.answer_tokens is not None else (r.completion_tokens or 0) for r in xs),
            "cut_off": sum(1 for r in xs if is_cut_off(r))}


# ------------------------------------------------------------------------------------------ intervals


def _wilson(p: float, n: float, z: float = Z) -> tuple[float, float]:
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n))) / denom
    return max(0.0, center - half), min(1.0, center + half)


def cluster_rate(results: Sequence[TestResult]) -> tuple[float | None, float, float, float]:
    """(rate, low, high, effective n): the Wilson score interval at the cluster-effective sample size.

    Clusters are tests (all results of one test id: its repeats and arms). With pass counts y_i of n_i
    results per test, p = sum(y)/N and the cluster-robust variance of p is
    G/(G-1) * sum((y_i - p n_i)^2) / N^2; the effective n is p(1-p) divided by it (at most N). When every
    test has one result this is the plain Wilson interval; when p is 0 or 1 the effective n is G."""
    g: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        c = g[r.test_id]
        c[0] += r.status == "pass"
        c[1] += 1
    n = sum(c[1] for c in g.values())
    if n == 0:
        return None, 0.0, 1.0, 0.0
    p = sum(c[0] for c in g.values()) / n
    k = len(g)
    if max(c[1] for c in g.values()) == 1:
        n_eff = float(n)
    elif p in (0.0, 1.0) or k < 2:
        n_eff = float(k)
    else:
        v = k / (k - 1) * sum((y - p * m) ** 2 for y, m in g.values()) / (n * n)
        n_eff = min(float(n), p * (1 - p) / v) if v > 0 else float(n)
    lo, hi = _wilson(p, n_eff)
    return p, lo, hi, n_eff


def with_cluster_intervals(rate: Rate, results: Sequence[TestResult]) -> Rate:
    """``rate`` with its interval recomputed treating the results of one test as one cluster, and its
    cut-off count."""
    _p, lo, hi, _ = cluster_rate(results)
    return rate.model_copy(update={"low": round(lo, 4), "high": round(hi, 4),
                                   "cut_off": sum(1 for r in results if is_cut_off(r))})


def clustered(rates: dict[str, Rate], results: Sequence[TestResult], key: str) -> dict[str, Rate]:
    """``with_cluster_intervals`` for each group of ``rates`` (grouped by ``key``: category, tier)."""
    g: dict[str, list[TestResult]] = defaultdict(list)
    for r in results:
        g[getattr(r, key)].append(r)
    return {k: with_cluster_intervals(v, g[k]) for k, v in rates.items()}


def interval_method(results: Sequence[TestResult]) -> str:
    tests = len({r.test_id for r in results})
    if tests == len(results):
        return "95% intervals: Wilson score (one result per test)."
    _p, _lo, _hi, n_eff = cluster_rate(results)
    return (f"95% intervals: Wilson score at the cluster-effective sample size; the {len(results)} results of "
            f"{tests} tests (repeats and arms) are clustered by test, with a cluster-robust variance "
            f"(overall effective n {n_eff:.0f}).")
