"""A whole suite run through a ``SuiteExecutor``: the same steps as ``runner.session.execute_suite``
(validate, discover, create or resume the run, plan, run, finish), with the sending and grading of units
delegated to the executor and every store write kept here, in the driver.

With ``LocalSuiteExecutor`` this is today's local run. With ``RaySuiteExecutor`` the endpoints are shards
(replicas of one deployment: their stack fingerprints must agree) and the run records where its results
came from (doc "distributed"). A resumed run re-runs the units whose worker was lost (``worker_lost``),
each as its next attempt, besides everything not stored yet.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from stackeval._version import __version__
from stackeval.client.http import check_base_url
from stackeval.distributed.cluster import WorkersLost
from stackeval.distributed.records import LOST
from stackeval.distributed.suite_exec import SuiteExecutor
from stackeval.errors import UserError
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.runner.requests import resolved_defaults
from stackeval.runner.session import RunOutcome, git_rev
from stackeval.runner.suite import WorkUnit, plan
from stackeval.runner.thinking import arms_for, mapping_for
from stackeval.store.db import Store
from stackeval.suites.loader import Suite, load_profile

__all__ = ["execute_suite_on", "plan_with_lost", "stored_endpoints"]


def plan_with_lost(suite: Suite, spec: RunSpec, done: dict[tuple[str, str, int], TestResult],
                   retry_errors: bool = False) -> list[WorkUnit]:
    """``runner.suite.plan``, plus the units whose worker was lost, as their next attempt."""
    units = plan(suite, spec, done, retry_errors)
    have = {(u.item.id, u.arm, u.repeat) for u in units}
    items = {i.id: i for i in suite.items}
    for (tid, arm, rep), prev in done.items():
        if prev.failure_class == LOST and (tid, arm, rep) not in have and tid in items:
            units.append(WorkUnit(items[tid], arm, rep, prev.attempt + 1))
    return units


def stored_endpoints(db_path: Path, resume: str) -> list[str]:
    """The endpoints a run used (its shards, else its one endpoint), for resuming it."""
    with Store(db_path, create=False) as st:
        run_id = st.resolve_run(resume)
        info = st.run_info(run_id)
        doc = st.docs(run_id).get("distributed") or {}
    return list(doc.get("endpoints") or [info.spec.endpoint])


async def execute_suite_on(
    ex: SuiteExecutor, *, db_path: Path, profile: str | None, model: str | None, concurrency: int,
    api_key_env: str | None, recipe: Recipe | None, recipe_path: str | None, only: list[str], thinking: str,
    repeats: int, resume: str | None, force: bool, retry_errors: bool, timeouts: dict[str, float],
    progress: Callable[[TestResult], None] | None = None, on_start: Callable[[str, int], None] | None = None,
    max_tokens_cap: int | None = None, transports: list[str] | None = None,
) -> RunOutcome:
    """``ex`` must be entered (``async with``) by the caller."""
    stored_spec: RunSpec | None = None
    stored_hash = stored_fp = None
    run_id = ""
    if resume:
        if not db_path.exists():
            raise UserError(f"{db_path}: no such database to resume from")
        with Store(db_path, create=False) as st:
            run_id = st.resolve_run(resume)
            info = st.run_info(run_id)
        stored_spec, stored_hash, stored_fp = info.spec, info.suite_hash, info.stack_fingerprint
        profile = stored_spec.profile
    for e in ex.endpoints:
        check_base_url(e)
    if not profile:
        raise UserError("--profile is required")
    suite: Suite = load_profile(profile)
    if stored_spec is not None:
        suite = suite.select(stored_spec.only or None)
        if stored_hash != suite.suite_hash and not force:
            raise UserError(f"suite {profile} changed since run {run_id} (hash {stored_hash} -> {suite.suite_hash}); use --force to mix")
    else:
        suite = suite.select(only or None)

    stacks = await ex.discover(recipe)
    stack = stacks[0]
    odd = [(e, s.fingerprint) for e, s in zip(ex.endpoints, stacks, strict=True) if s.fingerprint != stack.fingerprint]
    if odd and not force:
        raise UserError(f"the endpoints are not replicas of one deployment: {ex.endpoints[0]} has stack {stack.fingerprint}, "
                        + ", ".join(f"{e} has {fp}" for e, fp in odd) + "; use --force to mix")
    endpoint = ex.endpoints[0]
    if stored_spec is not None:
        spec = stored_spec
        if stored_fp != stack.fingerprint and not force:
            raise UserError(f"stack changed since run {run_id} (fingerprint {stored_fp} -> {stack.fingerprint}); use --force to mix")
    else:
        chosen = model or (stack.models[0] if stack.models else None)
        if chosen is None:
            raise UserError(f"{endpoint} lists no models; pass --model")
        if stack.models and chosen not in stack.models and stack.engine != "llamacpp":
            raise UserError(f"model {chosen!r} is not served by {endpoint} (serves: {', '.join(stack.models)})")
        spec = RunSpec(
            endpoint=endpoint, model=chosen, profile=profile, only=only, concurrency=concurrency,
            thinking=thinking, repeats=repeats,  # type: ignore[arg-type]
            defaults=resolved_defaults(recipe.sampling if recipe else None),
            thinking_mapping=mapping_for(stack.engine, arms_for(thinking)),
            api_key_env=api_key_env, recipe_path=recipe_path, timeouts=timeouts, max_tokens_cap=max_tokens_cap,
            transports=transports or ["stream"],  # type: ignore[arg-type]
        )
    with Store(db_path) as store:
        if stored_spec is None:
            run_id = store.create_run(spec, stack, suite.suite_hash, __version__, git_rev())
        else:
            store.put_stack(stack)
            store.set_run_status(run_id, "running")
        done = store.done_keys(run_id)
        units = plan_with_lost(suite, spec, done, retry_errors=retry_errors)
        if on_start:
            on_start(run_id, len(units))
        try:
            caps = stack.settings.get("props.chat_template_caps.supports_tools")
            new = await ex.run_units(store, run_id, spec, stack.engine, units, progress,
                                     tools_supported=caps if isinstance(caps, bool) else None)
        except BaseException:
            store.set_run_status(run_id, "interrupted")
            _describe(store, run_id, ex)
            raise
        _describe(store, run_id, ex)
        if ex.unrun:
            store.set_run_status(run_id, "interrupted")
            raise WorkersLost(f"run {run_id}: every worker was lost; {ex.unrun} tests not run "
                              f"(resume with --resume {run_id})")
        store.set_run_status(run_id, "complete", finished=True)
        results = list(store.latest_results(run_id))
    return RunOutcome(run_id, results, len(new), stack, stored_spec is not None)


def _describe(store: Store, run_id: str, ex: SuiteExecutor) -> None:
    doc = ex.describe()
    if doc is None:
        return
    prev = store.docs(run_id).get("distributed")
    if isinstance(prev, dict):  # a resumed run: keep the counts of the earlier sessions
        for key in ("results_by_endpoint", "results_by_node"):
            merged = dict(prev.get(key) or {})
            for k, v in doc[key].items():
                merged[k] = merged.get(k, 0) + v
            doc[key] = merged
        doc["lost"] = int(prev.get("lost") or 0) + doc["lost"]
        doc["endpoints"] = list(dict.fromkeys([*(prev.get("endpoints") or []), *doc["endpoints"]]))
    store.put_doc(run_id, "distributed", doc)
