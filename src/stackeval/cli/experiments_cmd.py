"""`stackeval sweep`, `sweeps` and `compare`, registered on the main app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from stackeval.cli.app import DbOpt, OutOpt, RayAddressOpt, _db, _open_store, app

FORMATS = ("md", "html", "json")


@app.command()
def sweep(
    recipe: Annotated[Path, typer.Argument(help="sweep recipe YAML (engine, serve command template, matrix, workloads)")],
    db: DbOpt = None,
    resume: Annotated[str | None, typer.Option("--resume", help="SWEEP_ID (prefix or 'latest') to continue")] = None,
    force: Annotated[bool, typer.Option("--force", help="with --resume: continue although the recipe changed")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="print the planned points and commands, start nothing")] = False,
    log_dir: Annotated[Path | None, typer.Option("--log-dir", help="server logs (default <db>-logs/ beside the DB)")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
    executor: Annotated[str, typer.Option("--executor", help="local | ray (each point's server on a Ray actor "
                                          "placed by resources; pip install 'stackeval[ray]')")] = "local",
    ray_address: RayAddressOpt = None,
    resources: Annotated[str | None, typer.Option("--resources", help="ray: per point, JSON (default: the recipe's "
                                                  "hardware.ray_resources), e.g. '{\"GPU\": 1}'")] = None,
    num_cpus: Annotated[float | None, typer.Option("--num-cpus", min=0, help="ray: CPUs reserved per point (default 1)")] = None,
) -> None:
    """Launch a server per point of a parameter sweep, run the workloads against it, store everything."""
    from stackeval.cli.executors import ray_only_flags, sweep_with
    from stackeval.cli.executors import resources as parse_resources
    from stackeval.cli.inputs import EXECUTORS, check_choice
    from stackeval.cli.render import console
    from stackeval.launch.command import render_argv
    from stackeval.launch.host import builtin_resolver
    from stackeval.launch.plan import load_sweep_recipe, plan_points

    check_choice("--executor", executor, EXECUTORS)
    ray_only_flags(executor, **{"--ray-address": ray_address, "--resources": resources, "--num-cpus": num_cpus})
    options = None
    if executor == "ray":
        from stackeval.distributed.records import RayOptions

        options = RayOptions(address=ray_address, point_resources=parse_resources(resources, "--resources"),
                             **({"point_num_cpus": num_cpus} if num_cpus is not None else {}))
    rec = load_sweep_recipe(recipe)
    if dry_run:
        resolve = builtin_resolver(rec)(rec.launch.host, rec.launch.port or 0)
        for p in plan_points(rec):
            print(json.dumps({"index": p.index, "name": p.name, "varied": p.varied,
                              "argv": render_argv(rec, p, resolve)}))
        return
    path = _db(db)

    def say(m: str) -> None:
        if not quiet:
            console.print(m, style="dim", markup=False, highlight=False)

    try:
        out = sweep_with(executor, rec, options=options, db_path=path, recipe_path=str(recipe), resume=resume,
                         force=force, log_dir=log_dir, progress=say)
    except KeyboardInterrupt:
        again = " --executor ray" if executor == "ray" else ""
        console.print(f"interrupted; resume with: stackeval sweep {recipe} --resume latest{again} --db {path}",
                      style="yellow")
        raise typer.Exit(130) from None
    from rich.table import Table

    t = Table(title=f"sweep {out.sweep_id} ({len(out.points)} points)", title_justify="left")
    for c in ("#", "point", "status", "reason", "runs"):
        t.add_column(c)
    for p in out.points:
        t.add_row(str(p.point.index), p.point.name, p.status, (p.reason or "")[:90],
                  " ".join(w.run_id or "-" for w in p.workloads))
    console.print(t)
    console.print(f"sweep id: {out.sweep_id} (db {path}); report: stackeval compare {out.sweep_id} --db {path} "
                  f"--format html --out sweep.html")


@app.command()
def sweeps(db: DbOpt = None, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List stored sweeps, newest first."""
    from stackeval.store.sweeps import SweepStore

    with _open_store(db) as st:
        ss = SweepStore(st)
        rows = [{"id": s.id, "name": s.name, "created_at": s.created_at, "status": s.status,
                 "points": {p.point.name: p.status for p in ss.points(s.id)}} for s in ss.list()]
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        print(f"{r['id']}  {r['status']:<11} {r['name']}  " + ", ".join(f"{k}: {v}" for k, v in r["points"].items()))


Refs = Annotated[list[str], typer.Argument(help="run ids (prefix or 'latest') and/or sweep ids (sw-..., sweep:latest)")]
CompareFormat = Annotated[str, typer.Option("--format", "-f", help="md|html|json")]


@app.command()
def compare(refs: Refs, db: DbOpt = None, fmt: CompareFormat = "md", out: OutOpt = None) -> None:
    """Compare runs or sweep points: pass rates, variables that differ, flips, exact McNemar, noise floor, speed."""
    from stackeval.cli.inputs import check_choice, write_output
    from stackeval.launch.collect import collect
    from stackeval.report.compare import compare as build
    from stackeval.report.render import render_comparison

    check_choice("--format", fmt, FORMATS)
    with _open_store(db) as st:
        cols, ctx = collect(st, refs)
    write_output(render_comparison(build(cols, ctx), fmt), out, f"comparison ({fmt})")
