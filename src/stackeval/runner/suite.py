"""Run a suite: bounded request concurrency, grading in worker threads alongside the requests, one
store write per completed result (so a killed run keeps everything that finished)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass
from typing import Any

from stackeval.client.http import Client
from stackeval.graders.base import GradeContext, grade
from stackeval.records.answer import Answer, GradeResult
from stackeval.records.execution import Executor
from stackeval.records.items import Item
from stackeval.records.request import ChatRequest, ChatResult
from stackeval.records.run import RunSpec, TestResult
from stackeval.runner.budget import BudgetPlan
from stackeval.runner.outcome import outcome
from stackeval.runner.requests import budget_for, build_request
from stackeval.runner.thinking import arm_labels, split_arm
from stackeval.store.db import Store
from stackeval.suites.loader import Suite

Progress = Callable[[TestResult], None]
NO_CALL_CLASSES = frozenset({"tools_ignored", "tool_not_called", "truncated", "empty_answer"})


@dataclass(frozen=True)
class WorkUnit:
    item: Item
    arm: str
    repeat: int
    attempt: int = 1


def plan(suite: Suite, spec: RunSpec, done: dict[tuple[str, str, int], TestResult], retry_errors: bool = False) -> list[WorkUnit]:
    """What is still to run: units with no stored result (and, with retry_errors, those that errored)."""
    units: list[WorkUnit] = []
    for item in suite.items:
        for arm in arm_labels(spec.thinking, list(spec.transports)):
            for rep in range(spec.repeats):
                prev = done.get((item.id, arm, rep))
                if prev is None:
                    units.append(WorkUnit(item, arm, rep))
                elif (retry_errors and prev.status in ("error", "timeout")) or prev.failure_class == "worker_lost":
                    # a unit whose (Ray) worker died never got an answer: resume always re-runs it
                    units.append(WorkUnit(item, arm, rep, prev.attempt + 1))
    return units


class BudgetLearning:
    """Learns, from the first default-arm response that carries reasoning, that the model reasons when
    nothing was known before the run (``BudgetPlan.reasoning_model`` is None). Later default-arm requests
    then get the reasoning allowance."""

    def __init__(self, spec: RunSpec) -> None:
        plan = BudgetPlan.model_validate(spec.budget) if spec.budget else None
        self.active = plan is not None and plan.reasoning_model is not True and spec.max_tokens is None
        self.learned_from: str | None = None

    @property
    def learned(self) -> bool:
        return self.learned_from is not None

    def observe(self, u: WorkUnit, res: ChatResult) -> bool:
        """True when this response is the one the run learned from."""
        if not self.active or self.learned or split_arm(u.arm)[0] != "default" or not res.ok:
            return False
        if res.reasoning or (res.usage and res.usage.reasoning_tokens):
            self.learned_from = u.item.id
            return True
        return False


def make_grader(executor: Executor | None) -> Callable[[Item, Answer], GradeResult]:
    def _grade(item: Item, answer: Answer) -> GradeResult:
        ctx = GradeContext(executor=executor, tools=tuple(item.tools or ()))
        for n in range(1, 4):
            try:
                return grade(item.grader, answer, ctx)
            except SystemError as e:
                # CPython 3.11: ast.parse in concurrent grading threads can raise a spurious "AST constructor
                # recursion depth mismatch" (gh-106905). Graders are pure, so grading again is the same grade.
                if "recursion depth mismatch" not in str(e) or n == 3:
                    raise
        raise AssertionError("unreachable")

    return _grade


async def run_units(
    client: Client, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
    executor: Executor | None, progress: Progress | None = None, grade_workers: int | None = None,
    tools_supported: bool | None = None,
) -> list[TestResult]:
    """``tools_supported`` is what the server said about its chat template (llama.cpp's /props
    chat_template_caps); False marks tool items that got no call with ``template_without_tools``: the
    stack, not the model, dropped the tools."""
    sem = asyncio.Semaphore(max(1, spec.concurrency))
    gsem = asyncio.Semaphore(grade_workers or max(1, (os.cpu_count() or 2)))
    grader = make_grader(executor)
    out: list[TestResult] = []

    learn = BudgetLearning(spec)

    async def one(u: WorkUnit) -> None:
        tr, pairs = await run_unit(client, spec, engine, u, grader, learn, gsem, sem)
        flag_template(tr, u.item, tools_supported)
        if not store.put_result_if_new(run_id, tr, pairs):
            return  # a concurrent resume of the same run stored this unit first; keep theirs
        out.append(tr)
        if progress:
            progress(tr)

    await gather_all(one(u) for u in units)
    return out


async def run_unit(
    client: Client, spec: RunSpec, engine: str, u: WorkUnit, grader: Callable[[Item, Answer], GradeResult],
    learn: BudgetLearning, gsem: asyncio.Semaphore, sem: asyncio.Semaphore | None = None,
) -> tuple[TestResult, list[tuple[ChatRequest, ChatResult]]]:
    """One unit, whichever executor runs it (this process, or a Ray worker): build the request, send it
    (under ``sem``, the run's request bound, when the caller does not hold one), resend once with the
    reasoning allowance when ``learn`` found out meanwhile that the model reasons, grade (under ``gsem``).
    Returns the result and every request/response pair behind it, in order; nothing is stored."""
    bound = sem or contextlib.nullcontext()
    scheduled = time.perf_counter_ns()
    async with bound:
        knew = learn.learned  # built once a slot is free, so what was learned meanwhile applies
        req = build_request(u.item, spec, engine, u.arm, u.repeat, learned=knew)
        res = await client.chat(req, scheduled_ns=scheduled)
    pairs = [(req, res)]
    first = learn.observe(u, res)
    resent = False
    if not knew and learn.learned and res.ok and res.finish_reason == "length":
        # a reasoning model, found out from this or a concurrent response: this answer got no reasoning
        # allowance and ran out, so ask again with it (both requests are stored)
        req2 = build_request(u.item, spec, engine, u.arm, u.repeat, learned=True)
        if req2.body["max_tokens"] > req.body["max_tokens"]:
            async with bound:
                res = await client.chat(req2, scheduled_ns=time.perf_counter_ns())
            req, resent = req2, True
            pairs.append((req, res))
    async with gsem:
        tr = await asyncio.to_thread(outcome, u.item, res, u.arm, u.repeat, grader, u.attempt)
    tr.max_tokens = req.body.get("max_tokens")
    if spec.budget:
        tr.reasoning_allowance = budget_for(u.item, spec, u.arm, learned=knew or resent)[1]
    if first:
        tr.flags.append("reasoning_learned_here")
    if resent:
        tr.flags.append("budget_resent")
    return tr, pairs


def flag_template(tr: TestResult, item: Item, tools_supported: bool | None) -> None:
    """``tools_supported`` is what the server said about its chat template; False marks a tool item that got
    no call ``template_without_tools``: the stack, not the model, dropped the tools."""
    if tools_supported is False and item.tools and tr.failure_class in NO_CALL_CLASSES:
        tr.flags.append("template_without_tools")


async def gather_all(coros: Iterable[Coroutine[Any, Any, None]]) -> None:
    """Run the coroutines as tasks; when one fails (or we are cancelled) cancel the rest, wait for them to
    finish, then raise: no unit is left running behind a failed or interrupted run."""
    tasks = [asyncio.create_task(c) for c in coros]
    try:
        await asyncio.gather(*tasks)
    except BaseException:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise
