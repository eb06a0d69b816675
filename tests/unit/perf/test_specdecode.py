import json
from pathlib import Path

import pytest

from stackeval.perf import specdecode as sd
from stackeval.records.perf import SpecCounters
from stackeval.records.request import ChatResult, RequestTimings

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "metrics"


def test_worked_vllm_k15_example():
    # observed `vllm bench serve` output (server-formats.md 1.3): K=15
    c = SpecCounters(drafts=54713, draft_tokens=820695, accepted_tokens=154753)
    st = sd.from_counters(c, k=15)
    assert round(st.acceptance_rate * 100, 2) == 18.86
    assert round(st.mean_accepted_length, 2) == 3.83
    assert st.mean_accepted_length == pytest.approx(1 + 154753 / 54713)
    assert st.violations == [] and st.k == 15 and st.source == "vllm_metrics"
    assert not st.cumulative_since_boot


def test_per_position_rates_and_k_inferred():
    c = SpecCounters(drafts=100, draft_tokens=300, accepted_tokens=150, per_position=[80, 50, 20])
    st = sd.from_counters(c)
    assert st.k == 3
    assert st.per_position == pytest.approx([0.8, 0.5, 0.2])
    assert st.acceptance_rate == pytest.approx(0.5) and st.mean_accepted_length == pytest.approx(2.5)
    assert st.violations == []


@pytest.mark.parametrize(
    ("counters", "k", "needle"),
    [
        (
            SpecCounters(drafts=100, draft_tokens=300, accepted_tokens=150, per_position=[80, 50, 10]),
            None,
            "sum(per_position)",
        ),
        (
            SpecCounters(drafts=100, draft_tokens=300, accepted_tokens=150, per_position=[50, 80, 20]),
            None,
            "non-increasing",
        ),
        (SpecCounters(drafts=100, draft_tokens=400, accepted_tokens=150), 3, "K*drafts"),
        (SpecCounters(drafts=100, draft_tokens=100, accepted_tokens=150), None, "> draft_tokens"),
        (
            SpecCounters(drafts=10, draft_tokens=30, accepted_tokens=20, per_position=[12, 8]),
            None,
            "per_position[0]",
        ),
        (
            SpecCounters(drafts=10, draft_tokens=30, accepted_tokens=3, per_position=[3], counter_reset=True),
            None,
            "reset",
        ),
    ],
)
def test_invariant_violations_are_flagged(counters, k, needle):
    st = sd.from_counters(counters, k=k)
    assert any(needle in v for v in st.violations), st.violations


def test_no_drafts_gives_no_rates():
    st = sd.from_counters(SpecCounters(drafts=0, draft_tokens=0, accepted_tokens=0))
    assert st.acceptance_rate is None and st.mean_accepted_length is None and st.per_position == []
    assert st.violations == [] and st.notes


def test_llamacpp_timings_real_response_summed():
    real = json.loads((FIXTURES / "llamacpp-ngram-mod-response.json").read_text())["timings"]
    st = sd.from_llamacpp_timings([real, {"draft_n": 36, "draft_n_accepted": 9}, None, {"predicted_n": 5}])
    assert st.requests == 2
    assert st.draft_tokens == 100 and st.accepted_tokens == 51
    assert st.acceptance_rate == pytest.approx(0.51)
    assert st.mean_accepted_length is None and st.source == "llamacpp_timings"
    single = sd.from_llamacpp_timings([real])
    assert single.acceptance_rate == pytest.approx(42 / 64)


def test_llamacpp_timings_without_speculation():
    st = sd.from_llamacpp_timings([{"predicted_n": 10}, None])
    assert st.requests == 0 and st.acceptance_rate is None


def _result(extra):
    return ChatResult(ok=True, timings=RequestTimings(scheduled_ns=0), extra=extra)


def test_vllm_per_request_objects():
    a = {
        "mean_acceptance_length": 1.5,
        "draft_acceptance_rate": 0.1667,
        "num_spec_steps": 4,
        "num_draft_tokens": 12,
        "num_accepted_draft_tokens": 2,
        "num_spec_tokens": 3,
        "acceptance_histogram": {"0": 3, "2": 1},
    }
    b = {
        "num_spec_steps": 2,
        "num_draft_tokens": 6,
        "num_accepted_draft_tokens": 4,
        "num_spec_tokens": 3,
        "acceptance_histogram": {"1": 1, "3": 1},
    }
    objs = [
        sd.vllm_request_spec_object(_result({"metrics": {"speculative_decoding": a}})),
        sd.vllm_request_spec_object(_result({"speculative_decoding_stats": b})),
        sd.vllm_request_spec_object(_result({})),
    ]
    assert objs[2] is None
    st = sd.from_vllm_requests(objs)
    assert st.requests == 2 and st.k == 3
    assert (st.drafts, st.draft_tokens, st.accepted_tokens) == (6, 18, 6)
    assert st.acceptance_rate == pytest.approx(6 / 18) and st.mean_accepted_length == pytest.approx(2.0)
    # histogram {0:3, 1:1, 2:1, 3:1}: pos0 accepted in 3 steps, pos1 in 2, pos2 in 1
    assert st.per_position == pytest.approx([3 / 6, 2 / 6, 1 / 6])
    assert st.violations == []


def test_vllm_per_request_histogram_mismatch_flagged():
    o = {
        "num_spec_steps": 5,
        "num_draft_tokens": 15,
        "num_accepted_draft_tokens": 2,
        "acceptance_histogram": {"1": 2},
    }
    st = sd.from_vllm_requests([o], k=3)
    assert any("acceptance_histogram" in v for v in st.violations)


def test_sglang_server_info_is_cumulative():
    info = {
        "speculative_algorithm": "EAGLE3",
        "speculative_num_steps": 3,
        "internal_states": [{"avg_spec_accept_length": 3.4}, {"avg_spec_accept_length": 3.6}],
    }
    st = sd.from_sglang_server_info(info)
    assert st.cumulative_since_boot and st.mean_accepted_length == pytest.approx(3.5) and st.k == 3
    none = sd.from_sglang_server_info({"internal_states": [{"avg_spec_accept_length": None}]})
    assert none.mean_accepted_length is None and none.cumulative_since_boot


def test_sglang_gauges_counters_and_meta():
    g = sd.from_sglang_gauges(2.5, 0.5)
    assert g.mean_accepted_length == 2.5 and g.acceptance_rate == 0.5 and g.notes
    c = sd.from_sglang_counters(generation_tokens=900, verify_calls=300)
    assert c.mean_accepted_length == pytest.approx(3.0) and c.accepted_tokens == 600
    assert sd.from_sglang_counters(None, 0).mean_accepted_length is None
    m = sd.from_sglang_meta(
        [
            {"completion_tokens": 100, "spec_verify_ct": 40},
            {"completion_tokens": 50, "spec_verify_ct": 20},
            {},
        ],
        k=3,
    )
    assert m.requests == 2 and m.drafts == 60 and m.accepted_tokens == 90
    assert m.mean_accepted_length == pytest.approx(2.5) and m.acceptance_rate == pytest.approx(90 / 180)
