"""A sweep on a Ray cluster: each point's server is launched by an actor placed on a node that has the
resources the point asks for; its workloads run in that actor, next to the server; every record comes
back to the driver, which alone writes the store (the same tables and records as ``launch.run_sweep``).

Placement: ``RayOptions.point_resources`` / ``point_num_cpus`` (flags), else the recipe's
``hardware.ray_resources`` (e.g. ``{GPU: 1}``), else one CPU. Built-in placeholders (``${port}``,
``${local_model}``, ``${llama_server}``, ``${python}``) are resolved on the point's node.

A point whose actor (or node) is lost mid-way is stored as ``interrupted`` (with the reason), its in-flight
suite units as ``worker_lost`` results; ``--resume`` runs the point again and its suite run goes on where
it stopped. The server is started under ``setpriv --pdeathsig KILL`` where available, so it cannot
outlive a killed actor.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Coroutine
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from stackeval._version import __version__
from stackeval.distributed.cluster import WorkersLost, check_resources, import_ray, is_loss
from stackeval.distributed.point import PointWorker
from stackeval.distributed.pool import Shard, ShardPool, unwrap
from stackeval.distributed.records import DistributedDoc, PointStart, RayOptions
from stackeval.distributed.session import execute_suite_on
from stackeval.errors import ConfigError, StackevalError, UserError
from stackeval.launch.command import MACHINE_BUILTINS, masked, point_recipe, render_argv, render_env
from stackeval.launch.plan import plan_points
from stackeval.launch.server import first_fatal_line
from stackeval.launch.store import SweepStore
from stackeval.launch.sweep import Progress, SweepOutcome, default_log_dir
from stackeval.launch.workloads import bench_params
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import (
    BUILTINS,
    TERMINAL,
    BenchWorkload,
    SuiteWorkload,
    SweepPoint,
    SweepPointRecord,
    SweepRecipe,
    WorkloadRecord,
)
from stackeval.runner.session import git_rev
from stackeval.runner.suite import WorkUnit
from stackeval.stack.logs import parse_startup_log
from stackeval.store.db import Store, utcnow

__all__ = ["point_placement", "run_sweep_ray"]


def point_placement(recipe: SweepRecipe, options: RayOptions) -> tuple[float, dict[str, float]]:
    """(num_cpus, resources) of a point's actor: the flags, else the recipe's hardware.ray_resources."""
    if options.point_resources:
        return options.point_num_cpus, dict(options.point_resources)
    raw = recipe.hardware.get("ray_resources") if isinstance(recipe.hardware, dict) else None
    if raw is None:
        return options.point_num_cpus, {}
    if not isinstance(raw, dict) or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw.values()):
        raise ConfigError("hardware.ray_resources must map resource names to numbers, e.g. {GPU: 1}")
    res = {str(k): float(v) for k, v in raw.items()}
    cpus = res.pop("CPU", options.point_num_cpus)
    return cpus, res


def _check_resolver(name: str) -> str:
    if name in MACHINE_BUILTINS or name in BUILTINS:
        return str(masked(name))
    raise ConfigError(f"serve.command: unknown placeholder ${{{name}}}")


def _slug(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", s).strip("_")[:60] or "point"


@dataclass
class _Ctx:
    ray: Any
    recipe: SweepRecipe
    sweep_id: str
    db_path: Path
    recipe_path: str | None
    log_dir: Path
    options: RayOptions
    actor_cls: Any
    progress: Progress

    def save(self, rec: SweepPointRecord) -> None:
        with Store(self.db_path) as st:
            SweepStore(st).put_point(self.sweep_id, rec)

    def link(self, index: int, run_id: str, workload: int, repeat: int) -> None:
        with Store(self.db_path) as st:
            SweepStore(st).link_run(self.sweep_id, index, run_id, workload, repeat)


class _PointLost(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class _PointSuite:
    """The ``SuiteExecutor`` of a suite workload at a point: one shard, the point's actor (not replaceable:
    the server lives in it)."""

    name = "ray"

    def __init__(self, ctx: _Ctx, actor: Any, endpoint: str) -> None:
        self.ctx, self.actor = ctx, actor
        self.endpoints = [endpoint]
        self.lost = self.unrun = 0
        self._out: Any = None

    async def __aenter__(self) -> _PointSuite:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def discover(self, recipe: Recipe | None) -> list[StackProfile]:
        return [await _call(self.ctx.ray, self.actor.discover.remote(recipe))]

    async def run_units(self, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
                        progress: Any = None, tools_supported: bool | None = None) -> list[TestResult]:
        pool = ShardPool(self.ctx.ray, [Shard(self.endpoints[0], self.actor)], self.ctx.options)
        self._out = await pool.run(store, run_id, spec, engine, units, progress, tools_supported)
        self.lost, self.unrun = self._out.lost, self._out.unrun
        return self._out.results

    def describe(self) -> dict[str, Any] | None:
        o = self._out
        return DistributedDoc(address=self.ctx.options.address, ray_version=getattr(self.ctx.ray, "__version__", ""),
                              endpoints=self.endpoints, results_by_endpoint=dict(o.by_endpoint) if o else {},
                              results_by_node=dict(o.by_node) if o else {}, lost=self.lost,
                              grade_on=self.ctx.options.grade_on).model_dump()


async def _call(ray: Any, ref: Any) -> Any:
    """Await an actor call; a dead actor becomes ``_PointLost``, our own errors are re-raised as such."""
    try:
        return await ref
    except ray.exceptions.RayError as e:
        if is_loss(ray, e):
            raise _PointLost(f"the point's worker was lost: {type(e).__name__}") from e
        raise unwrap(ray, e) from e


async def run_sweep_ray(
    recipe: SweepRecipe, *, db_path: Path, recipe_path: str | None = None, resume: str | None = None,
    force: bool = False, log_dir: Path | None = None, options: RayOptions | None = None,
    progress: Progress | None = None,
) -> SweepOutcome:
    """``launch.run_sweep`` with every point on the Ray cluster. Use inside ``cluster.connected``."""
    ray = import_ray()
    if not ray.is_initialized():
        raise RuntimeError("run_sweep_ray used outside cluster.connected()")
    o = options or RayOptions()
    say = progress or (lambda _m: None)
    points = plan_points(recipe)
    for p in points:  # template errors surface before anything is stored or started
        render_argv(recipe, p, _check_resolver)
        render_env(recipe, p, _check_resolver)
    cpus, res = point_placement(recipe, o)
    check_resources(ray, cpus, res, "a sweep point")
    actor_cls = ray.remote(PointWorker).options(num_cpus=cpus, resources=res or None, max_restarts=0,
                                                max_task_retries=0)
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
    ctx = _Ctx(ray, recipe, sid, db_path, recipe_path, logs.resolve(), o, actor_cls, say)
    todo = [p for p in points if not (p.key in stored and stored[p.key].status in TERMINAL)]
    need = {**({"CPU": cpus} if cpus else {}), **res}
    say(f"sweep {sid}: {len(points)} points, {len(todo)} to run on Ray (each reserving {need or 'no resources'})"
        + (" (resumed)" if resume else ""))
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
    actor = ctx.actor_cls.remote(ctx.options)
    started = False
    try:
        st: PointStart = await _call(ctx.ray, actor.start.remote(ctx.recipe, point, str(log)))
        started = True
        rec.argv, rec.env = st.argv, {k: v for k, v in st.env.items() if v is not None}
        rec.endpoint, rec.log_path = st.endpoint, st.log_path
        rec.startup, rec.ready_s, rec.exit_code = st.startup, st.ready_s, st.exit_code
        where = f"node {st.worker.node_id[:12]} ({st.worker.hostname}, pid {st.worker.pid})"
        if not st.ok:
            rec.status, rec.reason = "failed_to_start", st.reason
            ctx.progress(f"point {point.index} [{point.name}]: failed to start on {where}: {st.reason}")
        else:
            ctx.progress(f"point {point.index} [{point.name}]: healthy after {st.ready_s:.1f}s on {where} ({st.endpoint})")
            ctx.save(rec)
            await _workloads(ctx, rec, actor)
            alive, code = await _call(ctx.ray, actor.alive.remote())
            if not alive:
                rec.status, rec.exit_code = "crashed", code
                rec.reason = f"server exited with code {code} during the workloads"
            elif rec.status == "running":
                rec.status = "complete"
    except _PointLost as e:
        rec.status, rec.reason = "interrupted", e.why
        ctx.progress(f"point {point.index} [{point.name}]: {e.why}")
    except (KeyboardInterrupt, asyncio.CancelledError):
        rec.status = "interrupted"
        raise
    finally:
        try:
            if started:
                with contextlib.suppress(Exception):
                    how, text = await asyncio.wait_for(_call(ctx.ray, actor.stop.remote(la.stop_grace_s)),
                                                       la.stop_grace_s + 30)
                    rec.stopped = how
                    if text:
                        rec.startup = parse_startup_log(text)
                        if rec.status == "crashed":
                            rec.reason = first_fatal_line(text, rec.reason or "")
        finally:  # even when interrupted while stopping: the actor goes, and its server with it
            with contextlib.suppress(Exception):
                ctx.ray.kill(actor, no_restart=True)
            if rec.status == "running":
                rec.status = "interrupted"
            rec.finished_at = utcnow()
            ctx.save(rec)
    ctx.progress(f"point {point.index} [{point.name}]: {rec.status}" + (f" ({rec.reason})" if rec.reason else ""))
    return rec


def _docs(ctx: _Ctx, rec: SweepPointRecord, wi: int) -> dict[str, object]:
    p = rec.point
    docs: dict[str, object] = {"sweep": {"sweep_id": ctx.sweep_id, "sweep_name": ctx.recipe.name, "point": p.index,
                                         "name": p.name, "params": p.params, "varied": p.varied, "workload": wi,
                                         "log_path": rec.log_path}}
    if rec.startup is not None:
        docs["startup"] = rec.startup.model_dump(exclude_none=True)
    return docs


async def _workloads(ctx: _Ctx, rec: SweepPointRecord, actor: Any) -> None:
    recipe = point_recipe(ctx.recipe, rec.point)
    for wi, w in enumerate(ctx.recipe.workloads):
        alive, _code = await _call(ctx.ray, actor.alive.remote())
        if not alive:
            return
        mine = [wr for wr in rec.workloads if wr.workload == wi]
        try:
            job = _suite(ctx, rec, wi, w, mine, recipe, actor) if isinstance(w, SuiteWorkload) \
                else _bench(ctx, rec, wi, w, mine, recipe, actor)
            if not await _while_alive(ctx, job, actor):
                for wr in rec.workloads:
                    if wr.workload == wi and wr.status == "running":
                        wr.status, wr.error = "interrupted", "the server exited"
                ctx.save(rec)
                return
        except WorkersLost as e:
            raise _PointLost(f"the point's worker was lost during {w.title()}") from e
        except StackevalError as e:  # e.g. the endpoint stopped answering: recorded, next workload
            for wr in rec.workloads:
                if wr.workload == wi and wr.status == "running":
                    wr.status, wr.error = "error", str(e)
            if not any(wr.workload == wi for wr in rec.workloads):
                rec.workloads.append(WorkloadRecord(workload=wi, kind=w.kind, label=w.title(), status="error", error=str(e)))
            ctx.save(rec)
            ctx.progress(f"point {rec.point.index}: {w.title()} failed: {e}")


async def _while_alive(ctx: _Ctx, job: Coroutine[Any, Any, None], actor: Any, every_s: float = 0.25) -> bool:
    """Run a workload while the point's server lives (as ``launch`` does); cancel it once the server exits
    (False). When the actor itself is lost, the workload gets a moment to store its lost units first."""
    task = asyncio.ensure_future(job)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=every_s)
            if done:
                task.result()
                return True
            try:
                alive, _code = await _call(ctx.ray, actor.alive.remote())
            except _PointLost:
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
                 recipe: Recipe, actor: Any) -> None:
    if any(wr.status == "complete" for wr in mine):
        return
    resume_id = next((wr.run_id for wr in mine if wr.run_id), None)
    wr = mine[0] if mine else WorkloadRecord(workload=wi, kind="suite", label=w.title())
    if not mine:
        rec.workloads.append(wr)
    docs = _docs(ctx, rec, wi)

    def created(run_id: str, n: int) -> None:
        with Store(ctx.db_path) as st:
            for name, doc in docs.items():
                st.put_doc(run_id, name, doc)
        wr.run_id, wr.status = run_id, "running"
        ctx.link(rec.point.index, run_id, wi, 0)
        ctx.save(rec)
        ctx.progress(f"point {rec.point.index}: {w.title()}: run {run_id}, {n} tests to run")

    await _call(ctx.ray, actor.open_suite.remote(dict(w.timeouts)))
    assert rec.endpoint is not None
    kw: dict[str, Any] = dict(db_path=ctx.db_path, profile=w.profile, model=None, concurrency=w.concurrency,
                              api_key_env=None, recipe=recipe, recipe_path=ctx.recipe_path, only=list(w.only),
                              thinking=w.thinking, repeats=w.repeats, force=False, retry_errors=False,
                              timeouts=dict(w.timeouts), on_start=created)
    ex = _PointSuite(ctx, actor, rec.endpoint)
    try:
        await execute_suite_on(ex, resume=resume_id, **kw)
    except UserError as e:
        if resume_id is None or "changed since run" not in str(e):
            raise
        ctx.progress(f"point {rec.point.index}: cannot resume run {resume_id} ({e}); starting a new run")
        await execute_suite_on(ex, resume=None, **kw)
    wr.status = "complete"
    ctx.save(rec)


async def _bench(ctx: _Ctx, rec: SweepPointRecord, wi: int, w: BenchWorkload, mine: list[WorkloadRecord],
                 recipe: Recipe, actor: Any) -> None:
    done = sorted(wr.repeat for wr in mine if wr.status == "complete")
    for wr in mine:
        if wr.status != "complete":
            wr.status = "interrupted"
    model = ctx.recipe.model
    params = asdict(bench_params(w, model)) if model else None
    for rep in range(len(done), w.repeats):
        await _bench_once(ctx, rec, wi, w, rep, recipe, actor, params)


async def _bench_once(ctx: _Ctx, rec: SweepPointRecord, wi: int, w: BenchWorkload, rep: int, recipe: Recipe,
                      actor: Any, params: dict[str, Any] | None) -> None:
    """One bench repeat: the actor measures, the driver stores (run, snapshots, document)."""
    stack, br = await _call(ctx.ray, actor.bench.remote(recipe, params, w, ctx.recipe.model))
    p = br.doc.get("params") or {}
    with Store(ctx.db_path) as st:
        spec = RunSpec(kind="bench", endpoint=rec.endpoint or "", model=str(p.get("model") or ""), profile="bench",
                       concurrency=max(p.get("concurrency") or [1]), recipe_path=ctx.recipe_path,
                       defaults={"params": {k: v for k, v in p.items() if k != "fixed_length_fields"},
                                 "repeat": rep, "repeats": w.repeats})
        rid = st.create_run(spec, stack, "-", __version__, git_rev())
        for name, doc in _docs(ctx, rec, wi).items():
            st.put_doc(rid, name, doc)
        wr = WorkloadRecord(workload=wi, kind="bench", label=w.title(), repeat=rep, run_id=rid, status="running")
        rec.workloads.append(wr)
        ctx.link(rec.point.index, rid, wi, rep)
        for label, text in br.snapshots:
            st.put_snapshot(rid, label, text)
        doc = dict(br.doc)
        doc["run_id"] = rid
        doc["repeat"] = rep
        st.put_doc(rid, "bench", doc)
        st.set_run_status(rid, "complete", finished=True)
    wr.status = "complete"
    ctx.save(rec)
    ctx.progress(f"point {rec.point.index}: bench repeat {rep + 1}/{w.repeats}: run {rid}")

