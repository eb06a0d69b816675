"""Speculative-decoding statistics in vLLM semantics, from whatever an engine exposes.

From counter deltas over a window (vLLM ``vllm:spec_decode_*``, llama.cpp ``llamacpp:spec_decode_*``):
  acceptance_rate      = Δaccepted_tokens / Δdraft_tokens
  mean_accepted_length = 1 + Δaccepted_tokens / Δdrafts          (includes the bonus token)
  per_position[i]      = Δper_pos[i] / Δdrafts
Invariants checked (each broken one is listed in ``violations``): Σ per_pos = accepted;
per_pos non-increasing (acceptance is prefix-only); per_pos[i] <= drafts; accepted <= draft_tokens;
draft_tokens <= K · drafts; no counter reset inside the window.

Other sources: llama.cpp per-response ``timings.draft_n`` / ``draft_n_accepted`` summed over
requests (no step count, so no mean length); vLLM per-request ``speculative_decoding`` objects;
SGLang ``/get_server_info`` ``avg_spec_accept_length`` (cumulative since boot: flagged), SGLang
gauges (recent batches only) and SGLang per-request ``meta_info.spec_verify_ct``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from stackeval.records.perf import SpecCounters, SpecDecodeStats
from stackeval.records.request import ChatResult

__all__ = [
    "check_invariants",
    "from_counters",
    "from_llamacpp_timings",
    "from_vllm_requests",
    "vllm_request_spec_object",
    "from_sglang_server_info",
    "from_sglang_gauges",
    "from_sglang_counters",
    "from_sglang_meta",
]

_TOL = 0.5  # counters are integers; allow float noise only


def check_invariants(
    drafts: float | None,
    draft_tokens: float | None,
    accepted: float | None,
    per_pos: list[float],
    k: int | None = None,
) -> list[str]:
    v: list[str] = []
    for name, x in (("drafts", drafts), ("draft_tokens", draft_tokens), ("accepted_tokens", accepted)):
        if x is not None and x < 0:
            v.append(f"{name} is negative ({x:g})")
    if accepted is not None and draft_tokens is not None and accepted > draft_tokens + _TOL:
        v.append(f"accepted_tokens ({accepted:g}) > draft_tokens ({draft_tokens:g})")
    if k is not None and drafts is not None and draft_tokens is not None and draft_tokens > k * drafts + _TOL:
        v.append(f"draft_tokens ({draft_tokens:g}) > K*drafts ({k}*{drafts:g})")
    if per_pos:
        total = sum(per_pos)
        if accepted is not None and abs(total - accepted) > _TOL:
            v.append(f"sum(per_position) ({total:g}) != accepted_tokens ({accepted:g})")
        for i in range(1, len(per_pos)):
            if per_pos[i] > per_pos[i - 1] + _TOL:
                v.append(f"per_position not non-increasing at {i} ({per_pos[i - 1]:g} < {per_pos[i]:g})")
        if drafts is not None and per_pos[0] > drafts + _TOL:
            v.append(f"per_position[0] ({per_pos[0]:g}) > drafts ({drafts:g})")
        if k is not None and len(per_pos) > k:
            v.append(f"{len(per_pos)} positions for K={k}")
    return v


def _ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b <= 0:
        return None
    return a / b


def _stats(
    source: str,
    drafts: float | None,
    draft_tokens: float | None,
    accepted: float | None,
    per_pos_counts: list[float],
    *,
    k: int | None,
    requests: int | None = None,
    reset: bool = False,
    notes: list[str] | None = None,
) -> SpecDecodeStats:
    if k is None and per_pos_counts:
        k = len(per_pos_counts)
    violations = check_invariants(drafts, draft_tokens, accepted, per_pos_counts, k)
    if reset:
        violations.append("counter reset inside the window")
    rate_len = _ratio(accepted, drafts)
    per_pos = [c / drafts for c in per_pos_counts] if drafts else []
    return SpecDecodeStats(
        source=source,
        k=k,
        drafts=drafts,
        draft_tokens=draft_tokens,
        accepted_tokens=accepted,
        acceptance_rate=_ratio(accepted, draft_tokens),
        mean_accepted_length=1 + rate_len if rate_len is not None else None,
        per_position=per_pos,
        requests=requests,
        violations=violations,
        notes=notes or [],
    )


def from_counters(c: SpecCounters, *, source: str = "vllm_metrics", k: int | None = None) -> SpecDecodeStats:
    """From counter deltas (see ``stackeval.stack.prometheus.spec_counters``)."""
    notes = [] if c.drafts else ["no drafts in the window"]
    return _stats(
        source,
        c.drafts,
        c.draft_tokens,
        c.accepted_tokens,
        list(c.per_position),
        k=k,
        reset=c.counter_reset,
        notes=notes,
    )


def from_llamacpp_timings(timings: Iterable[Mapping[str, Any] | None]) -> SpecDecodeStats:
    """Sum ``draft_n`` / ``draft_n_accepted`` over llama.cpp responses (``ChatResult.server_timings``).
    llama.cpp does not report the number of verification steps per response: no mean length."""
    drafted = accepted = 0.0
    n = 0
    for t in timings:
        if not t or "draft_n" not in t:
            continue
        drafted += float(t.get("draft_n") or 0)
        accepted += float(t.get("draft_n_accepted") or 0)
        n += 1
    notes = ["per-response timings carry no step count: mean_accepted_length unknown"]
    if n == 0:
        notes.append("no response carried draft_n (speculation off?)")
        return SpecDecodeStats(source="llamacpp_timings", requests=0, notes=notes)
    st = _stats("llamacpp_timings", None, drafted, accepted, [], k=None, requests=n, notes=notes)
    return st


_VLLM_KEYS = ("speculative_decoding", "speculative_decoding_stats")


def vllm_request_spec_object(result: ChatResult) -> Mapping[str, Any] | None:
    """Find vLLM's per-request spec-decode object in ``ChatResult.extra``. Accepted shapes:
    ``extra["metrics"]["speculative_decoding"]`` (v0.32 top-level ``metrics``), ``extra[key]`` and
    ``extra["choices"][0][key]`` for key in speculative_decoding / speculative_decoding_stats."""
    ex = result.extra
    metrics = ex.get("metrics")
    if isinstance(metrics, Mapping) and isinstance(metrics.get("speculative_decoding"), Mapping):
        return metrics["speculative_decoding"]
    for key in _VLLM_KEYS:
        if isinstance(ex.get(key), Mapping):
            return ex[key]
    choices = ex.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], Mapping):
        for key in _VLLM_KEYS:
            if isinstance(choices[0].get(key), Mapping):
                return choices[0][key]
    return None


def _first(obj: Mapping[str, Any], *names: str) -> float | None:
    for n in names:
        if obj.get(n) is not None:
            return float(obj[n])
    return None


def _histogram(obj: Mapping[str, Any]) -> dict[int, float]:
    hist = obj.get("acceptance_histogram")
    if isinstance(hist, Mapping):
        return {int(a): float(c) for a, c in hist.items()}
    if isinstance(hist, list):  # vLLM 0.32: a dense list, index = draft tokens accepted in a step
        return {i: float(c) for i, c in enumerate(hist)}
    steps = obj.get("per_step_accepted")
    out: dict[int, float] = {}
    if isinstance(steps, list):
        for a in steps:
            out[int(a)] = out.get(int(a), 0.0) + 1
    return out


def from_vllm_requests(objs: Iterable[Mapping[str, Any] | None], *, k: int | None = None) -> SpecDecodeStats:
    """Sum vLLM per-request ``speculative_decoding`` objects. ``acceptance_histogram`` maps accepted
    draft tokens per step -> steps, so per_pos[i] = Σ_{a > i} hist[a]."""
    drafts = draft_tokens = accepted = 0.0
    hist: dict[int, float] = {}
    n = 0
    have_hist = True
    violations: list[str] = []
    for o in objs:
        if not o:
            continue
        n += 1
        d = _first(o, "num_spec_steps", "num_drafts") or 0.0
        drafts += d
        draft_tokens += _first(o, "num_draft_tokens") or 0.0
        accepted += _first(o, "num_accepted_draft_tokens", "num_accepted_tokens") or 0.0
        kk = _first(o, "num_spec_tokens", "num_speculative_tokens")
        if k is None and kk is not None:
            k = int(kk)
        h = _histogram(o)
        if not h:
            have_hist = False
        elif abs(sum(h.values()) - d) > _TOL:
            violations.append(
                f"request {n}: acceptance_histogram counts {sum(h.values()):g} steps, not {d:g}"
            )
        for a, c in h.items():
            hist[a] = hist.get(a, 0.0) + c
    if n == 0:
        return SpecDecodeStats(
            source="vllm_per_request", requests=0, notes=["no per-request spec-decode objects"]
        )
    per_pos: list[float] = []
    if have_hist and hist:
        width = k if k is not None else max(hist)
        per_pos = [sum(c for a, c in hist.items() if a > i) for i in range(width)]
    st = _stats("vllm_per_request", drafts, draft_tokens, accepted, per_pos, k=k, requests=n)
    st.violations.extend(violations)
    return st


def from_sglang_server_info(info: Mapping[str, Any]) -> SpecDecodeStats:
    """``avg_spec_accept_length`` from ``/get_server_info`` (mean over DP ranks). It is cumulative
    since the server booted, not limited to any window: flagged ``cumulative_since_boot``."""
    states = info.get("internal_states") or []
    vals = [
        float(s["avg_spec_accept_length"])
        for s in states
        if isinstance(s, Mapping) and s.get("avg_spec_accept_length") is not None
    ]
    steps = info.get("speculative_num_steps")
    notes = ["avg_spec_accept_length is cumulative since boot"]
    if info.get("speculative_algorithm") in (None, "", "None"):
        notes.append("speculative_algorithm not set")
    return SpecDecodeStats(
        source="sglang_server_info",
        k=int(steps) if isinstance(steps, int | float) else None,
        mean_accepted_length=sum(vals) / len(vals) if vals else None,
        notes=notes,
        cumulative_since_boot=True,
    )


def from_sglang_gauges(accept_length: float | None, accept_rate: float | None) -> SpecDecodeStats:
    """``sglang:spec_accept_length`` / ``sglang:spec_accept_rate``: recent batches, not a window."""
    return SpecDecodeStats(
        source="sglang_gauges",
        mean_accepted_length=accept_length,
        acceptance_rate=accept_rate,
        notes=["gauges describe the most recent batches, not the measured window"],
    )


def from_sglang_counters(generation_tokens: float | None, verify_calls: float | None) -> SpecDecodeStats:
    """Window deltas: mean length = Δgeneration_tokens / Δspec_verify_calls (each verify step emits
    its accepted tokens plus one)."""
    length = _ratio(generation_tokens, verify_calls)
    accepted = None
    if generation_tokens is not None and verify_calls is not None and length is not None:
        accepted = generation_tokens - verify_calls
    return SpecDecodeStats(
        source="sglang_counters",
        drafts=verify_calls,
        accepted_tokens=accepted,
        mean_accepted_length=length,
        notes=["generation_tokens also counts tokens produced without a verify step (first tokens)"],
    )


def from_sglang_meta(metas: Iterable[Mapping[str, Any] | None], *, k: int | None = None) -> SpecDecodeStats:
    """Per-request ``meta_info``: steps = spec_verify_ct, accepted = completion_tokens - steps.
    With K (draft tokens per step) given, draft_tokens = K · steps."""
    steps = tokens = 0.0
    n = 0
    for m in metas:
        if not m or m.get("spec_verify_ct") is None:
            continue
        steps += float(m["spec_verify_ct"])
        tokens += float(m.get("completion_tokens") or 0)
        n += 1
    if n == 0:
        return SpecDecodeStats(source="sglang_meta", requests=0, notes=["no meta_info with spec_verify_ct"])
    accepted = tokens - steps
    return _stats("sglang_meta", steps, k * steps if k else None, accepted, [], k=k, requests=n)
