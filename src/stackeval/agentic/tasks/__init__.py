"""The builtin agentic tasks, stored as data next to this module.

- ``<task>/task.yaml``: the task (an ``AgentTask``). Filesystem tasks name a ``tree`` under ``trees/``;
  repair tasks keep their repository under ``<task>/repo/`` and the planted bugs' reference fixes in
  ``<task>/fixes.yaml``.
- A repair task's user message is its ``description`` followed by the list of the repository's files with
  their sizes (so reading everything is a choice the model makes knowing its cost).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from stackeval.agentic.fs import FsToolSet, fs_tool_schemas
from stackeval.agentic.records import AgentTask
from stackeval.agentic.repair import RepairWorkspace, repair_tool_schemas
from stackeval.graders.tool_calls import check_tool_definitions
from stackeval.records.execution import Executor

__all__ = ["TASKS_DIR", "BugKind", "Fix", "Trap", "bugs_of", "list_tasks", "load_fixes", "load_task", "make_toolset", "read_tree", "task_files"]

TASKS_DIR = Path(__file__).parent
_SKIP = {"__pycache__", ".pytest_cache"}


BugKind = Literal[
    "off_by_one", "mutable_default", "swallowed_exception", "sign",
    "cross_module",  # the symptom shows in another module's tests than the cause
    "deep_traceback",  # the failure surfaces as an exception several calls below the test
    "coordinated",  # the fix needs edits in two places that must agree
    "misleading_comment", "misleading_test_name",
    "regression_trap",  # the obvious fix breaks passing tests elsewhere (see ``trap``)
    "rounding",
]


class Trap(BaseModel):
    """A careless fix of a bug: replacing ``old`` by ``new`` in ``file`` (on the pristine repo) makes the
    passing tests ``breaks`` fail."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    file: str
    old: str = Field(min_length=1)
    new: str
    breaks: list[str] = Field(min_length=1)


class Fix(BaseModel):
    """One edit of a planted bug: replacing ``old`` (found exactly once in ``file``) by ``new``. A bug is
    every fix with the same ``bug`` name (a coordinated fix has several edits, in one file or more)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    file: str
    kind: BugKind
    old: str = Field(min_length=1)
    new: str
    tests: list[str] = Field(min_length=1)  # the tests this bug makes fail
    bug: str = ""  # default: its own bug
    trap: Trap | None = None


def bugs_of(fixes: list[Fix]) -> dict[str, list[Fix]]:
    """The fixes grouped by bug, in file order; a fix without a ``bug`` name is a bug of its own."""
    out: dict[str, list[Fix]] = {}
    for i, f in enumerate(fixes):
        out.setdefault(f.bug or f"#{i}", []).append(f)
    return out


def list_tasks(kind: str | None = None) -> list[str]:
    ids = sorted(p.parent.name for p in TASKS_DIR.glob("*/task.yaml"))
    return [i for i in ids if kind is None or _raw_task(i)["kind"] == kind]


def read_tree(root: Path) -> dict[str, str]:
    """Every text file under ``root`` by relative POSIX path (caches skipped)."""
    out: dict[str, str] = {}
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if p.is_file() and not _SKIP.intersection(rel.parts) and p.suffix != ".pyc":
            out[rel.as_posix()] = p.read_text(encoding="utf-8")
    return out


def _raw_task(task_id: str) -> dict[str, Any]:
    path = TASKS_DIR / task_id / "task.yaml"
    if not path.is_file():
        raise KeyError(f"unknown agentic task {task_id!r} (known: {', '.join(list_tasks())})")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def task_files(task: AgentTask) -> dict[str, str]:
    """The files the task starts from: the simulated tree, or the repair repository."""
    if task.kind == "fs":
        if not task.tree:
            raise ValueError(f"fs task {task.id} names no tree")
        return read_tree(TASKS_DIR / "trees" / task.tree)
    return read_tree(TASKS_DIR / task.id / "repo")


def load_task(task_id: str) -> AgentTask:
    raw = _raw_task(task_id)
    task = AgentTask.model_validate(raw)
    if task.id != task_id:
        raise ValueError(f"{task_id}/task.yaml says id {task.id!r}")
    bad_tools = check_tool_definitions(fs_tool_schemas() if task.kind == "fs" else repair_tool_schemas())
    if bad_tools:
        raise ValueError(f"{task_id}: {bad_tools[0]}")
    if task.kind == "repair":
        listing = "\n".join(f"- {p} ({len(t.encode()) / 1000:.1f} kB)" for p, t in task_files(task).items())
        desc = f"{task.description.rstrip()}\n\nFiles in the repository:\n{listing}\n"
        task = task.model_copy(update={"description": desc})
    return task


def load_fixes(task_id: str) -> list[Fix]:
    raw = yaml.safe_load((TASKS_DIR / task_id / "fixes.yaml").read_text(encoding="utf-8"))
    return [Fix.model_validate(f) for f in raw]


def make_toolset(task: AgentTask, executor: Executor | None = None) -> FsToolSet | RepairWorkspace:
    """A fresh tool set for one run. A repair workspace owns a temp dir: ``close()`` it (or use ``with``)."""
    if task.kind == "fs":
        return FsToolSet(task, task_files(task))
    if executor is None:
        raise ValueError(f"repair task {task.id} needs a sandbox executor")
    return RepairWorkspace(task, task_files(task), executor)
