"""A whole suite run: validate inputs, discover the stack, create or resume the run, run, finish.

``run_suite`` is the one lifecycle; the executor (``runner.executors``: local, or Ray from
``stackeval.distributed``) decides where units are sent from and graded. The open/resume/finish steps are
``runner.lifecycle``'s, shared with agentic and bench runs. Inputs are validated before the store is
touched, so a bad URL, recipe or profile leaves the DB as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from stackeval.client.http import check_base_url
from stackeval.client.options import client_options
from stackeval.errors import UserError, WorkersLost
from stackeval.records.execution import Executor
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.runner.budget import plan_budget
from stackeval.runner.executors import LocalSuiteExecutor, SuiteExecutor
from stackeval.runner.lifecycle import check_unchanged, choose_model, git_rev, open_run, stored_run
from stackeval.runner.requests import resolved_defaults
from stackeval.runner.suite import plan
from stackeval.runner.thinking import arms_for, mapping_for
from stackeval.suites.loader import Suite, load_profile

__all__ = ["RunOutcome", "client_options", "execute_suite", "git_rev", "run_suite", "suite_endpoints"]


@dataclass
class RunOutcome:
    run_id: str
    results: list[TestResult]
    new_results: int
    stack: StackProfile
    resumed: bool


async def execute_suite(
    *, db_path: Path, endpoint: str | None, profile: str | None, model: str | None, concurrency: int,
    api_key: str | None, api_key_env: str | None, recipe: Recipe | None, recipe_path: str | None,
    only: list[str], thinking: str, repeats: int, resume: str | None, force: bool, retry_errors: bool,
    executor: Executor | None, timeouts: dict[str, float], progress: Callable[[TestResult], None] | None = None,
    on_start: Callable[[str, int], None] | None = None, max_tokens_cap: int | None = None,
    transports: list[str] | None = None, reasoning_budget: int | None = None, max_tokens: int | None = None,
) -> RunOutcome:
    """``run_suite`` on this machine: a ``LocalSuiteExecutor`` against ``endpoint`` (on resume, by default,
    the run's own), grading code with ``executor``."""
    endpoints = suite_endpoints(db_path, resume, [endpoint] if endpoint else [])
    async with LocalSuiteExecutor(endpoints[0], api_key, timeouts, executor) as ex:
        return await run_suite(
            ex, db_path=db_path, profile=profile, model=model, concurrency=concurrency, api_key_env=api_key_env,
            recipe=recipe, recipe_path=recipe_path, only=only, thinking=thinking, repeats=repeats, resume=resume,
            force=force, retry_errors=retry_errors, timeouts=timeouts, progress=progress, on_start=on_start,
            max_tokens_cap=max_tokens_cap, transports=transports, reasoning_budget=reasoning_budget,
            max_tokens=max_tokens)


def suite_endpoints(db_path: Path, resume: str | None, given: list[str]) -> list[str]:
    """The endpoints to run against: those given, else (resuming) the ones the run used (its shards, else its
    one endpoint). Checked as URLs before anything is started."""
    if not given and resume:
        stored = stored_run(db_path, resume)
        doc = stored.docs.get("distributed") or {}
        given = list(doc.get("endpoints") or [stored.spec.endpoint])
    if not given:
        raise UserError("--endpoint is required")
    for e in given:
        check_base_url(e)
    return list(dict.fromkeys(given))


async def run_suite(
    ex: SuiteExecutor, *, db_path: Path, profile: str | None, model: str | None, concurrency: int,
    api_key_env: str | None, recipe: Recipe | None, recipe_path: str | None, only: list[str], thinking: str,
    repeats: int, resume: str | None, force: bool, retry_errors: bool, timeouts: dict[str, float],
    progress: Callable[[TestResult], None] | None = None, on_start: Callable[[str, int], None] | None = None,
    max_tokens_cap: int | None = None, transports: list[str] | None = None,
    reasoning_budget: int | None = None, max_tokens: int | None = None,
) -> RunOutcome:
    """The one suite lifecycle: validate, discover, create or resume the run, plan, run the units through
    ``ex`` (entered by the caller), finish. A resumed run re-runs what is not stored yet and the units whose
    worker was lost (``worker_lost``), each as its next attempt."""
    stored = stored_run(db_path, resume) if resume else None
    if stored is not None:
        profile = stored.spec.profile
    for e in ex.endpoints:
        check_base_url(e)
    if not profile:
        raise UserError("--profile is required")
    suite: Suite = load_profile(profile)
    if stored is not None:
        suite = suite.select(stored.spec.only or None)
        check_unchanged(f"suite {profile}", stored.run_id, "hash", stored.content_hash, suite.suite_hash, force)
    else:
        suite = suite.select(only or None)

    stacks = await ex.discover(recipe)
    stack = stacks[0]
    odd = [(e, s.fingerprint) for e, s in zip(ex.endpoints, stacks, strict=True) if s.fingerprint != stack.fingerprint]
    if odd and not force:
        raise UserError(f"the endpoints are not replicas of one deployment: {ex.endpoints[0]} has stack "
                        f"{stack.fingerprint}, " + ", ".join(f"{e} has {fp}" for e, fp in odd) + "; use --force to mix")
    endpoint = ex.endpoints[0]
    if stored is not None:
        spec = stored.spec
        check_unchanged("stack", stored.run_id, "fingerprint", stored.fingerprint, stack.fingerprint, force)
    else:
        spec = RunSpec(
            endpoint=endpoint, model=choose_model(model, stack, endpoint), profile=profile, only=only,
            concurrency=concurrency, thinking=thinking, repeats=repeats,  # type: ignore[arg-type]
            defaults=resolved_defaults(recipe.sampling if recipe else None),
            thinking_mapping=mapping_for(stack.engine, arms_for(thinking)),
            api_key_env=api_key_env, recipe_path=recipe_path, timeouts=timeouts, max_tokens_cap=max_tokens_cap,
            transports=transports or ["stream"],  # type: ignore[arg-type]
            max_tokens=max_tokens, reasoning_budget=reasoning_budget,
            budget=plan_budget(engine=stack.engine, recipe=recipe, settings=stack.settings,
                               max_model_len=stack.max_model_len, reasoning_budget=reasoning_budget,
                               max_tokens=max_tokens, max_tokens_cap=max_tokens_cap).model_dump(),
        )
    with open_run(db_path, spec, stack, suite.suite_hash, stored.run_id if stored else None) as (store, run_id):
        units = plan(suite, spec, store.done_keys(run_id), retry_errors=retry_errors)
        if on_start:
            on_start(run_id, len(units))
        caps = stack.settings.get("props.chat_template_caps.supports_tools")
        try:
            new = await ex.run_units(store, run_id, spec, stack.engine, units, progress,
                                     tools_supported=caps if isinstance(caps, bool) else None)
        finally:
            ex.record(store, run_id)
        if ex.unrun:
            raise WorkersLost(f"run {run_id}: every worker was lost; {ex.unrun} tests not run "
                              f"(resume with --resume {run_id})")
        results = list(store.latest_results(run_id))
    return RunOutcome(run_id, results, len(new), stack, stored is not None)
