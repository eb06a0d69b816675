"""`stackeval run-ray` and `stackeval sweep-ray`: a suite sharded over endpoints, or a sweep, on a Ray
cluster (``pip install 'stackeval[ray]'``). Registered on the main app like the other command modules;
``run --executor ray`` and ``sweep --executor ray`` call the same two functions below."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from stackeval.cli.app import DbOpt, KeyEnvOpt, _db, app
from stackeval.errors import UserError

AddressOpt = Annotated[str | None, typer.Option("--ray-address", help="Ray cluster to join (default $RAY_ADDRESS, "
                                                "else a local single-machine instance on loopback)")]


def _resources(text: str | None, flag: str) -> dict[str, float]:
    if not text:
        return {}
    try:
        raw = json.loads(text)
    except ValueError:
        raise UserError(f"{flag} takes a JSON object such as '{{\"GPU\": 1}}', not {text!r}") from None
    if not isinstance(raw, dict) or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw.values()):
        raise UserError(f"{flag} takes a JSON object of resource names to numbers, not {text!r}")
    return {str(k): float(v) for k, v in raw.items()}


def run_suite_on_ray(*, endpoints: list[str], db_path: Path, api_key: str | None, timeouts: dict[str, float],
                     options: Any, **kw: Any) -> Any:
    """What ``run --executor ray`` does: join the cluster, shard the suite over ``endpoints``, store here."""
    from stackeval.distributed.cluster import connected
    from stackeval.distributed.session import execute_suite_on, stored_endpoints
    from stackeval.distributed.suite_exec import RaySuiteExecutor

    if not endpoints and kw.get("resume"):
        endpoints = stored_endpoints(db_path, kw["resume"])
    if not endpoints:
        raise UserError("--endpoint is required (repeat it for each replica)")

    async def go() -> Any:
        async with RaySuiteExecutor(endpoints, api_key, timeouts, options) as ex:
            return await execute_suite_on(ex, db_path=db_path, timeouts=timeouts, **kw)

    with connected(options):
        return asyncio.run(go())


@app.command("run-ray")
def run_ray(
    endpoint: Annotated[list[str] | None, typer.Option("--endpoint", "-e", help="a replica's base URL (repeatable: one shard each)")] = None,
    profile: Annotated[str | None, typer.Option("--profile", "-p")] = None,
    model: Annotated[str | None, typer.Option("--model", "-m")] = None,
    db: DbOpt = None,
    concurrency: Annotated[int, typer.Option("--concurrency", "-c", min=1, max=1024, help="requests in flight over all endpoints")] = 4,
    per_endpoint: Annotated[int | None, typer.Option("--per-endpoint", min=1, help="cap of requests in flight at one endpoint")] = None,
    resume: Annotated[str | None, typer.Option("--resume", help="RUN_ID (prefix or 'latest') to complete")] = None,
    force: Annotated[bool, typer.Option("--force")] = False,
    retry_errors: Annotated[bool, typer.Option("--retry-errors")] = False,
    recipe: Annotated[Path | None, typer.Option("--recipe")] = None,
    only: Annotated[list[str] | None, typer.Option("--only")] = None,
    thinking: Annotated[str, typer.Option("--thinking")] = "default",
    transport: Annotated[str, typer.Option("--transport")] = "stream",
    repeats: Annotated[int, typer.Option("--repeats", min=1, max=100)] = 1,
    timeout: Annotated[float, typer.Option("--timeout")] = 900.0,
    read_timeout: Annotated[float, typer.Option("--read-timeout")] = 120.0,
    connect_timeout: Annotated[float, typer.Option("--connect-timeout")] = 10.0,
    max_tokens_cap: Annotated[int | None, typer.Option("--max-tokens-cap", min=1)] = None,
    ray_address: AddressOpt = None,
    grade_on: Annotated[str, typer.Option("--grade-on", help="tasks (code runs fanned out over the cluster) | shard")] = "tasks",
    shard_resources: Annotated[str | None, typer.Option("--shard-resources", help="JSON, e.g. '{\"replica_node\": 1}'")] = None,
    api_key_env: KeyEnvOpt = "OPENAI_API_KEY",
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Run a suite profile on a Ray cluster, sharded over replicas of one deployment; stored here as it completes."""
    from stackeval.cli.render import console, summary_table
    from stackeval.distributed.records import RayOptions
    from stackeval.report.summary import summarize
    from stackeval.stack.recipe import load_recipe

    if thinking not in ("default", "off", "on", "both"):
        raise UserError(f"--thinking must be default, off, on or both, not {thinking!r}")
    if transport not in ("stream", "whole", "both"):
        raise UserError(f"--transport must be stream, whole or both, not {transport!r}")
    if grade_on not in ("tasks", "shard"):
        raise UserError(f"--grade-on must be tasks or shard, not {grade_on!r}")
    rec = load_recipe(recipe) if recipe else None
    endpoints = list(endpoint or ([rec.endpoint] if rec and rec.endpoint else []))
    options = RayOptions(address=ray_address, per_endpoint=per_endpoint, grade_on=grade_on,  # type: ignore[arg-type]
                         shard_resources=_resources(shard_resources, "--shard-resources"))
    path = _db(db)

    def on_start(run_id: str, n: int) -> None:
        if not quiet:
            console.print(f"run {run_id}: {n} tests to run on Ray over {len(endpoints) or 'the stored'} endpoint(s)",
                          style="dim")

    def progress(tr: Any) -> None:
        if not quiet:
            mark = {"pass": "[green]pass[/]", "fail": "[red]fail[/]"}.get(tr.status, f"[yellow]{tr.status}[/]")
            console.print(f"  {mark} {tr.test_id}" + (f"  {tr.failure_class}" if tr.failure_class else ""))

    try:
        out = run_suite_on_ray(
            endpoints=endpoints, db_path=path, api_key=os.environ.get(api_key_env) or None,
            timeouts={"total": timeout, "read": read_timeout, "connect": connect_timeout}, options=options,
            profile=profile, model=model, concurrency=concurrency, api_key_env=api_key_env, recipe=rec,
            recipe_path=str(recipe) if recipe else None, only=only or [], thinking=thinking, repeats=repeats,
            resume=resume, force=force, retry_errors=retry_errors, progress=progress, on_start=on_start,
            max_tokens_cap=max_tokens_cap, transports=["stream", "whole"] if transport == "both" else [transport],
        )
    except KeyboardInterrupt:
        console.print(f"interrupted; resume with: stackeval run-ray --resume latest --db {path}", style="yellow")
        raise typer.Exit(130) from None
    console.print(summary_table(summarize(out.results), f"run {out.run_id} · {out.stack.engine} · ray"))
    console.print(f"run id: {out.run_id}  ({out.new_results} new results; db {path})")


