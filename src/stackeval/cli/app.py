"""The `stackeval` command."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from stackeval.errors import StackevalError, UserError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Measure an LLM deployment: capability, speed, and the serving stack.")
suite_app = typer.Typer(no_args_is_help=True, help="Inspect suite profiles.")
app.add_typer(suite_app, name="suite")

DbOpt = Annotated[Path | None, typer.Option("--db", help="SQLite store (default ./stackeval.db or $STACKEVAL_DB)")]
KeyEnvOpt = Annotated[str, typer.Option("--api-key-env", help="name of the environment variable holding the API key")]
RunRefArg = Annotated[str, typer.Argument(help="run id, unique prefix, or 'latest'")]
OutOpt = Annotated[Path | None, typer.Option("--out", "-o", help="write to this file instead of stdout")]
RayAddressOpt = Annotated[str | None, typer.Option("--ray-address", help="ray: the cluster to join (default $RAY_ADDRESS, "
                                                   "else a local single-machine instance on loopback)")]


def _db(db: Path | None) -> Path:
    from stackeval.store.db import default_db_path

    return db or default_db_path()


def _key(env_name: str) -> str | None:
    return os.environ.get(env_name) or None


def _open_store(db: Path | None):  # noqa: ANN202
    from stackeval.store.db import Store

    path = _db(db)
    if not path.exists():
        raise UserError(f"{path}: no such database")
    return Store(path, create=False)


@app.command()
def stack(
    endpoint: Annotated[str, typer.Option("--endpoint", "-e", help="base URL of the OpenAI-compatible server")],
    recipe: Annotated[Path | None, typer.Option("--recipe", help="recipe YAML with what the endpoint cannot tell")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the profile as JSON")] = False,
    api_key_env: KeyEnvOpt = "OPENAI_API_KEY",
) -> None:
    """Discover and print the serving stack behind an endpoint."""
    from stackeval.cli.render import console, stack_table
    from stackeval.client.http import Client, ClientOptions, check_base_url
    from stackeval.stack.discover import discover
    from stackeval.stack.recipe import load_recipe

    rec = load_recipe(recipe) if recipe else None
    check_base_url(endpoint)

    async def go():  # noqa: ANN202
        async with Client(ClientOptions(base_url=endpoint, api_key=_key(api_key_env))) as c:
            return await discover(c, endpoint, rec)

    prof = asyncio.run(go())
    if as_json:
        print(prof.model_dump_json(indent=2))
    else:
        console.print(stack_table(prof))


@app.command()
def run(
    endpoint: Annotated[list[str] | None, typer.Option("--endpoint", "-e", help="base URL (with --executor ray: "
                                                       "repeatable, one shard per replica of the deployment)")] = None,
    profile: Annotated[str | None, typer.Option("--profile", "-p", help="suite profile, e.g. smoke or strict, or a folder of suite YAML files")] = None,
    model: Annotated[str | None, typer.Option("--model", "-m")] = None,
    db: DbOpt = None,
    concurrency: Annotated[int, typer.Option("--concurrency", "-c", min=1, max=1024, help="requests in flight (over all endpoints)")] = 4,
    resume: Annotated[str | None, typer.Option("--resume", help="RUN_ID (prefix or 'latest') to complete")] = None,
    force: Annotated[bool, typer.Option("--force", help="resume even if the suite or stack changed")] = False,
    retry_errors: Annotated[bool, typer.Option("--retry-errors", help="with --resume: re-run errored tests")] = False,
    recipe: Annotated[Path | None, typer.Option("--recipe")] = None,
    only: Annotated[list[str] | None, typer.Option("--only", help="test id glob (repeatable)")] = None,
    thinking: Annotated[str, typer.Option("--thinking", help="default|off|on|both")] = "default",
    transport: Annotated[str, typer.Option("--transport", help="stream|whole|both (tool parsers differ between them)")] = "stream",
    repeats: Annotated[int, typer.Option("--repeats", min=1, max=100)] = 1,
    timeout: Annotated[float, typer.Option("--timeout", help="total seconds per request")] = 900.0,
    read_timeout: Annotated[float, typer.Option("--read-timeout", help="max seconds of silence in a response")] = 120.0,
    connect_timeout: Annotated[float, typer.Option("--connect-timeout")] = 10.0,
    max_tokens_cap: Annotated[int | None, typer.Option("--max-tokens-cap", min=1,
                              help="cap every item's max_tokens (quick runs; recorded in the run)")] = None,
    reasoning_budget: Annotated[int | None, typer.Option("--reasoning-budget", min=0, help="reasoning tokens added to each "
                                "item's answer budget when the model may think (default 8192, within max_model_len)")] = None,
    max_tokens: Annotated[int | None, typer.Option("--max-tokens", min=1, help="one fixed max_tokens for every request "
                          "(overrides the items' budgets and the reasoning allowance)")] = None,
    api_key_env: KeyEnvOpt = "OPENAI_API_KEY",
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
    executor: Annotated[str, typer.Option("--executor", help="local | ray (a Ray cluster; pip install 'stackeval[ray]')")] = "local",
    ray_address: RayAddressOpt = None,
    per_endpoint: Annotated[int | None, typer.Option("--per-endpoint", min=1, help="ray: cap of requests in flight at one endpoint")] = None,
    grade_on: Annotated[str | None, typer.Option("--grade-on", help="ray: tasks (code runs fanned out over the cluster, default) | shard")] = None,
    shard_resources: Annotated[str | None, typer.Option("--shard-resources", help="ray: per shard, JSON, e.g. '{\"replica_node\": 1}'")] = None,
) -> None:
    """Run a suite profile against an endpoint (or, on a Ray cluster, sharded over replicas); every result is
    stored as it completes."""
    from stackeval.cli.executors import ray_only_flags, resources, run_suite_with
    from stackeval.cli.inputs import EXECUTORS, THINKING, check_choice, load_target, transports
    from stackeval.cli.render import console, summary_table
    from stackeval.report.summary import summarize

    check_choice("--thinking", thinking, THINKING)
    arms = transports(transport)
    check_choice("--executor", executor, EXECUTORS)
    ray_only_flags(executor, **{"--ray-address": ray_address, "--per-endpoint": per_endpoint, "--grade-on": grade_on,
                                "--shard-resources": shard_resources})
    options = None
    if executor == "ray":
        from stackeval.distributed.records import RayOptions

        options = RayOptions(address=ray_address, per_endpoint=per_endpoint,
                             grade_on=check_choice("--grade-on", grade_on or "tasks", ("tasks", "shard")),  # type: ignore[arg-type]
                             shard_resources=resources(shard_resources, "--shard-resources"))
    rec, endpoints = load_target(recipe, list(endpoint or []))
    path = _db(db)
    state: dict[str, object] = {"n": 0, "run_id": None}
    from stackeval.launch.resources import SuiteResources

    sampled = SuiteResources(endpoints, enabled=executor == "local")  # the server's memory and CPU beside the run

    def on_start(run_id: str, n: int) -> None:
        state["run_id"] = run_id
        sampled.on_start(run_id)
        if not quiet:
            console.print(f"run {run_id}: {n} tests to run", style="dim")

    def progress(tr) -> None:  # noqa: ANN001
        state["n"] = int(state["n"]) + 1  # type: ignore[call-overload]
        if not quiet:
            mark = {"pass": "[green]pass[/]", "fail": "[red]fail[/]"}.get(tr.status, f"[yellow]{tr.status}[/]")
            console.print(f"  {mark} {tr.test_id}{'' if tr.arm == 'default' else ' [' + tr.arm + ']'}"
                          + (f"  {tr.failure_class}" if tr.failure_class else ""))

    try:
        out = run_suite_with(
            executor, endpoints=endpoints, db_path=path, api_key=_key(api_key_env), options=options,
            timeouts={"total": timeout, "read": read_timeout, "connect": connect_timeout},
            profile=profile, model=model, concurrency=concurrency, api_key_env=api_key_env, recipe=rec,
            recipe_path=str(recipe) if recipe else None, only=only or [], thinking=thinking, repeats=repeats,
            resume=resume, force=force, retry_errors=retry_errors, progress=progress, on_start=on_start,
            max_tokens_cap=max_tokens_cap, transports=arms, reasoning_budget=reasoning_budget, max_tokens=max_tokens,
        )
    except KeyboardInterrupt:
        sampled.close()
        rid = state["run_id"]
        if rid:
            again = " --executor ray" if executor == "ray" else ""
            console.print(f"interrupted: {state['n']} results stored in {path}; resume with: "
                          f"stackeval run --resume {rid}{again} --db {path}", style="yellow")
        raise typer.Exit(130) from None
    sampled.finish(path, out.run_id)
    s = summarize(out.results)
    where = " · ray" if executor == "ray" else ""
    console.print(summary_table(s, f"run {out.run_id} · {out.stack.engine} · {profile or ''}{where}"))
    console.print(f"run id: {out.run_id}  ({out.new_results} new results; db {path})")
    _warn_infrastructure(out.results, out.run_id, path)
    _warn_budget(out.results, out.run_id, path)


def _warn_budget(results: list, run_id: str, path: Path) -> None:  # noqa: ANN001
    """One line on stderr when many answers were cut off by the token budget, naming the flag to rerun with."""
    from stackeval.report.truncation import truncation_section
    from stackeval.store.db import Store

    with Store(path, create=False) as st:
        spec = st.run_info(run_id).spec
    w = truncation_section(spec, results).warning
    if w:
        print(f"stackeval: warning: {w}", file=sys.stderr)


def _warn_infrastructure(results: list, run_id: str, path: Path) -> None:  # noqa: ANN001
    """One clear line on stderr when tests ended in server/network errors: they are not model failures."""
    from collections import Counter

    infra = Counter(r.failure_class or r.status for r in results if r.status in ("error", "timeout"))
    if not infra:
        return
    n = sum(infra.values())
    kinds = ", ".join(f"{k} x{v}" for k, v in infra.most_common())
    down = " (connections to the endpoint failed: is the server still up?)" if infra.get("connection", 0) * 2 >= n else ""
    print(f"stackeval: warning: {n} of {len(results)} tests ended in an infrastructure error, not a model failure: "
          f"{kinds}{down}; re-run them with: stackeval run --resume {run_id} --retry-errors --db {path}",
          file=sys.stderr)


@app.command()
def runs(db: DbOpt = None, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List stored runs, newest first."""
    from stackeval.cli.render import console, runs_table

    with _open_store(db) as st:
        infos = st.list_runs()
    if as_json:
        print(json.dumps([{"id": r.id, "started_at": r.started_at, "status": r.status, "model": r.model,
                           "engine": r.engine, "profile": r.profile, "passed": r.passed, "total": r.total}
                          for r in infos], indent=2))
    else:
        console.print(runs_table(infos))


