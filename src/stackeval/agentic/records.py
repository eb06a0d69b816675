"""Typed records of the agentic tasks: the task, one model reply, one turn, the outcome of a run."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from stackeval.records.answer import ToolCall
from stackeval.records.request import ChatResult

__all__ = [
    "AGENT_SCHEMA_VERSION",
    "EXCERPT_CHARS",
    "AgentLimits",
    "AgentOutcome",
    "AgentTask",
    "AgenticDoc",
    "FsExpectation",
    "ModelReply",
    "READ_CHARS",
    "RepairExpectation",
    "StopReason",
    "ToolCallRecord",
    "ToolResult",
    "Turn",
    "Verdict",
]

AGENT_SCHEMA_VERSION = 1
EXCERPT_CHARS = 300
StopReason = Literal["solved", "final_answer", "max_turns", "time_limit", "error", "context_exhausted"]
READ_CHARS = 16_000


class AgentLimits(BaseModel):
    """A task's guard and budgets. ``context_tokens``: the most the conversation sent in one request may hold
    (estimated as ``ceil(chars / 4)``; None: unlimited); the loop elides the oldest tool results to stay under
    it. ``read_chars``: the most one ``read_file`` call returns (a repair task's file is then read in pages)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    max_turns: int = Field(default=20, ge=1)
    time_limit_s: float = Field(default=900.0, gt=0)
    context_tokens: int | None = Field(default=None, ge=256)
    read_chars: int = Field(default=READ_CHARS, ge=200)


class FsExpectation(BaseModel):
    """Where the planted bug of a simulated-filesystem task is. ``line_contains`` pins the line's text
    so a change to the tree that moves the line is caught by the tests."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    file: str
    line: int = Field(ge=1)
    line_contains: str = Field(min_length=1)
    tolerance: int = Field(default=1, ge=0)
    # the reference agent's script: what it searches for before reading ``file``
    search: str = Field(min_length=1)


class RepairExpectation(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    tests: int = Field(ge=1)  # how many tests the repo has; all must pass
    failing_at_start: int = Field(ge=1)
    source_files: int = Field(ge=1)
    bugs: int = Field(ge=1)  # fix locations


class AgentTask(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    kind: Literal["fs", "repair"]
    title: str
    description: str  # the user message shown to the model
    system: str | None = None
    limits: AgentLimits = Field(default_factory=AgentLimits)
    tree: str | None = None  # fs: the folder under tasks/trees/ holding the simulated tree
    fs: FsExpectation | None = None
    repair: RepairExpectation | None = None


class ModelReply(BaseModel):
    """One assistant reply as the loop sees it; ``error`` is a short label (``http_503``, ``timeout``)
    when the request failed."""

    model_config = ConfigDict(extra="forbid")
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    ttft_ms: float | None = None
    error: str | None = None
    tokens_estimated: bool = False  # token counts estimated from characters (a manual model), not reported
    cached_tokens: int | None = None  # prompt tokens the server took from its prefix cache, when it said
    decode_ms: float | None = None  # first output delta to the last

    @classmethod
    def from_chat(cls, result: ChatResult) -> ModelReply:
        """Adapt the client's ``ChatResult``."""
        usage = result.usage
        cached = usage.cached_tokens if usage else None
        st = result.server_timings or {}
        if cached is None and isinstance(st.get("cache_n"), int):
            cached = st["cache_n"]  # llama.cpp: prompt tokens reused from the slot's cache
        t = result.timings
        return cls(
            content=result.content,
            tool_calls=list(result.tool_calls),
            finish_reason=result.finish_reason,
            prompt_tokens=usage.prompt_tokens if usage else None,
            completion_tokens=usage.completion_tokens if usage else None,
            ttft_ms=t.ttft_ms,
            error=result.error.label if result.error is not None else None,
            cached_tokens=cached,
            decode_ms=t.ms(t.first_output_ns, t.last_output_ns),
        )


class ToolResult(BaseModel):
    """What a tool gave back. ``content`` goes to the model as the tool message; ``error`` is a short
    label when the call failed (``no_such_file``, ``bad_arguments``...)."""

    model_config = ConfigDict(extra="forbid")
    content: str
    error: str | None = None
    file_read: str | None = None
    file_written: str | None = None
    files_written: list[str] = Field(default_factory=list)  # a call that wrote several files (apply_patch)

    @property
    def ok(self) -> bool:
        return self.error is None


class ToolCallRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name: str
    arguments: str
    error: str | None = None
    result_chars: int = 0
    result_excerpt: str = ""  # the first EXCERPT_CHARS characters of what the tool returned
    ms: float = 0.0


class Turn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int  # 1-based
    request_messages: int  # messages sent in this turn's request
    content: str = ""
    finish_reason: str | None = None
    tool_calls: list[ToolCallRecord] = Field(default_factory=list)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    ttft_ms: float | None = None
    model_ms: float = 0.0
    tools_ms: float = 0.0
    error: str | None = None
    tokens_estimated: bool = False
    cached_tokens: int | None = None
    decode_ms: float | None = None
    context_tokens: int | None = None  # the conversation this turn sent, estimated (ceil(chars / 4)), after elision
    elided: int = 0  # tool results elided before this turn's request to fit the context budget


class Verdict(BaseModel):
    """A tool set's judgement of the run's end state."""

    model_config = ConfigDict(extra="forbid")
    solved: bool
    detail: str = ""
    tests_passed: int | None = None
    tests_failed: int | None = None
    tests_hash_ok: bool | None = None


class AgentOutcome(BaseModel):
    """The result of one agent run. ``reason`` is ``solved`` exactly when ``solved`` is true; otherwise
    it says what ended the run. ``fixes_in_one_turn`` (repair tasks that were solved) is true when every
    file write happened in a single turn; None for other tasks or unsolved runs."""

    model_config = ConfigDict(extra="forbid")
    schema_version: int = AGENT_SCHEMA_VERSION
    task_id: str
    solved: bool
    reason: StopReason
    detail: str = ""
    turns: list[Turn] = Field(default_factory=list)
    tool_calls_by_kind: dict[str, int] = Field(default_factory=dict)
    tool_errors: int = 0
    files_read: list[str] = Field(default_factory=list)
    files_written: list[str] = Field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    wall_s: float = 0.0
    final_answer: str | None = None
    fixes_in_one_turn: bool | None = None
    tests_passed: int | None = None
    tests_failed: int | None = None
    tests_hash_ok: bool | None = None
    elided_results: int = 0  # tool results replaced by a one-line stub to fit the context budget
    peak_context_tokens: int | None = None  # the largest conversation sent in one request (estimated)

    @property
    def n_turns(self) -> int:
        return len(self.turns)

    @property
    def edit_tools(self) -> dict[str, int]:
        """How the model changed files: calls of ``write_file`` (whole file), ``edit_file`` (a span) and
        ``apply_patch`` (a unified diff)."""
        return {k: v for k, v in sorted(self.tool_calls_by_kind.items())
                if k in ("write_file", "edit_file", "apply_patch")}


class RepoSize(BaseModel):
    model_config = ConfigDict(extra="ignore")
    source_files: int | None = None
    tests: int | None = None
    bugs: int | None = None
    failing_at_start: int | None = None


class GuardDoc(BaseModel):
    model_config = ConfigDict(extra="ignore")
    max_turns: int | None = None
    time_limit_s: float | None = None
    context_tokens: int | None = None


class AgenticDoc(BaseModel):
    """The stored run doc ``agentic.<task>.<arm>`` of one task run, as the report reads it."""

    model_config = ConfigDict(extra="ignore")
    schema_version: int = 1
    task_id: str
    arm: str = "default"
    kind: str = ""
    title: str = ""
    status: str | None = None
    failure_class: str | None = None
    size: RepoSize | None = None
    guard: GuardDoc = Field(default_factory=GuardDoc)
    outcome: AgentOutcome
