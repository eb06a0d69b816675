"""`stackeval agentic`, registered on the main app."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Annotated

import typer

from stackeval.cli.app import DbOpt, KeyEnvOpt, _db, app


@app.command()
def agentic(
    endpoint: Annotated[str | None, typer.Option("--endpoint", "-e")] = None,
    task: Annotated[list[str] | None, typer.Option("--task", "-t", help="task id (repeatable; default: the "
                                                   "filesystem tasks and the small repair task)")] = None,
    ladder: Annotated[bool, typer.Option("--ladder", help="add the repair ladder: ledger_s, parcels_m, rail_l, payroll_xl")] = False,
    thinking: Annotated[str, typer.Option("--thinking", help="off|on|both, or default to send no thinking switch")] = "off",
    max_turns: Annotated[int | None, typer.Option("--max-turns", min=1, help="override each task's turn limit")] = None,
    time_limit: Annotated[float | None, typer.Option("--time-limit", min=1.0, help="override each task's time limit, seconds")] = None,
    max_tokens: Annotated[int, typer.Option("--max-tokens", min=1, help="max_tokens of every turn's request")] = 4096,
    stream: Annotated[bool, typer.Option("--stream/--no-stream", help="streaming requests (default) or whole responses")] = True,
    model: Annotated[str | None, typer.Option("--model", "-m")] = None,
    db: DbOpt = None,
    resume: Annotated[str | None, typer.Option("--resume", help="RUN_ID (prefix or 'latest') to complete")] = None,
    force: Annotated[bool, typer.Option("--force", help="resume even if the tasks or the stack changed")] = False,
    retry_errors: Annotated[bool, typer.Option("--retry-errors", help="with --resume: re-run errored tasks")] = False,
    recipe: Annotated[Path | None, typer.Option("--recipe")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the run's results and outcomes here")] = None,
    md_out: Annotated[Path | None, typer.Option("--md", help="write a Markdown report here")] = None,
    timeout: Annotated[float, typer.Option("--timeout", help="total seconds per request")] = 900.0,
    read_timeout: Annotated[float, typer.Option("--read-timeout", help="max seconds of silence in a response")] = 300.0,
    list_only: Annotated[bool, typer.Option("--list", help="list the tasks and exit")] = False,
    manual: Annotated[Path | None, typer.Option("--manual", help="play the --task turn by turn through files in "
                                                "this folder (docs/agentic-calibration.md); no endpoint")] = None,
    manual_timeout: Annotated[float, typer.Option("--manual-timeout", min=1.0, help="seconds to wait for each "
                                                  "turn's response file")] = 1800.0,
    project_on: Annotated[list[Path] | None, typer.Option("--project-on", help="a deployment timing file: project "
                                                          "each repair task's time onto it (repeatable)")] = None,
    save_timing: Annotated[Path | None, typer.Option("--save-timing", help="write this run's deployment timing "
                                                     "(its timed turns) here, for --project-on")] = None,
    versus_run: Annotated[Path | None, typer.Option("--versus", help="another agentic run's --json file: the "
                                                    "crossover rung between the two")] = None,
    probe_timing_out: Annotated[Path | None, typer.Option("--probe-timing", help="run no task: measure the endpoint "
                                                          "at the prompt lengths of --probe-from's turns (cold and "
                                                          "warm prefix) and write its deployment timing here")] = None,
    probe_from: Annotated[Path | None, typer.Option("--probe-from", help="an agentic run's --json file: the turns "
                                                    "to probe at and to project")] = None,
    project_from: Annotated[Path | None, typer.Option("--project-from", help="run no task: project this agentic "
                                                      "run (--json file) or manual play (outcome.json, its folder, "
                                                      "or a folder of them) onto each --project-on timing")] = None,
    api_key_env: KeyEnvOpt = "OPENAI_API_KEY",
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Tool-calling agent tasks: find a bug through a simulated filesystem, repair a repo until its tests pass."""
    from rich.markup import escape

    from stackeval.cli.render import console

    if list_only:
        from stackeval.agentic.tasks import list_tasks, load_task

        for tid in list_tasks():
            t = load_task(tid)
            console.print(f"{tid:<22} {t.kind:<7} {t.limits.max_turns:>3} turns  {t.title}")
        return
    from stackeval.cli.inputs import THINKING, check_choice, load_target
    from stackeval.errors import UserError
    from stackeval.runner.agentic import execute_agentic, load_timing, run_manual, run_timing, versus
    from stackeval.sandbox.local import LocalExecutor

    if manual is not None:
        if len(task or []) != 1 or ladder or endpoint:
            raise UserError("--manual plays exactly one --task, without --endpoint or --ladder")
        console.print(f"manual run of {task[0]}: requests in {manual}/turn-N.request.json; write "  # type: ignore[index]
                      "turn-N.response.json (docs/agentic-calibration.md)", style="dim")
        out = asyncio.run(run_manual(task[0], manual, LocalExecutor(), timeout_s=manual_timeout,  # type: ignore[index]
                                     max_turns=max_turns))
        console.print(escape(f"{out.task_id}: {'solved' if out.solved else out.reason} in {out.n_turns} turns "
                             f"({out.detail}); outcome in {manual / 'outcome.json'}"
                             + (f"; {out.elided_results} tool results elided, peak context {out.peak_context_tokens:,} "
                                "tokens (est.)" if out.elided_results else "")))
        return
    timings = [load_timing(p) for p in project_on or []]
    if project_from is not None:
        _project(project_from, timings, md_out)
        return
    if probe_timing_out is not None:
        _probe(endpoint, probe_from, probe_timing_out, model, api_key_env, timeout, read_timeout, timings)
        return

    check_choice("--thinking", thinking, THINKING)
    rec, endpoints = load_target(recipe, [endpoint] if endpoint else [])
    endpoint = endpoints[0] if endpoints else None
    path = _db(db)
    state: dict[str, object] = {"n": 0, "run_id": None}

    def on_start(run_id: str, n: int) -> None:
        state["run_id"] = run_id
        if not quiet:
            console.print(f"agentic run {run_id}: {n} task runs to do", style="dim")

    def on_request(task_id: str, arm: str, turn: int, res) -> None:  # noqa: ANN001
        if quiet:
            return
        what = ", ".join(c.function.name for c in res.tool_calls) or ("answer" if res.ok else res.error.label)
        console.print(escape(f"    {task_id} [{arm}] turn {turn}: {what}"), style="dim")

    def progress(tr, out) -> None:  # noqa: ANN001
        state["n"] = int(state["n"]) + 1  # type: ignore[call-overload]
        if not quiet:
            mark = {"pass": "[green]solved[/]", "fail": "[red]fail[/]"}.get(tr.status, f"[yellow]{tr.status}[/]")
            console.print(f"  {mark} " + escape(f"{tr.test_id} [{tr.arm}] {out.n_turns} turns, {out.wall_s:.1f}s"
                                               + (f"  {tr.failure_class}" if tr.failure_class else "")))

    try:
        res = asyncio.run(execute_agentic(
            db_path=path, endpoint=endpoint, model=model, api_key=os.environ.get(api_key_env) or None,
            api_key_env=api_key_env, recipe=rec, recipe_path=str(recipe) if recipe else None, tasks=task or [],
            ladder=ladder, thinking=thinking, max_turns=max_turns, time_limit_s=time_limit, max_tokens=max_tokens,
            stream=stream, resume=resume, force=force, retry_errors=retry_errors, executor=LocalExecutor(),
            timeouts={"total": timeout, "read": read_timeout}, progress=progress, on_request=on_request,
            on_start=on_start,
        ))
    except KeyboardInterrupt:
        rid = state["run_id"]
        if rid:
            console.print(f"interrupted: {state['n']} task results stored in {path}; resume with: "
                          f"stackeval agentic --resume {rid} --db {path}", style="yellow")
        raise typer.Exit(130) from None
    from rich.markdown import Markdown

    from stackeval.report.agentic_report import render_agentic_markdown, render_crossover

    title = f"stackeval agentic: {res.spec.model} on {res.stack.engine} (run {res.run_id})"
    own = f"{res.spec.model} on {res.stack.engine} (run {res.run_id})"
    md = render_agentic_markdown(res.docs, title, timings=timings, own_name=own)
    if versus_run is not None:
        md += "\n" + render_crossover(versus(res.docs, own, versus_run))
    if save_timing is not None:
        from stackeval.cli.inputs import write_output

        write_output(run_timing(res.docs, own, f"agentic run {res.run_id} at {res.spec.endpoint}").model_dump_json(indent=1), save_timing,
                     "deployment timing")
    if json_out:
        doc = {"schema_version": 1, "run_id": res.run_id, "spec": res.spec.model_dump(),
               "stack": {"engine": res.stack.engine, "engine_version": res.stack.engine_version,
                         "fingerprint": res.stack.fingerprint},
               "results": [r.model_dump() for r in res.results], "tasks": res.docs}
        json_out.write_text(json.dumps(doc, indent=2, default=str), encoding="utf-8")
    if md_out:
        md_out.write_text(md, encoding="utf-8")
    if not quiet:
        console.print(Markdown(render_agentic_markdown(res.docs, title, turns=False, timings=timings, own_name=own)))
        if versus_run is not None:
            console.print(Markdown(md[md.index("## Crossover"):]))
    console.print(f"agentic run id: {res.run_id}  ({res.new_results} new task results; db {path})")


