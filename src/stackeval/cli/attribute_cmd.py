"""`stackeval attribute A B`: which stack variable caused the difference, by controlled experiment."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated

import typer

from stackeval.cli.app import DbOpt, OutOpt, _db, app

DESIGNS = ("one-at-a-time", "factorial")
WORKLOADS = ("suite", "bench", "both")
FORMATS = ("term", "md", "html", "json")


@app.command()
def attribute(
    a: Annotated[str, typer.Argument(help="A: a recipe file, or a stored run launched by a sweep (id, prefix, 'latest')")],
    b: Annotated[str, typer.Argument(help="B: the same")],
    db: DbOpt = None,
    design: Annotated[str, typer.Option("--design", help="one-at-a-time | factorial (up to three variables)")] = "one-at-a-time",
    workload: Annotated[str, typer.Option("--workload", help="suite | bench | both")] = "suite",
    profile: Annotated[str | None, typer.Option("--profile", "-p", help="suite profile (default: A's run's, else smoke)")] = None,
    only: Annotated[list[str] | None, typer.Option("--only", help="restrict the profile (glob; repeatable)")] = None,
    repeats: Annotated[int, typer.Option("--repeats", min=1, max=100, help="repeats of each selected test per point")] = 3,
    concurrency: Annotated[int | None, typer.Option("--concurrency", "-c", min=1, max=1024,
                                                     help="the run's concurrency (default: A's run's, else 4)")] = None,
    control: Annotated[int, typer.Option("--control", min=0, help="random control tests (same verdict in A and B)")] = 8,
    seed: Annotated[int, typer.Option("--seed", help="seed of the control sample")] = 1234,
    together: Annotated[list[str] | None, typer.Option("--together", help="flags varied as one variable, comma-"
                                                       "separated, e.g. --together=-ctk,-ctv (repeatable)")] = None,
    bench_tokens: Annotated[int, typer.Option("--bench-tokens", min=2, help="bench: output tokens per request")] = 64,
    bench_concurrency: Annotated[int, typer.Option("--bench-concurrency", min=1, help="bench: concurrent streams")] = 1,
    bench_requests: Annotated[int, typer.Option("--bench-requests", min=1, help="bench: requests per level and run")] = 4,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="print the plan and its estimated cost, start nothing")] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="term|md|html|json")] = "term",
    out: OutOpt = None,
    log_dir: Annotated[Path | None, typer.Option("--log-dir", help="server logs (default <db>-logs/ beside the DB)")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Plan and run the controlled experiment between two stacks; report each variable's effect against the
    measured noise floor. Re-running the same command resumes an interrupted experiment."""
    from stackeval.cli.inputs import check_choice, write_output
    from stackeval.cli.render import console
    from stackeval.launch.attribute import attribute as run_attribution
    from stackeval.launch.attribute import load_side, make_plan, sweep_recipes
    from stackeval.records.sweep import BenchWorkload
    from stackeval.report.attribution import attribution_page
    from stackeval.report.render import render
    from stackeval.sandbox.local import LocalExecutor
    from stackeval.store.db import Store
    from stackeval.suites.loader import load_profile

    check_choice("--design", design, DESIGNS)
    check_choice("--workload", workload, WORKLOADS)
    check_choice("--format", fmt, FORMATS)
    path = _db(db)
    st = Store(path, create=False) if path.exists() else None
    try:
        sa, sb = load_side(a, st), load_side(b, st)
    finally:
        if st is not None:
            st.close()
    bench = None
    if workload in ("bench", "both"):
        bench = BenchWorkload(kind="bench", output_tokens=bench_tokens, concurrency=[bench_concurrency], runs=2,
                              requests_per_level=bench_requests, single_stream=False)
    suite = workload in ("suite", "both")
    prof = (profile or sa.profile or sb.profile or "smoke") if suite else None
    size = len(load_profile(prof).select(only or []).items) if prof else None
    plan = make_plan(sa, sb, design=design, profile=prof, only=only or [], repeats=repeats, concurrency=concurrency,
                     control=control, seed=seed, bench=bench, profile_size=size,
                     together=[[x.strip() for x in t.split(",") if x.strip()] for t in together or []])
    if dry_run:
        recs = sweep_recipes(plan, sa)
        doc = {"plan": plan.model_dump(mode="json", exclude={"variables", "points"}),
               "variables": [v.model_dump(mode="json") for v in plan.variables],
               "points": [{"label": p.label, "role": p.role, "params": p.params} for p in plan.points],
               "sweeps": {k: r.name for k, r in recs.items()}}
        print(json.dumps(doc, indent=2))
        c = plan.cost
        if c is not None:
            console.print(f"estimated cost: {c.servers} server start(s) and about {c.requests} request(s)"
                          + (f", after a screen of {c.screen_servers} server(s) and {c.screen_requests} request(s)"
                             if c.screen_servers else "") + (f"; {c.note}" if c.note else ""), highlight=False)
        return

    def say(m: str) -> None:
        if not quiet:
            console.print(m, style="dim", markup=False, highlight=False)

    say(f"attribution {plan.id}: {len([v for v in plan.variables if v.launchable])} variable(s), "
        f"{len(plan.points)} design point(s), {plan.design}")
    try:
        res = asyncio.run(run_attribution(sa, sb, plan, db_path=path, executor=LocalExecutor(), progress=say,
                                          log_dir=log_dir))
    except KeyboardInterrupt:
        console.print(f"interrupted; run the same command again to resume (db {path})", style="yellow")
        raise typer.Exit(130) from None
    if fmt == "json":
        write_output(res.report.model_dump_json(indent=2), out, "attribution (json)")
        return
    text = render(attribution_page(res.report), fmt)
    if fmt == "term" and out is None:
        from stackeval.cli.render import print_markdown

        print_markdown(text)
    else:
        write_output(text, out, f"attribution ({fmt})")
    say("sweeps: " + ", ".join(f"{k} {v}" for k, v in res.sweeps.items()))