ExportFormat = Annotated[str, typer.Option("--format", "-f", help="json|csv")]


@app.command()
def export(run_id: RunRefArg, db: DbOpt = None, fmt: ExportFormat = "json", out: OutOpt = None) -> None:
    """Export a whole run as a document."""
    from stackeval.cli.inputs import check_choice, write_output
    from stackeval.report.summary import EXPORT_FIELDS, run_document

    check_choice("--format", fmt, ("json", "csv"))
    with _open_store(db) as st:
        rid = st.resolve_run(run_id)
        info = st.run_info(rid)
        results = list(st.latest_results(rid))
        doc = run_document(info, st.stack(info.stack_fingerprint), results, st.docs(rid))
    if fmt == "json":
        text = doc.model_dump_json(indent=2)
    else:
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=list(EXPORT_FIELDS))
        w.writeheader()
        for row in doc.results:
            w.writerow({**row.model_dump(), "flags": ";".join(row.flags)})
        text = buf.getvalue()
    write_output(text, out, f"export ({fmt})")


@app.command()
def report(
    run_id: RunRefArg,
    db: DbOpt = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="term|md|html|json")] = "term",
    out: OutOpt = None,
) -> None:
    """Report one run: headline, per-capability table with intervals, gradient, failure modes, speed."""
    from stackeval.cli.inputs import check_choice, write_output
    from stackeval.report.render import FORMATS, render_report
    from stackeval.report.suite_report import build_report

    check_choice("--format", fmt, FORMATS)
    with _open_store(db) as st:
        rid = st.resolve_run(run_id)
        info = st.run_info(rid)
        docs = st.docs(rid)
        rep = build_report(info, st.stack(info.stack_fingerprint), list(st.latest_results(rid)), docs)
    text = render_report(rep, fmt, docs)  # the report is built once, whatever the format
    if fmt == "term" and out is None:
        from stackeval.cli.render import print_markdown

        print_markdown(text)
    else:
        write_output(text, out, f"report ({fmt})")


