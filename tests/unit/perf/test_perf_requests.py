import pytest

from stackeval.perf.requests import chunk_gaps_ms, request_metrics
from stackeval.records.request import ErrorClass, RequestError


@pytest.fixture
def multi_token(make_result):
    # scheduled 0, sent 5 ms, role-only prelude (first byte) at 50 ms, five output deltas carrying
    # 10 tokens (2 per chunk, as under speculative decoding), stream end 230 ms
    return make_result(
        scheduled_ms=0,
        sent_ms=5,
        first_byte_ms=50,
        deltas_ms=[120, 140, 160, 180, 220],
        end_ms=230,
        completion_tokens=10,
    )


def test_hand_computed_request(multi_token):
    m = request_metrics(multi_token)
    assert m.ok and m.error is None
    assert m.ttft_ms == pytest.approx(115.0)  # first output delta - sent, not first byte
    assert m.ttfb_ms == pytest.approx(45.0)
    assert m.queue_ms == pytest.approx(5.0)
    assert m.e2e_ms == pytest.approx(225.0)
    assert m.ttft_from_scheduled_ms == pytest.approx(120.0)
    assert m.e2e_from_scheduled_ms == pytest.approx(230.0)
    assert m.decode_tok_s == pytest.approx(9 / 0.100)  # (10-1) / (220-120 ms)
    assert m.tpot_ms == pytest.approx((225 - 115) / 9)
    assert m.chunks == 5
    assert m.tokens_per_chunk == pytest.approx(2.0)
    assert (m.itl_ms.count, m.itl_ms.mean, m.itl_ms.p50, m.itl_ms.max) == (4, 25.0, 20.0, 40.0)
    assert m.completion_tokens == 10 and m.prompt_tokens == 10
    assert not m.stopped_early and m.flags == []


def test_role_only_prelude_does_not_stop_the_clock(make_result):
    # the prelude arrives at 10 ms (first byte); the first real delta only at 300 ms
    r = make_result(sent_ms=0, first_byte_ms=10, deltas_ms=[300, 310], end_ms=320, completion_tokens=2)
    m = request_metrics(r)
    assert m.ttfb_ms == pytest.approx(10.0)
    assert m.ttft_ms == pytest.approx(300.0)


def test_chunk_gaps(multi_token):
    assert chunk_gaps_ms(multi_token) == pytest.approx([20.0, 20.0, 20.0, 40.0])


def test_stopped_early_and_length_checks(make_result):
    r = make_result(deltas_ms=[10, 20, 30], completion_tokens=3, end_ms=31)
    assert request_metrics(r, expected_tokens=3).stopped_early is False
    short = request_metrics(r, expected_tokens=128)
    assert short.stopped_early is True and short.expected_tokens == 128
    assert "longer_than_expected" in request_metrics(r, expected_tokens=2).flags
    no_usage = make_result(deltas_ms=[10, 20], completion_tokens=None, end_ms=21)
    m = request_metrics(no_usage, expected_tokens=2)
    assert not m.stopped_early and "length_unverified" in m.flags and "no_usage" in m.flags
    assert m.decode_tok_s is None and m.tpot_ms is None and m.tokens_per_chunk is None


def test_single_token_and_single_chunk(make_result):
    one = request_metrics(make_result(sent_ms=0, deltas_ms=[50], end_ms=55, completion_tokens=1))
    assert one.ttft_ms == 50 and one.decode_tok_s is None and one.tpot_ms is None
    assert one.itl_ms.count == 0
    burst = request_metrics(make_result(sent_ms=0, deltas_ms=[50], end_ms=60, completion_tokens=8))
    assert burst.decode_tok_s is None and "single_chunk" in burst.flags
    assert burst.tpot_ms == pytest.approx((60 - 50) / 7)
    assert burst.tokens_per_chunk == 8


def test_failed_request(make_result):
    err = RequestError(cls=ErrorClass.TIMEOUT_READ, message="no byte for 30 s")
    m = request_metrics(make_result(deltas_ms=[], error=err, end_ms=30_000))
    assert not m.ok and m.error == "timeout"
    assert m.ttft_ms is None and m.chunks == 0
    http = RequestError(cls=ErrorClass.HTTP, message="busy", status=503)
    assert request_metrics(make_result(error=http)).error == "http_503"


def test_ok_without_output_is_flagged(make_result):
    m = request_metrics(make_result(deltas_ms=[], completion_tokens=0, end_ms=12))
    assert "no_output" in m.flags and m.ttft_ms is None
