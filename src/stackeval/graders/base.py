"""Grader registry. A grader is a pure function ``(spec, answer, ctx) -> GradeResult``.

Graders take no network, no disk and no clock; code execution reaches them only through the
executor in ``GradeContext``.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from stackeval.records.answer import Answer, GradeResult
from stackeval.records.execution import Executor

S = TypeVar("S", bound=BaseModel)


@dataclass(frozen=True)
class GradeContext:
    executor: Executor | None = None
    # tools the request carried (tool-call graders validate arguments against their schemas)
    tools: tuple[dict[str, Any], ...] = ()
    # the LLM judge's verdict text, supplied by the runner (only for the opt-in llm_judge grader)
    judge_verdict: str | None = None


@dataclass(frozen=True)
class GraderEntry(Generic[S]):
    kind: str
    spec_model: type[S]
    fn: Callable[[S, Answer, GradeContext], GradeResult]


_REGISTRY: dict[str, GraderEntry[Any]] = {}
# Built-in grader modules, imported lazily on first lookup so registration is complete.
_BUILTIN_MODULES = (
    "stackeval.graders.math",
    "stackeval.graders.answer_line",
    "stackeval.graders.code",
    "stackeval.graders.checks",
    "stackeval.graders.tool_calls",
    "stackeval.graders.judge",
)
_loaded = False
_load_lock = threading.Lock()


def register(kind: str, spec_model: type[S]) -> Callable[[Callable[[S, Answer, GradeContext], GradeResult]], Callable[[S, Answer, GradeContext], GradeResult]]:
    def deco(fn: Callable[[S, Answer, GradeContext], GradeResult]) -> Callable[[S, Answer, GradeContext], GradeResult]:
        if kind in _REGISTRY:
            raise ValueError(f"grader kind {kind!r} registered twice")
        _REGISTRY[kind] = GraderEntry(kind, spec_model, fn)
        return fn

    return deco


def _load_builtins() -> None:
    """Import the builtin grader modules once. Grading runs in threads: the flag is set only after
    every import finished, under a lock, so no thread sees a half-filled registry."""
    global _loaded
    if _loaded:
        return
    with _load_lock:
        if _loaded:
            return
        for mod in _BUILTIN_MODULES:
            try:
                importlib.import_module(mod)
            except ModuleNotFoundError as e:  # a grader module not written yet must not break the others
                if e.name != mod:
                    raise
        _loaded = True


def known_kinds() -> list[str]:
    _load_builtins()
    return sorted(_REGISTRY)


def get_grader(kind: str) -> GraderEntry[Any]:
    _load_builtins()
    try:
        return _REGISTRY[kind]
    except KeyError:
        raise KeyError(f"unknown grader kind {kind!r} (known: {', '.join(sorted(_REGISTRY))})") from None


def parse_spec(spec: dict[str, Any]) -> BaseModel:
    entry = get_grader(spec["kind"])
    return entry.spec_model.model_validate({k: v for k, v in spec.items() if k != "kind"})


def grade(spec: dict[str, Any], answer: Answer, ctx: GradeContext | None = None) -> GradeResult:
    entry = get_grader(spec["kind"])
    parsed = entry.spec_model.model_validate({k: v for k, v in spec.items() if k != "kind"})
    return entry.fn(parsed, answer, ctx or GradeContext())