def sweep_on_ray(recipe_path: Path, *, db_path: Path, resume: str | None, force: bool, log_dir: Path | None,
                 options: Any, progress: Any) -> Any:
    """What ``sweep --executor ray`` does."""
    from stackeval.distributed.cluster import connected
    from stackeval.distributed.sweep import run_sweep_ray
    from stackeval.launch.plan import load_sweep_recipe

    rec = load_sweep_recipe(recipe_path)
    with connected(options):
        return asyncio.run(run_sweep_ray(rec, db_path=db_path, recipe_path=str(recipe_path), resume=resume,
                                         force=force, log_dir=log_dir, options=options, progress=progress))


@app.command("sweep-ray")
def sweep_ray(
    recipe: Annotated[Path, typer.Argument(help="sweep recipe YAML")],
    db: DbOpt = None,
    resume: Annotated[str | None, typer.Option("--resume", help="SWEEP_ID (prefix or 'latest') to continue")] = None,
    force: Annotated[bool, typer.Option("--force")] = False,
    log_dir: Annotated[Path | None, typer.Option("--log-dir")] = None,
    ray_address: AddressOpt = None,
    resources: Annotated[str | None, typer.Option("--resources", help="per point, JSON (default: the recipe's "
                                                  "hardware.ray_resources), e.g. '{\"GPU\": 1}'")] = None,
    num_cpus: Annotated[float, typer.Option("--num-cpus", min=0, help="CPUs reserved per point")] = 1.0,
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """A sweep on a Ray cluster: each point's server launched by an actor placed by resources; stored here."""
    from stackeval.cli.render import console
    from stackeval.distributed.records import RayOptions

    options = RayOptions(address=ray_address, point_resources=_resources(resources, "--resources"), point_num_cpus=num_cpus)
    path = _db(db)

    def say(m: str) -> None:
        if not quiet:
            console.print(m, style="dim", markup=False, highlight=False)

    try:
        out = sweep_on_ray(recipe, db_path=path, resume=resume, force=force, log_dir=log_dir, options=options, progress=say)
    except KeyboardInterrupt:
        console.print(f"interrupted; resume with: stackeval sweep-ray {recipe} --resume latest --db {path}", style="yellow")
        raise typer.Exit(130) from None
    for p in out.points:
        console.print(f"  {p.point.index} {p.point.name}: {p.status}" + (f" ({p.reason})" if p.reason else ""),
                      markup=False, highlight=False)
    console.print(f"sweep id: {out.sweep_id} (db {path})")
