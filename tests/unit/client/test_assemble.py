import pytest

from stackeval.client.assemble import ShapeError, StreamAssembler, split_think


def test_prelude_carries_no_output_and_content_joins() -> None:
    a = StreamAssembler()
    assert a.add({"choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]}) == 0
    assert a.add({"choices": [{"index": 0, "delta": {"content": "Hel"}}]}) == 3
    assert a.add({"choices": [{"index": 0, "delta": {"content": "lo"}, "finish_reason": "stop"}]}) == 2
    assert a.add({"choices": [], "usage": {"prompt_tokens": 3, "completion_tokens": 2,
                                           "prompt_tokens_details": {"cached_tokens": 1}}}) == 0
    assert a.content == "Hello" and a.finish_reason == "stop"
    assert a.usage is not None and a.usage.completion_tokens == 2 and a.usage.cached_tokens == 1


@pytest.mark.parametrize("key", ["reasoning", "reasoning_content"])
def test_reasoning_fields_count_as_output(key: str) -> None:
    a = StreamAssembler()
    assert a.add({"choices": [{"index": 0, "delta": {key: "think"}}]}) == 5
    assert a.reasoning == "think" and a.content == ""


def test_tool_call_fragments_join_per_index() -> None:
    a = StreamAssembler()
    a.add({"choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "c0", "type": "function", "function": {"name": "get_weather", "arguments": ""}}]}}]})
    a.add({"choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 1, "id": "c1", "type": "function", "function": {"name": "get_time", "arguments": '{"tz":'}}]}}]})
    a.add({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": '{"city": "Oslo"}'}}]}}]})
    a.add({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 1, "function": {"arguments": '"UTC"}'}}]}}]})
    calls = a.tool_calls
    assert [c.function.name for c in calls] == ["get_weather", "get_time"]
    assert calls[0].function.arguments == '{"city": "Oslo"}'
    assert calls[1].function.arguments == '{"tz":"UTC"}' and calls[1].id == "c1"


def test_whole_message_body() -> None:
    a = StreamAssembler()
    n = a.add({"choices": [{"index": 0, "message": {"role": "assistant", "content": "4"}, "finish_reason": "stop"}],
               "usage": {"completion_tokens": 1}, "timings": {"predicted_n": 1}})
    assert n == 1 and a.content == "4" and a.server_timings == {"predicted_n": 1}


def test_completions_text_and_error_objects() -> None:
    a = StreamAssembler()
    assert a.add({"choices": [{"index": 0, "text": "abc"}]}) == 3
    b = StreamAssembler()
    b.add({"error": {"message": "boom", "code": 500}})
    assert b.error == {"message": "boom", "code": 500}


@pytest.mark.parametrize("bad", [[], {"choices": "x"}, {"id": 1}])
def test_shape_errors(bad: object) -> None:
    with pytest.raises(ShapeError):
        StreamAssembler().add(bad)


def test_split_think_variants() -> None:
    assert split_think("<think>plan</think>\nThe answer") == ("plan", "The answer", True)
    assert split_think("plan more</think>Answer") == ("plan more", "Answer", True)
    assert split_think("<think>never closed") == ("never closed", "", True)
    assert split_think("plain answer") == ("", "plain answer", False)


def test_streamed_reasoning_deltas_are_counted() -> None:
    from stackeval.client.assemble import StreamAssembler

    a = StreamAssembler()
    for piece in ("Let ", "me ", "think"):
        a.add({"choices": [{"index": 0, "delta": {"reasoning_content": piece}}]})
    a.add({"choices": [{"index": 0, "delta": {"reasoning": "."}}]})
    a.add({"choices": [{"index": 0, "delta": {"content": "4"}}]})
    a.add({"choices": [{"index": 0, "message": {"reasoning_content": "whole", "content": "x"}}]})  # not a delta
    assert a.extra["reasoning_deltas"] == 4 and a.reasoning == "Let me think.whole"
