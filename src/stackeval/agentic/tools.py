"""Shared pieces of the tool sets: OpenAI function schemas, argument checks, the ``ToolSet`` protocol."""

from __future__ import annotations

from typing import Any, Protocol

from stackeval.agentic.records import ToolResult, Verdict

__all__ = ["ToolSet", "bad_arguments", "function_schema", "str_arg", "unknown_tool"]


class ToolSet(Protocol):
    """The tools of one task run, and the judge of its end state."""

    def schemas(self) -> list[dict[str, Any]]:
        """The tools in OpenAI function format, as sent in the request's ``tools``."""
        ...

    async def call(self, name: str, args: dict[str, Any]) -> ToolResult:
        """Run one tool call; failures are results with an ``error`` label, never exceptions."""
        ...

    def solved_now(self) -> bool:
        """Cheap mid-run success check, asked after every turn with tool calls."""
        ...

    async def verify(self, final_answer: str | None) -> Verdict:
        """Judge the end state (and the final answer, if the run ended with one)."""
        ...


def function_schema(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            },
        },
    }


def bad_arguments(message: str) -> ToolResult:
    return ToolResult(content=f"error: {message}", error="bad_arguments")


def unknown_tool(name: str, known: list[str]) -> ToolResult:
    return ToolResult(content=f"error: unknown tool {name!r}; available: {', '.join(known)}", error="unknown_tool")


def str_arg(args: dict[str, Any], key: str, *, required: bool = True) -> str | None | ToolResult:
    """The string argument ``key``; a ``bad_arguments`` result when it is missing or not a string."""
    if key not in args or args[key] is None:
        return bad_arguments(f"missing argument {key!r}") if required else None
    value = args[key]
    if not isinstance(value, str):
        return bad_arguments(f"argument {key!r} must be a string")
    return value
