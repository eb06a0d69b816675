import pytest

from stackeval.perf.levels import summarize_level
from stackeval.records.request import ErrorClass, RequestError

S = 1_000_000_000


@pytest.fixture
def level(make_result):
    ok1 = make_result(sent_ms=0, deltas_ms=[100, 110, 120, 130], end_ms=131, completion_tokens=4)
    ok2 = make_result(sent_ms=50, deltas_ms=[250, 270, 290, 310], end_ms=312, completion_tokens=8)
    short = make_result(
        sent_ms=100, deltas_ms=[150, 160], end_ms=161, completion_tokens=2, finish_reason="stop"
    )
    e503 = make_result(sent_ms=0, error=RequestError(cls=ErrorClass.HTTP, message="", status=503))
    e503b = make_result(sent_ms=0, error=RequestError(cls=ErrorClass.HTTP, message="", status=503))
    tout = make_result(sent_ms=0, error=RequestError(cls=ErrorClass.TIMEOUT_TOTAL, message=""))
    return [ok1, ok2, short, e503, e503b, tout]


def test_level_summary_hand_computed(level):
    s = summarize_level(level, window_start_ns=0, window_end_ns=2 * S, concurrency=4, expected_tokens=4)
    assert (s.n, s.ok, s.stopped_early) == (6, 3, 1)
    assert s.errors == {"http_503": 2, "timeout": 1}
    assert s.window_s == 2.0
    # TTFT keeps the short request: 100, 200, 50
    assert s.ttft_ms.count == 3 and s.ttft_ms.p50 == pytest.approx(100.0)
    # TPOT/E2E leave it out: ok1 (131-100)/3, ok2 (262-200)/7
    assert s.tpot_ms.count == 2
    assert s.tpot_ms.min == pytest.approx(62 / 7) and s.tpot_ms.max == pytest.approx(31 / 3)
    assert s.e2e_ms.min == pytest.approx(131.0) and s.e2e_ms.max == pytest.approx(262.0)
    # decode rates: ok1 3/0.030 = 100 tok/s, ok2 7/0.060 = 116.67 tok/s
    assert s.decode_tok_s.n == 2
    assert s.decode_tok_s.min == pytest.approx(100.0)
    assert s.decode_tok_s.max == pytest.approx(7 / 0.06)
    assert s.decode_tok_s.median == pytest.approx((100 + 7 / 0.06) / 2)
    # pooled chunk gaps: 10,10,10 and 20,20,20
    assert s.itl_ms.count == 6 and s.itl_ms.mean == pytest.approx(15.0)
    assert s.tokens_per_chunk == pytest.approx(12 / 8)
    # totals and throughputs count every successful request, including the short one
    assert s.output_tokens == 14 and s.prompt_tokens == 30
    assert s.output_tok_s == pytest.approx(7.0)
    assert s.per_stream_tok_s == pytest.approx(7.0 / 4)
    assert s.request_throughput == pytest.approx(1.5)


def test_empty_level():
    s = summarize_level([], window_start_ns=5, window_end_ns=5)
    assert s.n == 0 and s.ttft_ms.count == 0 and s.output_tok_s is None and s.window_s is None
    assert "empty_window" in s.flags


def test_rate_level_without_concurrency(make_result):
    r = make_result(sent_ms=0, deltas_ms=[10, 20], end_ms=21, completion_tokens=2)
    s = summarize_level([r], window_start_ns=0, window_end_ns=S, rate=2.5)
    assert s.rate == 2.5 and s.concurrency is None and s.per_stream_tok_s is None
    assert s.output_tok_s == pytest.approx(2.0)


def test_missing_usage_is_flagged(make_result):
    r = make_result(sent_ms=0, deltas_ms=[10, 20], end_ms=21, completion_tokens=None)
    s = summarize_level([r], window_start_ns=0, window_end_ns=S)
    assert "usage_missing" in s.flags and s.output_tokens == 0 and s.decode_tok_s.n == 0
