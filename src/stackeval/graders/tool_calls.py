"""Grader ``tool_calls``: did the response call the right tools, in one response, with the right arguments?

Spec: ``expected`` is the list of calls that must appear (``name``, ``arguments`` with the expected
values, ``required_only``); ``parallel`` says the expected calls (two or more) must all come in this one
response; ``allow_extra_calls`` tolerates further calls to defined tools; ``no_call`` says the correct
behaviour is a plain answer without any tool; ``loose_strings`` compares strings case-insensitively after
stripping.

Values compare as JSON values: exactly, except that numbers compare numerically (``5 == 5.0``; a boolean
is never a number) and, with ``loose_strings``, strings compare casefolded and stripped. Objects need the
same keys; arrays the same length and order. With ``required_only`` only the listed arguments are
compared and the call may carry more (optional ones); without it the call's argument names must be
exactly the listed ones.

``ctx.tools`` carries the request's tool definitions. Each call's arguments are validated against its
tool's ``parameters`` with ``jsonschema`` (JSON Schema 2020-12: every keyword, ``anyOf``/``oneOf``/``$ref``/
``pattern`` included; ``format`` is an annotation). An integer-valued float (``3.0``) is an integer, as in
JSON Schema. ``check_tool_definitions`` checks the definitions themselves (metaschema, no unknown keyword);
the suite loader runs it on every item's tools.

Failure classes, checked in this order (the first that applies is returned):

1. no structured tool calls at all:

   - ``tool_call_in_content``: the content holds tool-call markup (``<tool_call>``, ``<|tool_call|>``,
     ``[TOOL_CALLS]``, ``<function=``, ``<|python_tag|>``), a JSON ``"name": "<tool>"`` naming a known
     tool, or a call written as code (``functions.<tool>(`` or ``<tool>(`` with no space before the
     parenthesis). The model called, but the stack's parser did not turn it into ``tool_calls``. For
     ``no_call`` items this is still reported first: it points at the stack, not the model.
   - ``no_call`` items pass with any non-empty answer; an empty one is ``empty_answer``.
   - ``tool_not_called``: the content is empty; or it reads as a refusal or a question back to the
     user (ends with ``?`` or holds a refusal phrase such as "I can't", "I'm unable", "I don't have
     access"); or it shows that the tools reached the model without being called: it holds other
     tool-protocol markup (``<tool_response>``, ``<tools>``) or names a defined tool whose name is not a
     plain word (it has an ``_``, ``.``, ``-``, a digit or an inner capital, e.g. ``get_order_status``).
     ``flags`` says which: ``empty``, ``declined`` or ``tools_seen``.
   - ``tools_ignored``: any other prose answer, i.e. the model answered as if no tools were offered.
     The usual cause is a server whose chat template silently drops ``tools``. The grader cannot tell
     that from a model that ignores them; the runner refines this class with a control request (the
     same item sent to a known-good template, or the rendered prompt checked for the tool names).
     It should refine ``tool_not_called`` flagged ``empty`` the same way: on llama-server with the
     GGUF's own ChatML template (tools and the history's tool calls dropped), SmolLM2-135M given a
     few-shot history copies the now-empty assistant turns and answers with nothing.

2. with structured tool calls:

   - ``called_when_not_needed``: a ``no_call`` item got a call;
   - ``invalid_arguments_json``: a call's ``arguments`` is not JSON, or is JSON but not an object (a
     JSON string holding an object, i.e. double encoding, included). Empty arguments read as ``{}``;
   - ``wrong_tool``: a call names a tool the request did not define, or an expected tool was not
     called while some other tool was (the model picked a different tool);
   - ``schema_violation``: a call's arguments do not satisfy its tool's parameter schema;
   - ``parallel_collapsed``: fewer calls to the expected tools than expected (e.g. only the first of a
     parallel pair);
   - ``wrong_arguments``: every expected tool was called, but no assignment of calls to expected calls
     matches all expected argument values;
   - ``extra_calls``: all expected calls matched, and there are further calls (unless
     ``allow_extra_calls``).

``detail`` names the call (its index and tool) and the argument concerned.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import SchemaError, UnknownType
from pydantic import BaseModel, ConfigDict, Field, model_validator
from referencing.exceptions import Unresolvable

from stackeval.graders.base import GradeContext, register
from stackeval.records.answer import Answer, GradeResult, ToolCall

__all__ = [
    "SCHEMA_KEYWORDS", "ExpectedCall", "ToolCallsSpec", "check_tool_definitions", "grade_tool_calls",
    "validate_schema", "values_match",
]


class ExpectedCall(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    arguments: dict[str, Any] = Field(default_factory=dict)
    required_only: bool = False


class ToolCallsSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    expected: list[ExpectedCall] = Field(default_factory=list)
    parallel: bool = False
    allow_extra_calls: bool = False
    no_call: bool = False
    loose_strings: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> ToolCallsSpec:
        if self.no_call:
            if self.expected or self.parallel:
                raise ValueError("no_call items take no expected calls and no parallel flag")
        elif self.parallel and len(self.expected) < 2:
            raise ValueError("parallel needs two or more expected calls")
        elif not self.parallel and len(self.expected) != 1:
            raise ValueError("expected must hold exactly one call unless parallel is set")
        return self


# ---------------------------------------------------------------------------------------------------
# JSON values and schemas


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _show(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


def values_match(expected: Any, got: Any, *, loose_strings: bool = False) -> bool:
    """JSON value equality: numbers numerically, strings exactly (or loosely), containers recursively."""
    if _is_number(expected) and _is_number(got):
        return bool(expected == got)
    if isinstance(expected, str) and isinstance(got, str):
        if loose_strings:
            return expected.strip().casefold() == got.strip().casefold()
        return expected == got
    if isinstance(expected, dict) and isinstance(got, dict):
        return expected.keys() == got.keys() and all(
            values_match(expected[k], got[k], loose_strings=loose_strings) for k in expected
        )
    if isinstance(expected, list) and isinstance(got, list):
        return len(expected) == len(got) and all(
            values_match(e, g, loose_strings=loose_strings) for e, g in zip(expected, got, strict=True)
        )
    if isinstance(expected, bool) or expected is None:
        return type(got) is type(expected) and got == expected
    return False


def _json_type(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int) or (isinstance(v, float) and v.is_integer()):
        return "integer"
    for name, t in (("number", float), ("string", str), ("array", list), ("object", dict)):
        if isinstance(v, t):
            return name
    return type(v).__name__


# Keywords a tool's parameter schema may use: the JSON Schema 2020-12 vocabularies (validation, applicators,
# core, format, annotations, content). Anything else is a mistake in the tool definition (a typo, or a YAML
# flow mapping split at a comma, which makes "e.g. +15550100" a key), refused at load.
SCHEMA_KEYWORDS = frozenset(
    "$schema $id $ref $dynamicRef $anchor $dynamicAnchor $defs $comment $vocabulary definitions "
    "type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern "
    "maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required dependentRequired "
    "allOf anyOf oneOf not if then else dependentSchemas prefixItems items contains properties patternProperties "
    "additionalProperties propertyNames unevaluatedItems unevaluatedProperties format title description default "
    "deprecated readOnly writeOnly examples contentEncoding contentMediaType contentSchema".split()
)
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_ONE = ("not", "if", "then", "else", "items", "contains", "additionalProperties", "propertyNames",
               "unevaluatedItems", "unevaluatedProperties", "contentSchema")


def _unknown_keywords(schema: Any, path: str) -> list[str]:
    if not isinstance(schema, dict):
        return []
    out = [f"{path}: unknown keyword {k!r}" for k in schema if k not in SCHEMA_KEYWORDS]
    for k in _SCHEMA_MAPS:
        if isinstance(schema.get(k), dict):
            for name, sub in schema[k].items():
                out += _unknown_keywords(sub, f"{path}.{k}.{name}")
    for k in _SCHEMA_LISTS:
        if isinstance(schema.get(k), list):
            for i, sub in enumerate(schema[k]):
                out += _unknown_keywords(sub, f"{path}.{k}[{i}]")
    for k in _SCHEMA_ONE:
        out += _unknown_keywords(schema.get(k), f"{path}.{k}")
    return out


def check_tool_definitions(tools: Iterable[Any]) -> list[str]:
    """Problems with OpenAI-style tool definitions, [] if none: each is ``{"type": "function", "function":
    {"name", "parameters"}}`` with a unique name, and ``parameters`` is a valid JSON Schema (checked against
    the 2020-12 metaschema) of type object that uses no unknown keyword."""
    errors: list[str] = []
    seen: set[str] = set()
    for i, tool in enumerate(tools):
        fn = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(tool, dict) or tool.get("type") != "function" or not isinstance(fn, dict):
            errors.append(f"tools[{i}]: not {{type: function, function: {{...}}}}")
            continue
        name = fn.get("name")
        where = f"tools[{i}] ({name})"
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.\-]{1,64}", name):
            errors.append(f"tools[{i}]: bad function name {name!r}")
        elif name in seen:
            errors.append(f"{where}: defined twice")
        seen.add(str(name))
        params = fn.get("parameters", {"type": "object", "properties": {}})
        try:
            Draft202012Validator.check_schema(params)
        except SchemaError as e:
            loc = "".join(f"[{p!r}]" for p in e.path)
            errors.append(f"{where}: parameters{loc} is not a valid JSON Schema: {e.message}")
            continue
        if not isinstance(params, dict) or params.get("type") != "object":
            errors.append(f"{where}: parameters must be a schema of type object")
        errors += [f"{where}: {m}" for m in _unknown_keywords(params, "parameters")]
    return errors


def _where(base: str, parts: Iterable[Any]) -> str:
    out = base
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


# the simple keywords: (instance, keyword value) -> what was wrong
_SAY: dict[str, Any] = {
    "enum": lambda v, arg: f"{_show(v)} is not one of {_show(arg)}",
    "const": lambda v, arg: f"expected {_show(arg)}, got {_show(v)}",
    "minimum": lambda v, arg: f"{v} is below the minimum {arg}",
    "maximum": lambda v, arg: f"{v} is above the maximum {arg}",
    "minLength": lambda v, arg: f"shorter than {arg} characters",
    "maxLength": lambda v, arg: f"longer than {arg} characters",
    "minItems": lambda v, arg: f"fewer than {arg} items",
    "maxItems": lambda v, arg: f"more than {arg} items",
}


def _message(err: ValidationError, path: str) -> str:
    """One validation error in the grader's words (the path of the argument, what was wanted)."""
    where = _where(path, err.absolute_path)
    v, kw, arg = err.instance, err.validator, err.validator_value
    if kw == "type":
        names = [arg] if isinstance(arg, str) else list(arg)
        return f"{where}: expected {' or '.join(names)}, got {_json_type(v)} {_show(v)}"
    if kw == "required":  # one error per missing key, its name quoted in the message
        m = re.match(r"^(.+) is a required property$", err.message)
        return f"{where}: missing required argument {m.group(1)}" if m else f"{where}: {err.message}"
    if kw == "additionalProperties" and arg is False and isinstance(v, dict):
        props = err.schema.get("properties") or {}
        pats = err.schema.get("patternProperties") or {}
        extra = [k for k in v if k not in props and not any(re.search(p, k) for p in pats)]
        if extra:
            return f"{where}: unexpected argument {extra[0]!r}"
    say = _SAY.get(kw)
    return f"{where}: {say(v, arg) if say else err.message}"