@suite_app.command("list")
def suite_list(profile: Annotated[str, typer.Argument()], as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The catalogue of a profile: test id, category, tier."""
    from rich.table import Table

    from stackeval.cli.render import console
    from stackeval.suites.loader import load_profile

    s = load_profile(profile)
    rows = [{"test_id": i.id, "category": i.category, "tier": i.tier} for i in s.items]
    if as_json:
        print(json.dumps({"profile": profile, "suite_hash": s.suite_hash, "count": len(rows), "tests": rows}, indent=2))
        return
    t = Table(title=f"{profile}: {len(rows)} tests (hash {s.suite_hash})", title_justify="left")
    for c in ("test_id", "category", "tier"):
        t.add_column(c)
    for r in rows:
        t.add_row(r["test_id"], r["category"], r["tier"])
    console.print(t)


@suite_app.command("show")
def suite_show(test_id: Annotated[str, typer.Argument()], profile: Annotated[str | None, typer.Option("--profile")] = None) -> None:
    """Show one item: prompt, grader spec, reference answer, rationale."""
    from stackeval.errors import ProfileNotFound
    from stackeval.suites.loader import list_profiles, load_profile

    for p in [profile] if profile else list_profiles():
        s = load_profile(p)
        try:
            item = s.get(test_id)
        except ProfileNotFound:
            continue
        print(json.dumps({"profile": p, **item.model_dump(exclude_none=True)}, indent=2, ensure_ascii=False))
        return
    raise ProfileNotFound(f"no test {test_id!r} in any profile")


@app.command("serve-local")
def serve_local(
    port: Annotated[int, typer.Option("--port", help="0 = a free port")] = 0,
    log: Annotated[Path | None, typer.Option("--log", help="write the server log here")] = None,
    build: Annotated[str | None, typer.Option("--build", help="skulk|xllamacpp: force a llama.cpp build "
                     "(default: the first that starts and answers here; also $STACKEVAL_LLAMA_BUILD)")] = None,
    ctx_size: Annotated[int, typer.Option("--ctx-size", "-c", min=256, help="context tokens, shared by the slots")] = 8192,
    parallel: Annotated[int, typer.Option("--parallel", "-np", min=1, help="server slots")] = 4,
) -> None:
    """Start the embedded default server (llama.cpp + SmolLM2-135M) on loopback until Ctrl-C or SIGTERM."""
    import time

    from stackeval.cli.render import console
    from stackeval.launch.resources import ServeResources
    from stackeval.localserver import LocalServer

    sampled = ServeResources(log)  # the server's memory and CPU from its spawn on
    srv = LocalServer(port=port, log_path=log, force_build=build, on_spawn=sampled.on_spawn, ctx_size=ctx_size,
                      parallel=parallel)
    try:
        srv.start()
        console.print(f"serving {srv.base_url}  (pid {srv.proc.pid if srv.proc else '?'})")
        console.print(f"build: {srv.build}")
        console.print(sampled.at_ready(), style="dim")
        while srv.proc is not None and srv.proc.poll() is None:
            time.sleep(0.5)
        if srv.proc is not None:
            from stackeval.localserver.builds import signal_reason

            raise UserError(f"the local server {signal_reason(srv.proc.returncode)}")
    except KeyboardInterrupt:
        pass
    finally:
        console.print(sampled.finish(), style="dim")
        srv.stop()


@app.command()
def demo(
    db: DbOpt = None,
    build: Annotated[str | None, typer.Option("--build", help="skulk|xllamacpp: force a llama.cpp build")] = None,
) -> None:
    """Start the local server, run the smoke profile and a short speed check, stop the server."""
    from stackeval.cli.demo import run_demo

    run_demo(_db(db), build, explicit_db=db is not None)


COMMAND_MODULES = ("stackeval.cli.bench_cmd", "stackeval.cli.experiments_cmd", "stackeval.cli.agentic_cmd",
                   "stackeval.cli.attribute_cmd")


def _register_commands() -> None:
    import importlib

    for mod in COMMAND_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise


def main() -> None:
    from stackeval.cli.signals import Terminated, install_sigterm, one_line_usage_errors

    _register_commands()
    install_sigterm()
    try:
        with one_line_usage_errors():
            rv = app(standalone_mode=False)
        if isinstance(rv, int) and rv:
            sys.exit(rv)
    except StackevalError as e:
        print(f"stackeval: error: {e}", file=sys.stderr)
        sys.exit(getattr(e, "exit_code", 2))
    except Terminated:
        print("stackeval: terminated", file=sys.stderr)
        sys.exit(143)
    except KeyboardInterrupt:
        print("stackeval: interrupted", file=sys.stderr)
        sys.exit(130)
