"""Real vLLM 0.32 (CPU build) with n-gram speculation, K=3: /metrics before and after a window of requests,
and the per-request `metrics.speculative_decoding` objects of that window (captured from a real server)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stackeval.perf.specdecode import from_counters, from_vllm_requests
from stackeval.stack.prometheus import diff, engine_metrics, parse_metrics

FIX = Path(__file__).parents[2] / "fixtures" / "vllm"


def test_counter_window_and_per_request_objects_agree() -> None:
    before = parse_metrics((FIX / "metrics-ngram-k3-before.txt").read_text())
    after = parse_metrics((FIX / "metrics-ngram-k3-after.txt").read_text())
    em = engine_metrics(diff(before, after), "vllm")
    assert em is not None and em.spec is not None
    # hand-computed from the two expositions: drafts 407-338, draft tokens 1215-1008, accepted 867-690
    assert (em.spec.drafts, em.spec.draft_tokens, em.spec.accepted_tokens) == (69, 207, 177)
    assert em.spec.per_position == [59, 59, 59]
    stats = from_counters(em.spec, source="vllm_metrics", k=3)
    assert stats.acceptance_rate == pytest.approx(177 / 207)
    assert stats.mean_accepted_length == pytest.approx(1 + 177 / 69)
    assert stats.per_position == pytest.approx([59 / 69] * 3)
    assert stats.violations == []
    objs = [r["extra"]["metrics"]["speculative_decoding"] for r in json.loads((FIX / "ngram-k3-window-responses.json").read_text())]
    per_req = from_vllm_requests(objs, k=3)
    assert (per_req.drafts, per_req.draft_tokens, per_req.accepted_tokens) == (69, 207, 177)
    assert per_req.acceptance_rate == pytest.approx(stats.acceptance_rate)
    # vLLM 0.32 sends acceptance_histogram as a dense list; per-position rates must come out of it
    assert per_req.per_position == pytest.approx(stats.per_position)