def validate_schema(value: Any, schema: Any, path: str = "arguments") -> list[str]:
    """Errors of ``value`` against a JSON Schema (2020-12, every keyword, by ``jsonschema``); [] if valid.
    ``format`` is an annotation only, as the specification's default says. A schema that is not a valid
    JSON Schema is reported as one error (the loader refuses such tool definitions before a run)."""
    if schema is False:
        return [f"{path}: no value is allowed here"]
    if not isinstance(schema, dict | bool):
        return []
    try:
        validator = Draft202012Validator(schema)
        errs = list(validator.iter_errors(value))
    except (SchemaError, UnknownType, Unresolvable, RecursionError, re.error) as e:
        return [f"{path}: the tool's schema cannot be used ({type(e).__name__})"]
    # a failed type check makes the other keywords at that place moot: report it alone
    typed = {tuple(e.absolute_path) for e in errs if e.validator == "type"}
    return [_message(e, path) for e in errs if e.validator == "type" or tuple(e.absolute_path) not in typed]


# ---------------------------------------------------------------------------------------------------
# content without structured calls

_MARKUP = re.compile(r"<\s*/?\s*tool_call\s*>|<\|tool_call\|>|\[TOOL_CALLS\]|<function=|<\|python_tag\|>", re.I)
_PROTOCOL = re.compile(r"<\s*/?\s*(?:tool_response|tools)\s*>", re.I)
_DISTINCTIVE = re.compile(r"[_.\-\d]|[a-z][A-Z]")
_REFUSAL = re.compile(
    r"\b(?:i\s+(?:cannot|can\s?not|can['’]t|am\s+(?:unable|not\s+able|sorry)|do\s+not\s+have\s+access"
    r"|don['’]t\s+have\s+access|won['’]t)|i['’]m\s+(?:unable|not\s+able|sorry|afraid)|unable\s+to"
    r"|as\s+an\s+ai\b|sorry,)",
    re.I,
)


