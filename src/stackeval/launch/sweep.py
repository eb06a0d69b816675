"""Run a sweep: for each point start the server, wait for health, run the workloads, stop it, move on.

Every point is stored as it progresses (``sweep_points``), and every run it produces is linked to it
(``sweep_runs``), so a killed sweep resumes where it stopped: finished points (complete, failed to
start, crashed) are kept; an unfinished point starts its server again and runs only the workloads
that have not completed (a suite run that was cut off is resumed, not restarted).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stackeval.errors import ConfigError, StackevalError, UserError
from stackeval.launch.command import Resolver, point_recipe, render_argv, render_env
from stackeval.launch.plan import plan_points
from stackeval.launch.server import ServerProcess, first_fatal_line, read_log
from stackeval.launch.store import SweepStore
from stackeval.launch.workloads import bench_params, bench_runs, suite_run
from stackeval.records.execution import Executor
from stackeval.records.sweep import (
    TERMINAL,
    BenchWorkload,
    SuiteWorkload,
    SweepPoint,
    SweepPointRecord,
    SweepRecipe,
    WorkloadRecord,
)
from stackeval.stack.logs import parse_startup_log
from stackeval.store.db import Store, utcnow

__all__ = ["SweepOutcome", "run_sweep", "builtin_resolver", "default_log_dir"]

Progress = Callable[[str], None]
ResolverFactory = Callable[[str, int], Resolver]  # (host, port) -> resolver of built-in placeholders


@dataclass
class SweepOutcome:
    sweep_id: str
    points: list[SweepPointRecord]
    resumed: bool
    ran: int  # points run (or re-run) by this invocation


def builtin_resolver(recipe: SweepRecipe) -> ResolverFactory:
    def factory(host: str, port: int) -> Resolver:
        def resolve(name: str) -> str | list[str]:
            if name == "host":
                return host
            if name == "port":
                return str(port)
            if name == "python":
                return sys.executable
            if name == "sweep_name":
                return recipe.name or ""
            if name == "local_model":
                from stackeval.localserver.manager import find_model

                return str(find_model())
            if name == "llama_server":
                from stackeval.localserver.manager import pick_build

                return list(pick_build()[1])
            raise ConfigError(f"serve.command: unknown placeholder ${{{name}}}")

        return resolve

    return factory


def default_log_dir(db_path: Path) -> Path:
    return db_path.parent / f"{db_path.stem}-logs"


def _slug(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", s).strip("_")[:60] or "point"


def _url_host(host: str) -> str:
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


@dataclass
class _Ctx:
    recipe: SweepRecipe
    sweep_id: str
    db_path: Path
    recipe_path: str | None
    log_dir: Path
    executor: Executor | None
    resolvers: ResolverFactory
    progress: Progress

    def save(self, rec: SweepPointRecord) -> None:
        with Store(self.db_path) as st:
            SweepStore(st).put_point(self.sweep_id, rec)

    def link(self, index: int, run_id: str, workload: int, repeat: int) -> None:
        with Store(self.db_path) as st:
            SweepStore(st).link_run(self.sweep_id, index, run_id, workload, repeat)


async def run_sweep(
    recipe: SweepRecipe, *, db_path: Path, recipe_path: str | None = None, resume: str | None = None,
    force: bool = False, log_dir: Path | None = None, executor: Executor | None = None,
    resolvers: ResolverFactory | None = None, progress: Progress | None = None,
) -> SweepOutcome:
    say = progress or (lambda _m: None)
    points = plan_points(recipe)
    resolvers = resolvers or builtin_resolver(recipe)
    check = resolvers(recipe.launch.host, recipe.launch.port or 1)
    for p in points:  # surfaces bad templates and a missing local model before anything is stored or started
        render_argv(recipe, p, check)
        render_env(recipe, p, check)
    with Store(db_path) as st:
        ss = SweepStore(st)
        if resume:
            sid = ss.resolve(resume)
            info = ss.info(sid)
            if info.recipe_hash != recipe.recipe_hash() and not force:
                raise UserError(f"the recipe changed since sweep {sid} (hash {info.recipe_hash} -> "
                                f"{recipe.recipe_hash()}); use --force to continue with the new one")
            stored = {r.point.key: r for r in ss.points(sid)}
            ss.set_status(sid, "running")
        else:
            sid = ss.create_sweep(recipe, recipe_path)
            stored = {}
            for p in points:
                ss.put_point(sid, SweepPointRecord(point=p))
    logs = Path(recipe.launch.log_dir) if recipe.launch.log_dir else (log_dir or default_log_dir(db_path))
    ctx = _Ctx(recipe, sid, db_path, recipe_path, logs, executor, resolvers, say)
    todo = [p for p in points if not (p.key in stored and stored[p.key].status in TERMINAL)]
    say(f"sweep {sid}: {len(points)} points, {len(todo)} to run" + (" (resumed)" if resume else ""))
    sem = asyncio.Semaphore(recipe.launch.max_parallel)

    async def one(p: SweepPoint) -> None:
        async with sem:
            await _run_point(ctx, p, stored.get(p.key))

    try:
        await asyncio.gather(*(one(p) for p in todo))
    except BaseException:
        with Store(db_path) as st:
            SweepStore(st).set_status(sid, "interrupted")
        raise
    with Store(db_path) as st:
        ss = SweepStore(st)
        ss.set_status(sid, "complete", finished=True)
        recs = ss.points(sid)
    return SweepOutcome(sid, recs, bool(resume), len(todo))


async def _run_point(ctx: _Ctx, point: SweepPoint, prev: SweepPointRecord | None) -> SweepPointRecord:
    from stackeval.localserver.manager import free_port

    la = ctx.recipe.launch
    rec = prev.model_copy(deep=True) if prev else SweepPointRecord(point=point)
    rec.point = point
    rec.attempts += 1
    rec.status, rec.reason, rec.exit_code, rec.stopped = "running", None, None, None
    rec.started_at, rec.finished_at = utcnow(), None
    port = la.port or free_port()
    resolve = ctx.resolvers(la.host, port)
    rec.argv = render_argv(ctx.recipe, point, resolve)
    env = render_env(ctx.recipe, point, resolve)
    rec.env = {k: v for k, v in env.items() if v is not None}
    rec.endpoint = f"http://{_url_host(la.host)}:{port}"
    suffix = f".{rec.attempts}" if rec.attempts > 1 else ""
    log = ctx.log_dir / f"{ctx.sweep_id}-p{point.index:02d}-{_slug(point.name)}{suffix}.log"
    rec.log_path = str(log)
    ctx.save(rec)
    ctx.progress(f"point {point.index} [{point.name}]: starting on port {port} (log {log})")
    srv = ServerProcess(rec.argv, rec.endpoint, log, env=env, cwd=la.cwd, health_path=la.health_path)
    try:
        so = await srv.start(la.health_timeout_s, la.poll_interval_s)
        rec.startup, rec.ready_s, rec.exit_code = so.startup, so.ready_s, so.exit_code
        if not so.ok:
            rec.status, rec.reason = "failed_to_start", so.reason
            ctx.progress(f"point {point.index} [{point.name}]: failed to start: {so.reason}")
        else:
            ctx.progress(f"point {point.index} [{point.name}]: healthy after {so.ready_s:.1f}s")
            ctx.save(rec)
            await _workloads(ctx, rec, srv)
            if not srv.alive():
                code = srv.proc.poll() if srv.proc else None
                rec.status, rec.exit_code = "crashed", code
                rec.reason = first_fatal_line(read_log(log), f"server exited with code {code} during the workloads")
            elif rec.status == "running":
                rec.status = "complete"
    except (KeyboardInterrupt, asyncio.CancelledError):
        rec.status = "interrupted"
        raise
    finally:
        # the server is stopped whatever happened; while being cancelled (Ctrl-C) there are no more awaits,
        # because a second cancellation would skip the rest of this block
        if rec.status == "interrupted":
            rec.stopped = srv.stop(la.stop_grace_s)
        else:
            try:
                rec.stopped = await asyncio.to_thread(srv.stop, la.stop_grace_s)
            except asyncio.CancelledError:
                rec.status, rec.stopped = "interrupted", srv.stop(la.stop_grace_s)
                _finish(ctx, rec, log)
                raise
        _finish(ctx, rec, log)
    ctx.progress(f"point {point.index} [{point.name}]: {rec.status}" + (f" ({rec.reason})" if rec.reason else ""))
    return rec


def _finish(ctx: _Ctx, rec: SweepPointRecord, log: Path) -> None:
    if rec.status == "running":
        rec.status = "interrupted"
    text = read_log(log)
    if text:
        rec.startup = parse_startup_log(text)
    rec.finished_at = utcnow()
    ctx.save(rec)


def _docs(ctx: _Ctx, rec: SweepPointRecord, wi: int) -> dict[str, object]:
    p = rec.point
    docs: dict[str, object] = {"sweep": {"sweep_id": ctx.sweep_id, "sweep_name": ctx.recipe.name, "point": p.index,
                                         "name": p.name, "params": p.params, "varied": p.varied, "workload": wi,
                                         "log_path": rec.log_path}}
    if rec.startup is not None:
        docs["startup"] = rec.startup.model_dump(exclude_none=True)
    return docs


async def _workloads(ctx: _Ctx, rec: SweepPointRecord, srv: ServerProcess) -> None:
    recipe = point_recipe(ctx.recipe, rec.point)
    assert rec.endpoint is not None
    for wi, w in enumerate(ctx.recipe.workloads):
        if not srv.alive():
            return
        mine = [wr for wr in rec.workloads if wr.workload == wi]
        try:
            job = _suite(ctx, rec, wi, w, mine, recipe) if isinstance(w, SuiteWorkload) else _bench(ctx, rec, wi, w, mine, recipe)
            if not await _while_alive(job, srv):
                for wr in rec.workloads:
                    if wr.workload == wi and wr.status == "running":
                        wr.status, wr.error = "interrupted", "the server exited"
                ctx.save(rec)
                return
        except StackevalError as e:  # e.g. the endpoint stopped answering: recorded, next workload
            for wr in rec.workloads:
                if wr.workload == wi and wr.status == "running":
                    wr.status, wr.error = "error", str(e)
            if not any(wr.workload == wi for wr in rec.workloads):
                rec.workloads.append(WorkloadRecord(workload=wi, kind=w.kind, label=w.title(), status="error", error=str(e)))
            ctx.save(rec)
            ctx.progress(f"point {rec.point.index}: {w.title()} failed: {e}")


async def _while_alive(job: Coroutine[Any, Any, None], srv: ServerProcess, every_s: float = 0.25) -> bool:
    """Run a workload while the server lives; cancel it as soon as the server exits (False)."""
    task = asyncio.ensure_future(job)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=every_s)
            if done:
                task.result()
                return True
            if not srv.alive():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                return False
    except BaseException:
        task.cancel()
        raise


async def _suite(ctx: _Ctx, rec: SweepPointRecord, wi: int, w: SuiteWorkload, mine: list[WorkloadRecord], recipe) -> None:  # noqa: ANN001
    if any(wr.status == "complete" for wr in mine):
        return
    resume_id = next((wr.run_id for wr in mine if wr.run_id), None)
    wr = mine[0] if mine else WorkloadRecord(workload=wi, kind="suite", label=w.title())
    if not mine:
        rec.workloads.append(wr)

    def created(run_id: str, n: int) -> None:
        wr.run_id, wr.status = run_id, "running"
        ctx.link(rec.point.index, run_id, wi, 0)
        ctx.save(rec)
        ctx.progress(f"point {rec.point.index}: {w.title()}: run {run_id}, {n} tests to run")

    assert rec.endpoint is not None
    kw = dict(db_path=ctx.db_path, endpoint=rec.endpoint, workload=w, recipe=recipe, recipe_path=ctx.recipe_path,
              executor=ctx.executor, extra_docs=_docs(ctx, rec, wi), on_created=created)
    try:
        await suite_run(resume=resume_id, **kw)  # type: ignore[arg-type]
    except UserError as e:
        if resume_id is None or "changed since run" not in str(e):
            raise
        ctx.progress(f"point {rec.point.index}: cannot resume run {resume_id} ({e}); starting a new run")
        await suite_run(resume=None, **kw)  # type: ignore[arg-type]
    wr.status = "complete"
    ctx.save(rec)


async def _bench(ctx: _Ctx, rec: SweepPointRecord, wi: int, w: BenchWorkload, mine: list[WorkloadRecord], recipe) -> None:  # noqa: ANN001
    done = sorted(wr.repeat for wr in mine if wr.status == "complete")
    for wr in mine:
        if wr.status != "complete":
            wr.status = "interrupted"
    skip = len(done)
    if skip >= w.repeats:
        return
    current: dict[int, WorkloadRecord] = {}

    def created(run_id: str, rep: int) -> None:
        wr = WorkloadRecord(workload=wi, kind="bench", label=w.title(), repeat=rep, run_id=run_id, status="running")
        current[rep] = wr
        rec.workloads.append(wr)
        ctx.link(rec.point.index, run_id, wi, rep)
        ctx.save(rec)

    def finished(run_id: str, rep: int) -> None:
        current[rep].status = "complete"
        ctx.save(rec)

    assert rec.endpoint is not None
    model = ctx.recipe.model
    await bench_runs(db_path=ctx.db_path, endpoint=rec.endpoint, workload=w, model=None,
                     params=bench_params(w, model) if model else None, repeats=w.repeats, recipe=recipe,
                     recipe_path=ctx.recipe_path, extra_docs=_docs(ctx, rec, wi),
                     progress=lambda m: ctx.progress(f"point {rec.point.index}: {m}"),
                     on_created=created, on_done=finished, skip=skip)
