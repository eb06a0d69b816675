"""A whole suite run: validate inputs, discover the stack, create or resume the run, run, finish.

Inputs are validated before the store is touched, so a bad URL, recipe or profile leaves the DB as it was.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from stackeval._version import __version__
from stackeval.client.http import Client, ClientOptions, check_base_url
from stackeval.errors import UserError
from stackeval.records.execution import Executor
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.runner.requests import resolved_defaults
from stackeval.runner.suite import plan, run_units
from stackeval.runner.thinking import arms_for, mapping_for
from stackeval.stack.discover import discover
from stackeval.store.db import Store
from stackeval.suites.loader import Suite, load_profile


def git_rev() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=Path(__file__).parent,
                             capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


@dataclass
class RunOutcome:
    run_id: str
    results: list[TestResult]
    new_results: int
    stack: StackProfile
    resumed: bool


def client_options(endpoint: str, api_key: str | None, timeouts: dict[str, float] | None = None, **kw: object) -> ClientOptions:
    t = timeouts or {}
    return ClientOptions(base_url=endpoint, api_key=api_key,
                         connect_timeout_s=t.get("connect", 10.0), read_timeout_s=t.get("read", 120.0),
                         total_timeout_s=t.get("total", 900.0), **kw)  # type: ignore[arg-type]


async def execute_suite(
    *, db_path: Path, endpoint: str | None, profile: str | None, model: str | None, concurrency: int,
    api_key: str | None, api_key_env: str | None, recipe: Recipe | None, recipe_path: str | None,
    only: list[str], thinking: str, repeats: int, resume: str | None, force: bool, retry_errors: bool,
    executor: Executor | None, timeouts: dict[str, float], progress: Callable[[TestResult], None] | None = None,
    on_start: Callable[[str, int], None] | None = None, max_tokens_cap: int | None = None,
    transports: list[str] | None = None,
) -> RunOutcome:
    stored_spec: RunSpec | None = None
    stored_hash = stored_fp = None
    if resume:
        if not db_path.exists():
            raise UserError(f"{db_path}: no such database to resume from")
        with Store(db_path, create=False) as st:
            run_id = st.resolve_run(resume)
            info = st.run_info(run_id)
        stored_spec, stored_hash, stored_fp = info.spec, info.suite_hash, info.stack_fingerprint
        endpoint = endpoint or stored_spec.endpoint
        profile = stored_spec.profile
    if not endpoint:
        raise UserError("--endpoint is required")
    check_base_url(endpoint)
    if not profile:
        raise UserError("--profile is required")
    suite: Suite = load_profile(profile)
    if stored_spec is not None:
        suite = suite.select(stored_spec.only or None)
        if stored_hash != suite.suite_hash and not force:
            raise UserError(f"suite {profile} changed since run {run_id} (hash {stored_hash} -> {suite.suite_hash}); use --force to mix")
    else:
        suite = suite.select(only or None)

    async with Client(client_options(endpoint, api_key, timeouts, max_connections=0)) as client:
        stack = await discover(client, endpoint, recipe)
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
            units = plan(suite, spec, done, retry_errors=retry_errors)
            if on_start:
                on_start(run_id, len(units))
            try:
                caps = stack.settings.get("props.chat_template_caps.supports_tools")
                new = await run_units(client, store, run_id, spec, stack.engine, units, executor, progress,
                                      tools_supported=caps if isinstance(caps, bool) else None)
            except BaseException:
                store.set_run_status(run_id, "interrupted")
                raise
            store.set_run_status(run_id, "complete", finished=True)
            results = list(store.latest_results(run_id))
    return RunOutcome(run_id, results, len(new), stack, stored_spec is not None)