def _tool_names(ctx: GradeContext) -> dict[str, dict[str, Any]]:
    """Defined tools by name (their ``parameters`` schema), from the request's OpenAI tool list."""
    out: dict[str, dict[str, Any]] = {}
    for tool in ctx.tools:
        fn = tool.get("function", tool) if isinstance(tool, dict) else {}
        name = fn.get("name") if isinstance(fn, dict) else None
        if isinstance(name, str) and name:
            params = fn.get("parameters")
            out[name] = params if isinstance(params, dict) else {}
    return out


def _markup_in_content(content: str, names: Iterable[str]) -> str | None:
    m = _MARKUP.search(content)
    if m:
        return f"tool-call markup {m.group(0)!r} in content"
    for name in names:
        n = re.escape(name)
        if re.search(rf'"name"\s*:\s*"{n}"', content):
            return f'a JSON object naming tool "{name}" in content'
        if re.search(rf"\bfunctions\.{n}\s*\(|(?<![\w.]){n}\(", content):
            return f"a call written as code {name}(...) in content"
    return None


def _grade_without_calls(spec: ToolCallsSpec, answer: Answer, names: Iterable[str]) -> GradeResult:
    content = answer.content.strip()
    found = _markup_in_content(content, names)
    if found:
        return GradeResult.fail("tool_call_in_content", f"no structured tool_calls, but {found}")
    if spec.no_call:
        if not content:
            return GradeResult.fail("empty_answer", "no tool call was needed, but the answer is empty")
        return GradeResult.ok("answered without a tool call, as expected")
    want = ", ".join(e.name for e in spec.expected)
    if not content:
        return GradeResult.fail("tool_not_called", f"empty answer and no tool call (expected {want})", flags=["empty"])
    if content.endswith("?") or _REFUSAL.search(content):
        return GradeResult.fail(
            "tool_not_called", f"the answer declines or asks back instead of calling {want}", flags=["declined"]
        )
    m = _PROTOCOL.search(content)
    if m:
        return GradeResult.fail(
            "tool_not_called",
            f"tool-protocol markup {m.group(0)!r} but no call (expected {want}); the tools reached the model",
            flags=["tools_seen"],
        )
    for name in names:
        if _DISTINCTIVE.search(name) and re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", content):
            return GradeResult.fail(
                "tool_not_called",
                f"the answer names the tool {name!r} but does not call it (expected {want})",
                flags=["tools_seen"],
            )
    return GradeResult.fail(
        "tools_ignored", f"a prose answer with no tool call (expected {want}); the server may have dropped tools"
    )


