"""Stored records of one agentic task run (pure): the ``TestResult`` with its status and failure class,
the run doc name and the run doc. Split out of ``runner.agentic``, which re-exports every name here."""

from __future__ import annotations

import re
from typing import Any

from stackeval.agentic.loop import Guard
from stackeval.agentic.records import AgentOutcome, AgentTask
from stackeval.records.request import ChatRequest, ChatResult, RequestError
from stackeval.records.run import TestResult
from stackeval.runner.thinking import honoured

__all__ = ["AGENTIC_DOC_SCHEMA", "agent_doc", "agent_result", "context_exceeded", "doc_name"]

AGENTIC_DOC_SCHEMA = 1


# ---- outcome -> stored records (pure) ---------------------------------------------------------------------
_CONTEXT = re.compile(r"context (size|length|window)|exceed_context|maximum context|too many tokens|prompt is too long",
                      re.IGNORECASE)
_LOCATION = re.compile(r"FILE[\s*_]*:.*?LINE[\s*_]*:", re.IGNORECASE | re.DOTALL)


def context_exceeded(err: RequestError | None) -> bool:
    """Did the server refuse the request because the conversation outgrew the model's context? That is the
    agent's own growth, not an infrastructure failure."""
    return (err is not None and err.status in (400, 413, 422)
            and bool(_CONTEXT.search(f"{err.message} {err.body_excerpt}")))


def _failure(task: AgentTask, out: AgentOutcome, last: ChatResult | None) -> tuple[str, str]:
    """(status, failure_class) of a run that did not solve its task."""
    if out.reason == "error":
        err = last.error if last is not None else None
        if context_exceeded(err):
            return "fail", "context_exceeded"
        label = err.label if err is not None else (out.turns[-1].error if out.turns else None) or "error"
        return ("timeout" if label == "timeout" else "error"), label
    if out.tests_hash_ok is False:
        return "fail", "tests_changed"
    if out.reason == "final_answer":
        if out.turns and out.turns[-1].finish_reason == "length":
            return "fail", "truncated"
        if task.kind == "fs" and _LOCATION.search(out.final_answer or ""):
            return "fail", "wrong_location"
    return "fail", out.reason


def agent_result(task: AgentTask, arm: str, out: AgentOutcome, pairs: list[tuple[ChatRequest, ChatResult]],
                 attempt: int = 1, tools_supported: bool | None = None) -> TestResult:
    """The stored result of one task run. Pure. ``tools_supported`` is what the server said about its chat
    template (llama.cpp's /props); False marks a run with no tool call at all ``template_without_tools``: the
    stack, not the model, may have dropped the tools."""
    reasoning = sum(len(res.reasoning) for _, res in pairs)
    flags: list[str] = []
    if any(res.reasoning_source == "think_tags" for _, res in pairs):
        flags.append("reasoning_in_content")
    if honoured(arm, reasoning) is False:
        flags.append("thinking_ignored")
    if any(t.finish_reason == "length" for t in out.turns):
        flags.append("turn_truncated")
    if out.tool_errors:
        flags.append(f"tool_errors:{out.tool_errors}")
    if tools_supported is False and not any(out.tool_calls_by_kind.values()):
        flags.append("template_without_tools")
    if out.solved:
        status, fc = "pass", None
    else:
        status, fc = _failure(task, out, pairs[-1][1] if pairs else None)
    last = out.turns[-1] if out.turns else None
    detail = out.detail
    if status in ("error", "timeout") and pairs and pairs[-1][1].error is not None:
        detail = f"turn {len(pairs)}: {pairs[-1][1].error.message}"  # type: ignore[union-attr]
    grade = {
        "reason": out.reason, "turns": out.n_turns, "tool_calls": dict(out.tool_calls_by_kind),
        "tool_errors": out.tool_errors, "files_read": len(out.files_read), "files_written": len(out.files_written),
        "fixes_in_one_turn": out.fixes_in_one_turn, "tests_passed": out.tests_passed,
        "tests_failed": out.tests_failed, "tests_hash_ok": out.tests_hash_ok,
        "elided_results": out.elided_results, "peak_context_tokens": out.peak_context_tokens,
    }
    return TestResult(
        test_id=task.id, category="agentic", tier=task.kind, arm=arm, repeat=0, attempt=attempt, status=status,
        failure_class=fc, detail=detail[:500], flags=flags, wall_s=round(out.wall_s, 4),
        ttft_ms=out.turns[0].ttft_ms if out.turns else None, prompt_tokens=out.prompt_tokens,
        completion_tokens=out.completion_tokens, reasoning_chars=reasoning,
        finish_reason=last.finish_reason if last else None, grade=grade,
        answer_excerpt=(out.final_answer if out.final_answer is not None else (last.content if last else ""))[:2000],
    )


def doc_name(task_id: str, arm: str) -> str:
    return f"agentic.{task_id}.{arm}"


def agent_doc(task: AgentTask, arm: str, out: AgentOutcome, result: TestResult, guard: Guard) -> dict[str, Any]:
    """The run doc of one task run: the whole outcome plus what the report needs to place it. Pure."""
    size = None
    if task.repair is not None:
        size = {"source_files": task.repair.source_files, "tests": task.repair.tests, "bugs": task.repair.bugs,
                "failing_at_start": task.repair.failing_at_start}
    return {
        "schema_version": AGENTIC_DOC_SCHEMA, "task_id": task.id, "arm": arm, "kind": task.kind,
        "title": task.title, "status": result.status, "failure_class": result.failure_class, "size": size,
        "guard": {"max_turns": guard.max_turns, "time_limit_s": guard.time_limit_s,
                  "context_tokens": task.limits.context_tokens},
        "outcome": out.model_dump(mode="json"),
    }
