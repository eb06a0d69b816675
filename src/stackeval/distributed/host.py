"""Sweep points on a Ray cluster: the Ray side of the point-host seam (``launch.host``).

``launch.run_sweep(recipe, hosts=RayHosts(options))`` runs the one sweep loop with each point's server
launched by an actor (``point.PointWorker``) placed on a node that has the resources the point asks for;
its suite units and benches run in that actor, next to the server; every record comes back to the driver,
which alone writes the store (the same tables and records as a local sweep).

Placement: ``RayOptions.point_resources`` / ``point_num_cpus`` (flags), else the recipe's
``hardware.ray_resources`` (e.g. ``{GPU: 1}``), else one CPU. Built-in placeholders (``${port}``,
``${local_model}``, ``${llama_server}``, ``${python}``) are resolved on the point's node.

A point whose actor (or node) is lost mid-way raises ``PointLost``: the loop stores it ``interrupted``
(with the reason), its in-flight suite units as ``worker_lost`` results; a resumed sweep runs the point
again and its suite run goes on where it stopped. The server is started under ``setpriv --pdeathsig
KILL`` where available, so it cannot outlive a killed actor.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from stackeval.distributed.cluster import check_resources, import_ray, is_loss
from stackeval.distributed.point import PointWorker
from stackeval.distributed.pool import Shard, ShardPool, unwrap
from stackeval.distributed.records import BenchRecord, DistributedDoc, RayOptions
from stackeval.distributed.suite_exec import record_distributed
from stackeval.errors import ConfigError
from stackeval.launch.command import MACHINE_BUILTINS, masked
from stackeval.launch.host import OnBenchStart, OnRequests, OnSnapshot, PointLost, PointStart, check_templates
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import BUILTINS, BenchWorkload, SweepPoint, SweepRecipe
from stackeval.runner.bench import BenchParams
from stackeval.runner.suite import Progress, WorkUnit
from stackeval.store.db import Store

__all__ = ["RayHosts", "RayPointHost", "point_placement"]


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
    """Built-ins are resolved on the point's node: checked here with stand-in values."""
    if name in MACHINE_BUILTINS or name in BUILTINS:
        return str(masked(name))
    raise ConfigError(f"serve.command: unknown placeholder ${{{name}}}")


async def _call(ray: Any, ref: Any) -> Any:
    """Await an actor call; a dead actor becomes ``PointLost``, our own errors are re-raised as such."""
    try:
        return await ref
    except ray.exceptions.RayError as e:
        if is_loss(ray, e):
            raise PointLost(f"the point's worker was lost: {type(e).__name__}") from e
        raise unwrap(ray, e) from e


class RayHosts:
    """Points as actors on the Ray cluster. Use inside ``cluster.connected`` (or an initialised session)."""

    def __init__(self, options: RayOptions | None = None) -> None:
        self.options = options or RayOptions()
        self.label = " on Ray"
        self._ray: Any = None
        self._cls: Any = None

    def check(self, recipe: SweepRecipe) -> None:
        ray = import_ray()
        if not ray.is_initialized():
            raise RuntimeError("RayHosts used outside cluster.connected()")
        check_templates(recipe, _check_resolver)
        cpus, res = point_placement(recipe, self.options)
        check_resources(ray, cpus, res, "a sweep point")
        self._ray = ray
        self._cls = ray.remote(PointWorker).options(num_cpus=cpus, resources=res or None, max_restarts=0,
                                                    max_task_retries=0)
        need = {**({"CPU": cpus} if cpus else {}), **res}
        self.label = f" on Ray (each reserving {need or 'no resources'})"

    def new(self) -> RayPointHost:
        if self._cls is None:
            raise RuntimeError("RayHosts.check(recipe) first")
        return RayPointHost(self._ray, self._cls.remote(self.options), self.options)


class RayPointHost:
    def __init__(self, ray: Any, actor: Any, options: RayOptions) -> None:
        self.ray, self.actor, self.options = ray, actor, options
        self.endpoint = ""

    async def start(self, recipe: SweepRecipe, point: SweepPoint, log_path: Path) -> PointStart:
        st: PointStart = await _call(self.ray, self.actor.start.remote(recipe, point, str(log_path)))
        self.endpoint = st.endpoint
        return st

    async def alive(self) -> tuple[bool, int | None]:
        return await _call(self.ray, self.actor.alive.remote())  # type: ignore[no-any-return]

    async def stop(self, grace_s: float) -> tuple[str | None, str]:
        return await _call(self.ray, self.actor.stop.remote(grace_s))  # type: ignore[no-any-return]

    def kill(self, grace_s: float) -> tuple[str | None, str]:
        self.close()  # the server dies with its actor (parent-death signal)
        return None, ""

    def close(self) -> None:
        self.ray.kill(self.actor, no_restart=True)

    async def suite_executor(self, timeouts: dict[str, float]) -> _PointSuite:
        await _call(self.ray, self.actor.open_suite.remote(dict(timeouts)))
        return _PointSuite(self, self.endpoint)

    async def bench(self, recipe: Recipe | None, workload: BenchWorkload, model: str | None,
                    on_start: OnBenchStart, on_snapshot: OnSnapshot, on_requests: OnRequests,
                    progress: Callable[[str], None] | None = None) -> dict[str, Any]:
        out: tuple[StackProfile, BenchParams, BenchRecord] = await _call(
            self.ray, self.actor.bench.remote(recipe, workload, model))
        stack, params, br = out
        on_start(stack, params)
        for label, text in br.snapshots:
            on_snapshot(label, text)
        for level, results in br.requests:
            on_requests(level, results)
        return br.doc


class _PointSuite:
    """The suite executor of one point: its units run in the point's actor, next to the server."""

    name = "ray"

    def __init__(self, host: RayPointHost, endpoint: str) -> None:
        self.host = host
        self.endpoints = [endpoint]
        self.lost = self.unrun = 0
        self._out: Any = None

    async def __aenter__(self) -> _PointSuite:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def discover(self, recipe: Recipe | None) -> list[StackProfile]:
        return [await _call(self.host.ray, self.host.actor.discover.remote(recipe))]

    async def run_units(self, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
                        progress: Progress | None = None, tools_supported: bool | None = None) -> list[TestResult]:
        h = self.host
        pool = ShardPool(h.ray, [Shard(self.endpoints[0], h.actor)], h.options)
        self._out = await pool.run(store, run_id, spec, engine, units, progress, tools_supported)
        self.lost, self.unrun = self._out.lost, self._out.unrun
        return self._out.results  # type: ignore[no-any-return]

    def record(self, store: Store, run_id: str) -> None:
        o, h = self._out, self.host
        record_distributed(store, run_id, DistributedDoc(
            address=h.options.address, ray_version=getattr(h.ray, "__version__", ""), endpoints=self.endpoints,
            results_by_endpoint=dict(o.by_endpoint) if o else {}, results_by_node=dict(o.by_node) if o else {},
            lost=self.lost, grade_on=h.options.point_grade_on))