# ---------------------------------------------------------------------------------------------------
# structured calls


def _parse_arguments(call: ToolCall) -> tuple[dict[str, Any] | None, str]:
    text = call.function.arguments
    if not text.strip():
        return {}, ""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        return None, f"not JSON ({e.msg} at char {e.pos}): {text[:80]!r}"
    if isinstance(value, str):
        try:
            inner = json.loads(value)
        except json.JSONDecodeError:
            inner = None
        if isinstance(inner, dict):
            return None, "a JSON string holding an object (double-encoded)"
    if not isinstance(value, dict):
        return None, f"JSON {_json_type(value)}, not an object"
    return value, ""


def _mismatch(exp: ExpectedCall, args: dict[str, Any], loose: bool) -> str | None:
    """The first difference between an expected call and a call's arguments, or None if they match."""
    for key, want in exp.arguments.items():
        if key not in args:
            return f"argument {key!r} missing (expected {_show(want)})"
        if not values_match(want, args[key], loose_strings=loose):
            return f"argument {key!r}: expected {_show(want)}, got {_show(args[key])}"
    if not exp.required_only:
        extra = sorted(set(args) - set(exp.arguments))
        if extra:
            return f"unexpected argument {extra[0]!r} = {_show(args[extra[0]])}"
    return None


