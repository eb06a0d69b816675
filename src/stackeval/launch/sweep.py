"""Run a sweep: for each point start the server, wait for health, run the workloads, stop it, move on.

This is the one sweep loop, whatever hosts the points (``launch.host``: this machine, or a Ray cluster
through ``stackeval.distributed.host.RayHosts``); the driver alone writes the store. Every point is stored
as it progresses (``sweep_points``), and every run it produces is linked to it (``sweep_runs``), so a
killed sweep resumes where it stopped: finished points (complete, failed to start, crashed) are kept; an
unfinished (or interrupted) point starts its server again and runs only the workloads that have not
completed (a suite run that was cut off is resumed, not restarted). The sweep ends ``complete`` when every
point reached a terminal state, else ``interrupted``.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stackeval.errors import StackevalError, UserError, WorkersLost
from stackeval.launch.command import point_recipe
from stackeval.launch.host import LocalHosts, PointHost, PointHosts, PointLost, builtin_resolver
from stackeval.launch.plan import plan_points
from stackeval.launch.resources import SuiteResources
from stackeval.launch.server import first_fatal_line
from stackeval.launch.workloads import bench_run, store_bench_doc
from stackeval.records.execution import Executor
from stackeval.records.recipe import Recipe
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import (
    TERMINAL,
    BenchWorkload,
    SuiteWorkload,
    SweepPoint,
    SweepPointRecord,
    SweepRecipe,
    WorkloadRecord,
)
from stackeval.runner.bench import BenchParams
from stackeval.runner.session import run_suite
from stackeval.stack.logs import parse_startup_log
from stackeval.store.db import Store, utcnow
from stackeval.store.sweeps import SweepStore

__all__ = ["SweepOutcome", "builtin_resolver", "default_log_dir", "run_sweep"]

Progress = Callable[[str], None]


@dataclass
class SweepOutcome:
    sweep_id: str
    points: list[SweepPointRecord]
    resumed: bool
    ran: int  # points run (or re-run) by this invocation


def default_log_dir(db_path: Path) -> Path:
    return db_path.parent / f"{db_path.stem}-logs"


def _slug(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", s).strip("_")[:60] or "point"


@dataclass
class _Ctx:
    recipe: SweepRecipe
    sweep_id: str
    db_path: Path
    recipe_path: str | None
    log_dir: Path
    hosts: PointHosts
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
    hosts: PointHosts | None = None, progress: Progress | None = None,
) -> SweepOutcome:
    """``hosts``: where the points run (default: this machine, code graded with ``executor``)."""
    say = progress or (lambda _m: None)
    hosts = hosts or LocalHosts(executor)
    points = plan_points(recipe)
    hosts.check(recipe)  # bad templates, a missing local model, impossible resources: before anything is stored
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
    ctx = _Ctx(recipe, sid, db_path, recipe_path, logs.resolve(), hosts, say)
    todo = [p for p in points if not (p.key in stored and stored[p.key].status in TERMINAL)]
    say(f"sweep {sid}: {len(points)} points, {len(todo)} to run{hosts.label}" + (" (resumed)" if resume else ""))
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
        recs = ss.points(sid)
        final = "complete" if all(r.status in TERMINAL for r in recs) else "interrupted"
        ss.set_status(sid, final, finished=final == "complete")
    return SweepOutcome(sid, recs, bool(resume), len(todo))


async def _run_point(ctx: _Ctx, point: SweepPoint, prev: SweepPointRecord | None) -> SweepPointRecord:
    la = ctx.recipe.launch
    rec = prev.model_copy(deep=True) if prev else SweepPointRecord(point=point)
    rec.point = point
    rec.attempts += 1
    rec.status, rec.reason, rec.exit_code, rec.stopped = "running", None, None, None
    rec.started_at, rec.finished_at = utcnow(), None
    suffix = f".{rec.attempts}" if rec.attempts > 1 else ""
    log = ctx.log_dir / f"{ctx.sweep_id}-p{point.index:02d}-{_slug(point.name)}{suffix}.log"
    rec.log_path = str(log)
    ctx.save(rec)
    ctx.progress(f"point {point.index} [{point.name}]: starting (log {log})")
    host = ctx.hosts.new()
    cancelled = False
    text = ""
    try:
        st = await host.start(ctx.recipe, point, log)
        rec.argv, rec.env = st.argv, {k: v for k, v in st.env.items() if v is not None}
        rec.endpoint, rec.log_path = st.endpoint, st.log_path
        rec.startup, rec.ready_s, rec.exit_code = st.startup, st.ready_s, st.exit_code
        where = f" on {st.where}" if st.where else ""
        if not st.ok:
            rec.status, rec.reason = "failed_to_start", st.reason
            ctx.progress(f"point {point.index} [{point.name}]: failed to start{where}: {st.reason}")
        else:
            ctx.progress(f"point {point.index} [{point.name}]: healthy after {st.ready_s:.1f}s{where} ({st.endpoint})")
            ctx.save(rec)
            await _workloads(ctx, rec, host)
            alive, code = await host.alive()
            if not alive:
                rec.status, rec.exit_code = "crashed", code
                rec.reason = f"server exited with code {code} during the workloads"
            elif rec.status == "running":
                rec.status = "complete"
    except PointLost as e:
        rec.status, rec.reason = "interrupted", str(e)
        ctx.progress(f"point {point.index} [{point.name}]: {e}")
    except (KeyboardInterrupt, asyncio.CancelledError):
        rec.status, cancelled = "interrupted", True
        raise
    finally:
        # the server is stopped whatever happened; while being cancelled (Ctrl-C) there are no more awaits,
        # because a second cancellation would skip the rest of this block
        try:
            if cancelled:
                rec.stopped, text = host.kill(la.stop_grace_s)
            else:
                try:
                    rec.stopped, text = await asyncio.wait_for(host.stop(la.stop_grace_s), la.stop_grace_s + 30)
                except asyncio.CancelledError:
                    rec.status = "interrupted"
                    rec.stopped, text = host.kill(la.stop_grace_s)
                    raise
                except PointLost:
                    pass  # a lost host cannot stop its server: close() ends both
                except Exception as e:  # noqa: BLE001
                    ctx.progress(f"point {point.index} [{point.name}]: stopping failed: {e}")
        finally:
            with contextlib.suppress(Exception):
                host.close()
            _finish(ctx, rec, text)
    ctx.progress(f"point {point.index} [{point.name}]: {rec.status}" + (f" ({rec.reason})" if rec.reason else ""))
    return rec


def _finish(ctx: _Ctx, rec: SweepPointRecord, text: str) -> None:
    if rec.status == "running":
        rec.status = "interrupted"
    if text:
        rec.startup = parse_startup_log(text)
        if rec.status == "crashed":
            rec.reason = first_fatal_line(text, rec.reason or "")
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


async def _workloads(ctx: _Ctx, rec: SweepPointRecord, host: PointHost) -> None:
    recipe = point_recipe(ctx.recipe, rec.point)
    for wi, w in enumerate(ctx.recipe.workloads):
        alive, _code = await host.alive()
        if not alive:
            return
        mine = [wr for wr in rec.workloads if wr.workload == wi]
        try:
            job = _suite(ctx, rec, wi, w, mine, recipe, host) if isinstance(w, SuiteWorkload) \
                else _bench(ctx, rec, wi, w, mine, recipe, host)
            if not await _while_alive(job, host):
                for wr in rec.workloads:
                    if wr.workload == wi and wr.status == "running":
                        wr.status, wr.error = "interrupted", "the server exited"
                ctx.save(rec)
                return
        except WorkersLost as e:
            raise PointLost(f"the point's worker was lost during {w.title()}") from e
        except PointLost:
            raise
        except StackevalError as e:  # e.g. the endpoint stopped answering: recorded, next workload
            for wr in rec.workloads:
                if wr.workload == wi and wr.status == "running":
                    wr.status, wr.error = "error", str(e)
            if not any(wr.workload == wi for wr in rec.workloads):
                rec.workloads.append(WorkloadRecord(workload=wi, kind=w.kind, label=w.title(), status="error", error=str(e)))
            ctx.save(rec)
            ctx.progress(f"point {rec.point.index}: {w.title()} failed: {e}")


async def _while_alive(job: Coroutine[Any, Any, None], host: PointHost, every_s: float = 0.25) -> bool:
    """Run a workload while the point's server lives; cancel it as soon as the server exits (False). When
    the host itself is lost, the workload gets a moment to store its lost units first."""
    task = asyncio.ensure_future(job)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=every_s)
            if done:
                task.result()
                return True
            try:
                alive, _code = await host.alive()
            except PointLost:
                await asyncio.wait({task}, timeout=10)
                if task.done():
                    task.result()
                raise
            if not alive:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                return False
    except BaseException:
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
        raise


async def _suite(ctx: _Ctx, rec: SweepPointRecord, wi: int, w: SuiteWorkload, mine: list[WorkloadRecord],
                 recipe: Recipe, host: PointHost) -> None:
    if any(wr.status == "complete" for wr in mine):
        return
    resume_id = next((wr.run_id for wr in mine if wr.run_id), None)
    wr = mine[0] if mine else WorkloadRecord(workload=wi, kind="suite", label=w.title())
    if not mine:
        rec.workloads.append(wr)
    docs = _docs(ctx, rec, wi)
    sampled = SuiteResources(shared=getattr(host, "res", None))  # a local point's sampler (launch.resources)

    def created(run_id: str, n: int) -> None:
        sampled.on_start(run_id)
        with Store(ctx.db_path) as st:
            for name, doc in docs.items():
                st.put_doc(run_id, name, doc)
        wr.run_id, wr.status = run_id, "running"
        ctx.link(rec.point.index, run_id, wi, 0)
        ctx.save(rec)
        ctx.progress(f"point {rec.point.index}: {w.title()}: run {run_id}, {n} tests to run")

    kw: dict[str, Any] = dict(db_path=ctx.db_path, profile=w.profile, model=None, concurrency=w.concurrency,
                              api_key_env=None, recipe=recipe, recipe_path=ctx.recipe_path, only=list(w.only),
                              thinking=w.thinking, repeats=w.repeats, force=False, retry_errors=False,
                              timeouts=dict(w.timeouts), on_start=created)
    async with await host.suite_executor(dict(w.timeouts)) as ex:
        try:
            await run_suite(ex, resume=resume_id, **kw)
        except UserError as e:
            if resume_id is None or "changed since run" not in str(e):
                raise
            ctx.progress(f"point {rec.point.index}: cannot resume run {resume_id} ({e}); starting a new run")
            await run_suite(ex, resume=None, **kw)
    if wr.run_id:
        sampled.finish(ctx.db_path, wr.run_id, startup=rec.startup)
    wr.status = "complete"
    ctx.save(rec)


async def _bench(ctx: _Ctx, rec: SweepPointRecord, wi: int, w: BenchWorkload, mine: list[WorkloadRecord],
                 recipe: Recipe, host: PointHost) -> None:
    done = sorted(wr.repeat for wr in mine if wr.status == "complete")
    for wr in mine:
        if wr.status != "complete":
            wr.status = "interrupted"
    for rep in range(len(done), w.repeats):
        await _bench_once(ctx, rec, wi, w, rep, recipe, host)


async def _bench_once(ctx: _Ctx, rec: SweepPointRecord, wi: int, w: BenchWorkload, rep: int, recipe: Recipe,
                      host: PointHost) -> None:
    """One bench repeat: the host measures, the driver stores (run, snapshots, document) as it goes."""
    with contextlib.ExitStack() as stack:
        run: dict[str, Any] = {}

        def started(profile: StackProfile, params: BenchParams) -> None:
            assert rec.endpoint is not None
            st, rid = stack.enter_context(bench_run(
                ctx.db_path, endpoint=rec.endpoint, stack=profile, params=params, repeat=rep, repeats=w.repeats,
                recipe_path=ctx.recipe_path, extra_docs=_docs(ctx, rec, wi)))
            wr = WorkloadRecord(workload=wi, kind="bench", label=w.title(), repeat=rep, run_id=rid, status="running")
            run.update(st=st, rid=rid, wr=wr, tokens=params.output_tokens)
            rec.workloads.append(wr)
            ctx.link(rec.point.index, rid, wi, rep)
            ctx.save(rec)
            ctx.progress(f"point {rec.point.index}: bench repeat {rep + 1}/{w.repeats}: run {rid}")

        doc = await host.bench(recipe, w, ctx.recipe.model, started,
                               lambda label, text: run["st"].put_snapshot(run["rid"], label, text),
                               lambda level, rs: run["st"].put_bench_requests(run["rid"], level, rs, run["tokens"]),
                               progress=lambda m: ctx.progress(f"point {rec.point.index}: {m}"))
        store_bench_doc(run["st"], run["rid"], doc, rep)
    run["wr"].status = "complete"
    ctx.save(rec)
