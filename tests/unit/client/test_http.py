"""The client against the scripted server: timings, reasoning, tool calls and every error class."""

from __future__ import annotations

import time

import pytest

from stackeval.client.http import Client, ClientOptions
from stackeval.records.answer import ToolCall, ToolCallFunction
from stackeval.records.request import ChatRequest, ErrorClass
from stackeval.testing.fakeserver import FakeServer, Reply

BODY = {"model": "fake-model", "messages": [{"role": "user", "content": "hi"}]}


async def chat(reply: Reply | list[Reply], stream: bool = True, **opts: object):
    replies = reply if isinstance(reply, list) else [reply]
    it = iter(replies)
    last = replies[-1]

    def respond(_body: dict) -> Reply:
        return next(it, last)

    async with FakeServer(respond) as srv:
        o = {"max_retries": 0, "backoff_base_s": 0.01, **opts}
        async with Client(ClientOptions(base_url=srv.base_url, **o)) as c:  # type: ignore[arg-type]
            return await c.chat(ChatRequest(body=BODY, stream=stream)), srv


async def test_stream_content_usage_and_ttft_excludes_prelude() -> None:
    res, srv = await chat(Reply(content="one two three", ttft_s=0.15, step_s=0.01))
    assert res.ok and res.content == "one two three" and res.finish_reason == "stop"
    assert res.usage is not None and res.usage.completion_tokens == 3
    assert srv.requests[0]["stream_options"] == {"include_usage": True}
    t = res.timings
    assert t.ttft_ms is not None and t.ttft_ms >= 150  # the role-only prelude did not stop the clock
    assert t.ttfb_ms is not None and t.ttfb_ms < t.ttft_ms
    assert len(t.delta_ns) == 3 and t.delta_chars == [4, 4, 5]


async def test_reasoning_deltas_count_as_first_output() -> None:
    res, _ = await chat(Reply(reasoning="let me think", content="42", ttft_s=0.0, step_s=0.05))
    assert res.reasoning == "let me think" and res.content == "42" and res.reasoning_source == "field"
    assert res.timings.first_output_ns == res.timings.delta_ns[0]


async def test_think_tags_in_content_are_split_and_marked() -> None:
    res, _ = await chat(Reply(content="<think>hmm</think>\nfinal"))
    assert res.content == "final" and res.reasoning == "hmm" and res.reasoning_source == "think_tags"


async def test_tool_calls_streamed_and_whole() -> None:
    tc = ToolCall(id="c1", function=ToolCallFunction(name="get_weather", arguments='{"city": "Oslo", "days": 2}'))
    for stream in (True, False):
        res, _ = await chat(Reply(tool_calls=[tc], finish_reason="tool_calls"), stream=stream)
        assert res.ok and res.finish_reason == "tool_calls"
        assert [(c.function.name, c.function.arguments) for c in res.tool_calls] == [("get_weather", '{"city": "Oslo", "days": 2}')]


async def test_non_streaming() -> None:
    res, _ = await chat(Reply(content="hello there"), stream=False)
    assert res.ok and res.content == "hello there" and res.usage and res.usage.completion_tokens == 2


@pytest.mark.parametrize(
    ("reply", "cls", "label"),
    [
        (Reply(status=500), ErrorClass.HTTP, "http_500"),
        (Reply(status=401, error_body='{"error":"bad key"}'), ErrorClass.HTTP, "http_401"),
        (Reply(content="a b c d", malformed_after_chunks=2), ErrorClass.STREAM_MALFORMED, "stream_malformed"),
        (Reply(content="a b c", no_done=True), ErrorClass.STREAM_INCOMPLETE, "stream_incomplete"),
        (Reply(content="a b c d e f", drop_after_chunks=3), None, None),
        (Reply(empty_200=True), ErrorClass.EMPTY_RESPONSE, "empty_response"),
        (Reply(content="x", invalid_utf8=True), ErrorClass.STREAM_MALFORMED, "stream_malformed"),
    ],
)
async def test_error_classes(reply: Reply, cls: ErrorClass | None, label: str | None) -> None:
    res, _ = await chat(reply)
    assert not res.ok and res.error is not None
    if cls is None:  # a dropped connection shows as a disconnect or as a stream that never finished
        assert res.error.cls in (ErrorClass.DISCONNECTED, ErrorClass.STREAM_INCOMPLETE)
    else:
        assert res.error.cls is cls and res.error.label == label


async def test_stream_that_never_ends_hits_total_timeout() -> None:
    t0 = time.monotonic()
    res, _ = await chat(Reply(content="a", never_end=True), total_timeout_s=0.6)
    assert res.error is not None and res.error.cls is ErrorClass.TIMEOUT_TOTAL and res.error.label == "timeout"
    assert time.monotonic() - t0 < 3


async def test_silence_hits_read_timeout() -> None:
    res, _ = await chat(Reply(content="a", ttft_s=2.0), read_timeout_s=0.3)
    assert res.error is not None and res.error.cls is ErrorClass.TIMEOUT_READ


async def test_huge_response_is_cut() -> None:
    res, _ = await chat(Reply(content="a", huge_bytes=3_000_000), max_response_bytes=1_000_000)
    assert res.error is not None and res.error.cls is ErrorClass.RESPONSE_TOO_LARGE


async def test_retries_honour_retry_after_and_record_attempts() -> None:
    replies = [Reply(status=429, headers={"Retry-After": "0.2"}), Reply(status=503), Reply(content="ok")]
    t0 = time.monotonic()
    res, _ = await chat(replies, max_retries=2)
    assert res.ok and res.content == "ok"
    assert [a.error.status if a.error else None for a in res.attempts] == [429, 503, None]
    assert res.attempts[0].retry_after_s == pytest.approx(0.2)
    assert time.monotonic() - t0 >= 0.2


async def test_retry_budget_is_bounded() -> None:
    res, _ = await chat([Reply(status=503)], max_retries=2)
    assert not res.ok and len(res.attempts) == 3 and res.error and res.error.label == "http_503"


async def test_no_retry_on_client_errors() -> None:
    res, _ = await chat([Reply(status=400), Reply(content="ok")], max_retries=3)
    assert not res.ok and len(res.attempts) == 1


async def test_connection_refused_is_classified() -> None:
    from stackeval.localserver.manager import free_port

    async with Client(ClientOptions(base_url=f"http://127.0.0.1:{free_port()}", max_retries=1, backoff_base_s=0.01)) as c:
        res = await c.chat(ChatRequest(body=BODY))
    assert res.error is not None and res.error.cls is ErrorClass.CONNECT and len(res.attempts) == 2


async def test_api_key_is_sent_but_not_in_records() -> None:
    async with FakeServer(api_key="sk-test-SECRET123") as srv:
        async with Client(ClientOptions(base_url=srv.base_url, api_key="sk-test-SECRET123")) as c:
            res = await c.chat(ChatRequest(body=BODY))
        assert res.ok
        assert "SECRET123" not in res.model_dump_json()
        async with Client(ClientOptions(base_url=srv.base_url, api_key="wrong")) as c:
            bad = await c.chat(ChatRequest(body=BODY))
        assert bad.error is not None and bad.error.label == "http_401"
    assert "SECRET123" not in repr(ClientOptions(base_url="x", api_key="sk-test-SECRET123"))


def test_url_joins_v1_base() -> None:
    assert ClientOptions(base_url="http://h:1/v1").url("/v1/models") == "http://h:1/v1/models"
    assert ClientOptions(base_url="http://h:1/").url("/metrics") == "http://h:1/metrics"