def _match(spec: ToolCallsSpec, calls: list[tuple[str, dict[str, Any]]]) -> dict[int, int]:
    """Maximum matching expected index -> call index over calls whose arguments match (augmenting paths)."""
    ok = {
        i: [j for j, (name, args) in enumerate(calls)
            if name == exp.name and _mismatch(exp, args, spec.loose_strings) is None]
        for i, exp in enumerate(spec.expected)
    }
    owner: dict[int, int] = {}  # call index -> expected index

    def assign(i: int, seen: set[int]) -> bool:
        for j in ok[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or assign(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in ok:
        assign(i, set())
    return {i: j for j, i in owner.items()}


def _label(j: int, name: str) -> str:
    return f"call {j} ({name})"


@register("tool_calls", ToolCallsSpec)
def grade_tool_calls(spec: ToolCallsSpec, answer: Answer, ctx: GradeContext) -> GradeResult:
    tools = _tool_names(ctx)
    if not answer.tool_calls:
        return _grade_without_calls(spec, answer, list(dict.fromkeys([*tools, *(e.name for e in spec.expected)])))
    names = [c.function.name for c in answer.tool_calls]
    data: dict[str, Any] = {"calls": names}
    if spec.no_call:
        return GradeResult.fail(
            "called_when_not_needed", f"no tool was needed, but the response called {', '.join(names)}", **data
        )

    parsed: list[tuple[str, dict[str, Any]]] = []
    for j, call in enumerate(answer.tool_calls):
        args, why = _parse_arguments(call)
        if args is None:
            return GradeResult.fail("invalid_arguments_json", f"{_label(j, call.function.name)}: arguments are {why}", **data)
        parsed.append((call.function.name, args))

    expected_names = Counter(e.name for e in spec.expected)
    called = Counter(names)
    missing = expected_names - called
    unexpected = called - expected_names
    for j, name in enumerate(names):
        if tools and name not in tools:
            return GradeResult.fail("wrong_tool", f"{_label(j, name)}: the request defines no tool {name!r}", **data)
    if missing and unexpected:
        other = next(j for j, n in enumerate(names) if n in unexpected)
        return GradeResult.fail(
            "wrong_tool",
            f"{_label(other, names[other])}: expected a call to {', '.join(sorted(missing))} instead",
            **data,
        )

    for j, (name, args) in enumerate(parsed):
        if name in tools:
            errs = validate_schema(args, tools[name])
            if errs:
                return GradeResult.fail("schema_violation", f"{_label(j, name)}: {'; '.join(errs)}", **data)

    if missing:
        n_missing = sum(missing.values())
        return GradeResult.fail(
            "parallel_collapsed",
            f"{len(names)} call(s) for {len(spec.expected)} expected; missing {n_missing} call(s) to "
            f"{', '.join(sorted(missing))}",
            **data,
        )

    matching = _match(spec, parsed)
    used = set(matching.values())
    for i, exp in enumerate(spec.expected):
        if i in matching:
            continue
        candidates = [j for j, (n, _a) in enumerate(parsed) if n == exp.name and j not in used] or [
            j for j, (n, _a) in enumerate(parsed) if n == exp.name
        ]
        j = candidates[0]
        why = _mismatch(exp, parsed[j][1], spec.loose_strings) or "its arguments match another expected call"
        return GradeResult.fail("wrong_arguments", f"{_label(j, exp.name)}: {why}", **data)

    leftover = [j for j in range(len(parsed)) if j not in used]
    if leftover and not spec.allow_extra_calls:
        j = leftover[0]
        return GradeResult.fail(
            "extra_calls",
            f"{len(leftover)} call(s) beyond the expected {len(spec.expected)}, first {_label(j, names[j])} "
            f"with {_show(parsed[j][1])}",
            **data,
        )
    return GradeResult.ok(f"{len(spec.expected)} expected call(s) matched: {', '.join(names)}", **data)
