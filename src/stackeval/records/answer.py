"""What a model answered, and what a grader concluded about it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ToolCallFunction(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: str = ""
    arguments: str = ""  # the raw JSON text as the server sent it


class ToolCall(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str | None = None
    type: str = "function"
    index: int = 0
    function: ToolCallFunction = Field(default_factory=ToolCallFunction)


class Answer(BaseModel):
    """The graded view of one response.

    ``content`` is the answer text with any leaked reasoning already stripped by the runner;
    graders never see reasoning as the answer.
    """

    model_config = ConfigDict(extra="forbid")
    content: str = ""
    reasoning: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    finish_reason: str | None = None


class GradeResult(BaseModel):
    """A grader's verdict. ``failure_class`` is None exactly when ``passed`` is True."""

    model_config = ConfigDict(extra="forbid")
    passed: bool
    failure_class: str | None = None
    detail: str = ""
    flags: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def ok(cls, detail: str = "", **data: Any) -> GradeResult:
        return cls(passed=True, detail=detail, data=data)

    @classmethod
    def fail(cls, failure_class: str, detail: str = "", *, flags: list[str] | None = None, **data: Any) -> GradeResult:
        return cls(passed=False, failure_class=failure_class, detail=detail, flags=flags or [], data=data)