def _project(run: Path, timings: list, md_out: Path | None) -> None:  # noqa: ANN001
    """``--project-from``: another run's (or manual play's) repair turns projected onto recorded deployments."""
    from rich.markdown import Markdown

    from stackeval.cli.render import console
    from stackeval.errors import UserError
    from stackeval.report.agentic_report import agentic_docs, projection_lines
    from stackeval.runner.agentic import read_run_json

    if not timings:
        raise UserError("--project-from needs at least one --project-on TIMING.json")
    docs, name = read_run_json(run)
    lines = projection_lines(agentic_docs(docs), timings, own_name=name)
    if not lines:
        raise UserError(f"{run}: no repair task with turns to project")
    md = "\n".join([f"# Time to solve: {name} projected", "", *lines])
    if md_out:
        from stackeval.cli.inputs import write_output

        write_output(md, md_out, "projection")
    console.print(Markdown(md))


def _probe(endpoint: str | None, probe_from: Path | None, out: Path, model: str | None, api_key_env: str,
           timeout: float, read_timeout: float, timings: list) -> None:  # noqa: ANN001
    """``--probe-timing``: measure the endpoint at another run's prompt lengths, write the timing, and show that
    run's rungs projected onto it."""
    from rich.markdown import Markdown

    from stackeval.cli.inputs import write_output
    from stackeval.cli.render import console
    from stackeval.errors import UserError
    from stackeval.report.agentic_report import projection_lines
    from stackeval.runner.agentic import probe_lengths, probe_timing, read_run_json

    if not endpoint or probe_from is None:
        raise UserError("--probe-timing needs --endpoint and --probe-from RUN.json")
    docs, name = read_run_json(probe_from)
    lengths = probe_lengths(docs)
    console.print(f"probing {endpoint} at {len(lengths)} prompt lengths ({lengths[0]}..{lengths[-1]} tokens), "
                  "cold and warm", style="dim")
    timing = asyncio.run(probe_timing(endpoint=endpoint, lengths=lengths, model=model,
                                      api_key=os.environ.get(api_key_env) or None,
                                      timeouts={"total": timeout, "read": read_timeout}))
    write_output(timing.model_dump_json(indent=1), out, "deployment timing")
    from stackeval.report.agentic_report import agentic_docs

    lines = projection_lines(agentic_docs(docs), [timing, *timings], own_name=name)
    console.print(Markdown("\n".join(lines)))
