"""Grader ``tool_calls``: every failure class, value comparison, and the small JSON-schema validator."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from stackeval.graders.base import GradeContext, get_grader, grade
from stackeval.graders.tool_calls import ToolCallsSpec, validate_schema, values_match
from stackeval.records.answer import Answer, GradeResult, ToolCall

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {
                "city": {"type": "string"},
                "units": {"type": "string", "enum": ["metric", "imperial"]},
            },
            "required": ["city"],
            "additionalProperties": False,
        },
    },
}
TIME = {
    "type": "function",
    "function": {
        "name": "get_local_time",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    },
}
CTX = GradeContext(tools=(WEATHER, TIME))

ONE = {"kind": "tool_calls", "expected": [{"name": "get_weather", "arguments": {"city": "Paris"}}]}
PAIR = {
    "kind": "tool_calls",
    "parallel": True,
    "expected": [
        {"name": "get_weather", "arguments": {"city": "Paris"}},
        {"name": "get_local_time", "arguments": {"city": "Paris"}},
    ],
}
NO_CALL = {"kind": "tool_calls", "no_call": True}


def call(name: str, args: Any, index: int = 0) -> ToolCall:
    text = args if isinstance(args, str) else json.dumps(args)
    return ToolCall(id=f"c{index}", index=index, function={"name": name, "arguments": text})


def run(spec: dict[str, Any], *calls: ToolCall, content: str = "", ctx: GradeContext = CTX) -> GradeResult:
    return grade(spec, Answer(content=content, tool_calls=list(calls)), ctx)


def test_registered() -> None:
    assert get_grader("tool_calls").spec_model is ToolCallsSpec


# --- passes -------------------------------------------------------------------------------------------


def test_single_call_passes() -> None:
    res = run(ONE, call("get_weather", {"city": "Paris"}))
    assert res.passed and res.failure_class is None
    assert res.data["calls"] == ["get_weather"]


def test_parallel_pair_passes_in_any_order() -> None:
    res = run(PAIR, call("get_local_time", {"city": "Paris"}, 0), call("get_weather", {"city": "Paris"}, 1))
    assert res.passed, res.detail


def test_loose_strings() -> None:
    spec = {**ONE, "loose_strings": True}
    assert run(spec, call("get_weather", {"city": "  paris "})).passed
    assert run(ONE, call("get_weather", {"city": "paris"})).failure_class == "wrong_arguments"


def test_required_only_allows_optional_arguments() -> None:
    strict = run(ONE, call("get_weather", {"city": "Paris", "units": "metric"}))
    assert strict.failure_class == "wrong_arguments"
    assert "units" in strict.detail
    spec = {"kind": "tool_calls", "expected": [{"name": "get_weather", "arguments": {"city": "Paris"}, "required_only": True}]}
    assert run(spec, call("get_weather", {"city": "Paris", "units": "metric"})).passed


def test_allow_extra_calls() -> None:
    calls = (call("get_weather", {"city": "Paris"}, 0), call("get_local_time", {"city": "Paris"}, 1))
    assert run(ONE, *calls).failure_class == "extra_calls"
    assert run({**ONE, "allow_extra_calls": True}, *calls).passed


def test_no_call_passes_with_prose() -> None:
    assert run(NO_CALL, content="Buenas noches.").passed


def test_without_tools_in_ctx_no_schema_check() -> None:
    res = run(ONE, call("get_weather", {"city": "Paris"}), ctx=GradeContext())
    assert res.passed


def test_empty_arguments_read_as_empty_object() -> None:
    spec = {"kind": "tool_calls", "expected": [{"name": "ping"}]}
    ping = {"type": "function", "function": {"name": "ping", "parameters": {"type": "object", "properties": {}}}}
    assert run(spec, call("ping", ""), ctx=GradeContext(tools=(ping,))).passed


# --- failure classes without structured calls ---------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
        '{"name": "get_weather", "arguments": {"city": "Paris"}}',
        'Calling {"name" : "get_local_time", "arguments": {}} now',
        'functions.get_weather({"city": "Paris"})',
        'get_weather(city="Paris")',
        '[TOOL_CALLS] [{"name": "get_weather"}]',
        "<function=get_weather>{\"city\": \"Paris\"}</function>",
    ],
)
def test_tool_call_in_content(content: str) -> None:
    res = run(ONE, content=content)
    assert res.failure_class == "tool_call_in_content", res.detail


def test_tool_call_in_content_wins_for_no_call_items() -> None:
    res = run(NO_CALL, content='<tool_call>{"name": "get_weather", "arguments": {}}</tool_call>')
    assert res.failure_class == "tool_call_in_content"


def test_tools_ignored_for_plain_prose() -> None:
    res = run(ONE, content="It is sunny in Paris today, around 21 degrees.")
    assert res.failure_class == "tools_ignored"
    assert "get_weather" in res.detail


def test_prose_naming_a_plain_word_is_still_tools_ignored() -> None:
    divide = {"type": "function", "function": {"name": "divide", "parameters": {"type": "object"}}}
    spec = {"kind": "tool_calls", "expected": [{"name": "divide", "arguments": {"a": 1}}]}
    res = run(spec, content="If you divide 10 by 2 you get 5.", ctx=GradeContext(tools=(divide,)))
    assert res.failure_class == "tools_ignored"


@pytest.mark.parametrize(
    "content",
    [
        "",
        "   \n",
        "Which city do you mean?",
        "I'm sorry, I cannot look up the weather.",
        "I don’t have access to live weather data.",
        "You can use get_weather to find out.",
        '<tool_response>\n{"temp_c": 21}\n</tool_response>',
    ],
)
def test_tool_not_called(content: str) -> None:
    res = run(ONE, content=content)
    assert res.failure_class == "tool_not_called", res.detail


def test_no_call_empty_answer() -> None:
    assert run(NO_CALL, content="  ").failure_class == "empty_answer"


# --- failure classes with structured calls ------------------------------------------------------------


def test_called_when_not_needed() -> None:
    res = run(NO_CALL, call("get_weather", {"city": "Madrid"}), content="Let me check.")
    assert res.failure_class == "called_when_not_needed"
    assert "get_weather" in res.detail


@pytest.mark.parametrize(
    ("arguments", "needle"),
    [
        ('{"city": "Paris"', "not JSON"),
        ("{city: Paris}", "not JSON"),
        ('["Paris"]', "array"),
        ('"{\\"city\\": \\"Paris\\"}"', "double-encoded"),
        ("42", "integer"),
    ],
)
def test_invalid_arguments_json(arguments: str, needle: str) -> None:
    res = run(ONE, call("get_weather", arguments))
    assert res.failure_class == "invalid_arguments_json"
    assert needle in res.detail and "call 0 (get_weather)" in res.detail


def test_invalid_json_checked_before_wrong_tool() -> None:
    assert run(ONE, call("get_time", "{oops")).failure_class == "invalid_arguments_json"


def test_wrong_tool_substituted() -> None:
    res = run(ONE, call("get_local_time", {"city": "Paris"}))
    assert res.failure_class == "wrong_tool"
    assert "get_local_time" in res.detail and "get_weather" in res.detail


def test_wrong_tool_undefined_name() -> None:
    res = run(ONE, call("get_weather", {"city": "Paris"}, 0), call("get_forecast", {"city": "Paris"}, 1))
    assert res.failure_class == "wrong_tool"
    assert "defines no tool 'get_forecast'" in res.detail


def test_wrong_tool_even_when_extra_calls_allowed() -> None:
    assert run({**ONE, "allow_extra_calls": True}, call("get_local_time", {"city": "Paris"})).failure_class == "wrong_tool"


@pytest.mark.parametrize(
    ("arguments", "needle"),
    [
        ({}, "missing required argument 'city'"),
        ({"city": 75001}, "arguments.city: expected string, got integer"),
        ({"city": "Paris", "units": "kelvin"}, "arguments.units"),
        ({"city": "Paris", "country": "FR"}, "unexpected argument 'country'"),
    ],
)
def test_schema_violation(arguments: dict[str, Any], needle: str) -> None:
    res = run(ONE, call("get_weather", arguments))
    assert res.failure_class == "schema_violation"
    assert needle in res.detail and "call 0 (get_weather)" in res.detail


def test_schema_violation_before_parallel_collapsed() -> None:
    assert run(PAIR, call("get_weather", {"town": "Paris"})).failure_class == "schema_violation"


def test_parallel_collapsed() -> None:
    res = run(PAIR, call("get_weather", {"city": "Paris"}))
    assert res.failure_class == "parallel_collapsed"
    assert "get_local_time" in res.detail


def test_parallel_collapsed_same_tool_twice() -> None:
    spec = {
        "kind": "tool_calls",
        "parallel": True,
        "expected": [
            {"name": "get_weather", "arguments": {"city": "Oslo"}},
            {"name": "get_weather", "arguments": {"city": "Cairo"}},
        ],
    }
    assert run(spec, call("get_weather", {"city": "Oslo"})).failure_class == "parallel_collapsed"
    dup = run(spec, call("get_weather", {"city": "Oslo"}, 0), call("get_weather", {"city": "Oslo"}, 1))
    assert dup.failure_class == "wrong_arguments"
    assert "Cairo" in dup.detail


def test_wrong_arguments_detail_names_call_and_argument() -> None:
    res = run(ONE, call("get_weather", {"city": "Lyon"}))
    assert res.failure_class == "wrong_arguments"
    assert res.detail == 'call 0 (get_weather): argument \'city\': expected "Paris", got "Lyon"'


def test_wrong_arguments_in_parallel_pair() -> None:
    res = run(PAIR, call("get_weather", {"city": "Paris"}, 0), call("get_local_time", {"city": "Rome"}, 1))
    assert res.failure_class == "wrong_arguments"
    assert "call 1 (get_local_time)" in res.detail and "Rome" in res.detail


def test_extra_calls() -> None:
    res = run(ONE, call("get_weather", {"city": "Paris"}, 0), call("get_weather", {"city": "Paris"}, 1))
    assert res.failure_class == "extra_calls"
    assert "call 1 (get_weather)" in res.detail


def test_matching_is_a_proper_assignment() -> None:
    # a greedy first-fit would pair the first expected with call 0 and then fail the second
    spec = {
        "kind": "tool_calls",
        "parallel": True,
        "expected": [
            {"name": "get_weather", "arguments": {"city": "Paris"}, "required_only": True},
            {"name": "get_weather", "arguments": {"city": "Paris", "units": "metric"}},
        ],
    }
    calls = (call("get_weather", {"city": "Paris", "units": "metric"}, 0), call("get_weather", {"city": "Paris"}, 1))
    assert run(spec, *calls).passed


# --- spec validation ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    [
        {"no_call": True, "expected": [{"name": "x"}]},
        {"parallel": True, "expected": [{"name": "x"}]},
        {"expected": []},
        {"expected": [{"name": "x"}, {"name": "y"}]},
        {"expected": [{"name": ""}]},
        {"expected": [{"name": "x"}], "bogus": 1},
    ],
)
def test_bad_specs_rejected(spec: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        ToolCallsSpec.model_validate(spec)


# --- values ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expected", "got", "loose", "same"),
    [
        (5, 5.0, False, True),
        (21.15, 21.150, False, True),
        (5, "5", False, False),
        (True, 1, False, False),
        (1, True, False, False),
        (None, None, False, True),
        (None, 0, False, False),
        ("Paris", "paris", False, False),
        ("Paris", " paris ", True, True),
        ({"a": [1, "X"]}, {"a": [1.0, "x"]}, True, True),
        ({"a": 1}, {"a": 1, "b": 2}, False, False),
        ([1, 2], [2, 1], False, False),
        ([1, 2], [1, 2, 3], False, False),
    ],
)
def test_values_match(expected: Any, got: Any, loose: bool, same: bool) -> None:
    assert values_match(expected, got, loose_strings=loose) is same


# --- the schema validator ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "schema", "ok"),
    [
        (3, {"type": "integer"}, True),
        (3.0, {"type": "integer"}, True),
        (3.5, {"type": "integer"}, False),
        (True, {"type": "integer"}, False),
        (True, {"type": "number"}, False),
        ("3", {"type": "number"}, False),
        (2.5, {"type": "number"}, True),
        (False, {"type": "boolean"}, True),
        ("yes", {"type": "boolean"}, False),
        (None, {"type": "null"}, True),
        (None, {"type": ["string", "null"]}, True),
        ("x", {"type": ["integer", "null"]}, False),
        ([], {"type": "array"}, True),
        ({}, {"type": "array"}, False),
        ("anything", {}, True),
        ("anything", True, True),
        ("anything", False, False),
        ("x", {"type": "some-future-type"}, False),  # not a JSON Schema: the loader refuses such a tool
        ("ab", {"type": "string", "pattern": "^[0-9]+$"}, False),
        (5, {"anyOf": [{"type": "string"}, {"type": "integer"}]}, True),
        (5.5, {"anyOf": [{"type": "string"}, {"type": "integer"}]}, False),
        (3, {"oneOf": [{"type": "integer"}, {"type": "number"}]}, False),
        ("x", {"$defs": {"s": {"type": "integer"}}, "$ref": "#/$defs/s"}, False),
        (4, {"type": "integer", "multipleOf": 3}, False),
        ([1, 1], {"type": "array", "uniqueItems": True}, False),
        ("b", {"enum": ["a", "b"]}, True),
        ("B", {"enum": ["a", "b"]}, False),
        (2.0, {"enum": [1, 2]}, True),
        ("v", {"const": "v"}, True),
        (0, {"type": "integer", "minimum": 1}, False),
        (8, {"type": "integer", "maximum": 7}, False),
        ("", {"type": "string", "minLength": 1}, False),
        ("abcd", {"type": "string", "maxLength": 3}, False),
        ([], {"type": "array", "minItems": 1}, False),
        ([1, 2], {"type": "array", "maxItems": 1}, False),
        ([1, 2], {"type": "array", "items": {"type": "integer"}}, True),
        ([1, "2"], {"type": "array", "items": {"type": "integer"}}, False),
        ({"a": 1, "b": "x"}, {"type": "object", "properties": {"a": {"type": "integer"}}}, True),
        ({"b": 1}, {"type": "object", "properties": {"a": {}}, "additionalProperties": False}, False),
        ({"b": 1}, {"type": "object", "additionalProperties": {"type": "string"}}, False),
        ({"b": "1"}, {"type": "object", "additionalProperties": {"type": "string"}}, True),
        ({}, {"type": "object", "required": ["a"]}, False),
    ],
)
def test_validate_schema(value: Any, schema: Any, ok: bool) -> None:
    assert (validate_schema(value, schema) == []) is ok


def test_validate_schema_nested_paths() -> None:
    schema = {
        "type": "object",
        "properties": {
            "recipient": {
                "type": "object",
                "properties": {"country": {"type": "string", "enum": ["NL", "DE"]}},
                "required": ["country"],
            },
            "parcels": {
                "type": "array",
                "items": {"type": "object", "properties": {"fragile": {"type": "boolean"}}, "required": ["fragile"]},
            },
        },
    }
    value = {"recipient": {"country": "Netherlands"}, "parcels": [{"fragile": True}, {"fragile": "yes"}, {}]}
    errors = validate_schema(value, schema)
    assert errors == [
        'arguments.recipient.country: "Netherlands" is not one of ["NL", "DE"]',
        'arguments.parcels[1].fragile: expected boolean, got string "yes"',
        "arguments.parcels[2]: missing required argument 'fragile'",
    ]


def test_type_error_stops_deeper_checks() -> None:
    assert validate_schema("x", {"type": "object", "required": ["a"]}) == ['arguments: expected object, got string "x"']


@pytest.mark.parametrize(
    ("content", "flag"),
    [("", "empty"), ("Which city?", "declined"), ("Use get_weather for that.", "tools_seen")],
)
def test_tool_not_called_flags(content: str, flag: str) -> None:
    assert run(ONE, content=content).flags == [flag]
