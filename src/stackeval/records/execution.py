"""The seam between graders and the sandbox: graders call an injected ``Executor``."""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field


class Limits(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    wall_s: float = 10.0
    cpu_s: float = 10.0
    memory_mb: int = 1024
    processes: int = 64
    output_bytes: int = 1_000_000
    network: bool = False


class ExecResult(BaseModel):
    model_config = ConfigDict(extra="forbid")
    exit_code: int | None
    # "ok": process exited by itself; the others say which limit ended it
    ended_by: Literal["exit", "timeout", "memory_limit", "output_limit", "signal", "start_failed"]
    stdout: str = ""
    stderr: str = ""
    wall_s: float = 0.0
    files: dict[str, str] = Field(default_factory=dict)  # requested result files read back after the run
    isolation: list[str] = Field(default_factory=list)  # e.g. ["netns", "rlimits", "tmpdir"]; weaker isolation is visible


class Executor(Protocol):
    def run(
        self, files: dict[str, str], argv: list[str], limits: Limits, collect: list[str] | None = None
    ) -> ExecResult:
        """Write ``files`` into a fresh work dir, run ``argv`` there under ``limits``,
        return the result and the contents of the ``collect`` files."""
        ...
