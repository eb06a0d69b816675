"""Tool definitions are checked against the JSON Schema metaschema and for unknown keywords, in every suite
and every agentic task."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from stackeval.agentic.fs import fs_tool_schemas
from stackeval.agentic.repair import repair_tool_schemas
from stackeval.agentic.tasks import list_tasks, load_task
from stackeval.errors import ConfigError
from stackeval.graders.tool_calls import check_tool_definitions
from stackeval.suites.loader import list_profiles, load_file, load_profile


def _tool(params: Any, name: str = "send_sms") -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "d", "parameters": params}}


def test_every_suite_and_agentic_tool_definition_is_valid() -> None:
    seen = 0
    for profile in list_profiles():
        for item in load_profile(profile).items:
            if item.tools:
                assert check_tool_definitions(item.tools) == [], item.id
                seen += 1
    assert seen >= 18
    assert check_tool_definitions(fs_tool_schemas()) == []
    assert check_tool_definitions(repair_tool_schemas()) == []
    for task_id in list_tasks():
        load_task(task_id)


def test_yaml_flow_mapping_split_at_a_comma_is_refused() -> None:
    # the bug this check was written for: an unquoted description with a comma in a flow mapping
    params = yaml.safe_load(
        "type: object\nproperties:\n  phone: {type: string, description: International format, e.g. +15550100}\n"
    )
    assert params["properties"]["phone"]["e.g. +15550100"] is None
    errs = check_tool_definitions([_tool(params)])
    assert errs == ["tools[0] (send_sms): parameters.properties.phone: unknown keyword 'e.g. +15550100'"]


@pytest.mark.parametrize(
    ("tool", "fragment"),
    [
        (_tool({"type": "object", "properties": {"n": {"type": "int"}}}), "not a valid JSON Schema"),
        (_tool({"type": "object", "required": "n"}), "not a valid JSON Schema"),
        (_tool({"type": "object", "properties": {"n": {"minimum": "1"}}}), "not a valid JSON Schema"),
        (_tool({"type": "array", "items": {"type": "string"}}), "of type object"),
        (_tool({"type": "object", "properties": {"n": {"anyOf": [{"typ": "string"}]}}}), "unknown keyword 'typ'"),
        (_tool({"type": "object", "properties": {}}, name="bad name"), "bad function name"),
        ({"type": "function", "name": "flat"}, "not {type: function"),
    ],
)
def test_bad_definitions_are_named(tool: dict[str, Any], fragment: str) -> None:
    errs = check_tool_definitions([tool])
    assert errs and fragment in errs[0]


def test_duplicate_names_and_good_schemas() -> None:
    good = _tool({"type": "object", "properties": {"n": {"type": ["integer", "null"], "pattern": "x",
                  "examples": [1], "$comment": "c"}}, "$defs": {"p": {"type": "string"}}})
    assert check_tool_definitions([good]) == []
    assert "defined twice" in check_tool_definitions([good, good])[0]


def test_loader_refuses_a_bad_tool(tmp_path) -> None:
    f = tmp_path / "t.yaml"
    f.write_text(
        "- id: t9.tool_calling.easy.01\n  category: tool_calling\n  tier: easy\n  prompt: hi\n"
        "  tools:\n    - type: function\n      function:\n        name: f\n        parameters:\n"
        "          type: object\n          properties:\n            a: {type: string, description: one, two}\n"
        "  grader: {kind: tool_calls, expected: [{name: f}]}\n"
        "  reference: {tool_calls: [{id: c1, type: function, function: {name: f, arguments: '{}'}}]}\n"
        "  wrong: [{content: 'no', expect: tools_ignored}]\n  rationale: r\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match="unknown keyword 'two'"):
        load_file(f)
