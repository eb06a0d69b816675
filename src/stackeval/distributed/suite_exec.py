"""The Ray side of the suite executor seam (``runner.executors.SuiteExecutor``).

``RaySuiteExecutor``: one shard actor per endpoint (replicas of one deployment), units dispatched by
``ShardPool`` under the run's global concurrency bound, code grading fanned out as Ray tasks. Results travel
back as ``UnitRecord``s; only the driver writes the store. ``runner.session.run_suite`` drives it through
the same lifecycle as the local executor; ``record`` stores the run's doc "distributed" (where its results
came from), added up over the sessions of a resumed run.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from stackeval.distributed.records import DistributedDoc, RayOptions
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.runner.suite import Progress, WorkUnit
from stackeval.store.db import Store

__all__ = ["RaySuiteExecutor", "record_distributed"]


def record_distributed(store: Store, run_id: str, doc: DistributedDoc) -> None:
    """Store ``doc`` as the run's doc "distributed"; a resumed run keeps the counts of its earlier sessions."""
    d = doc.model_dump()
    prev = store.docs(run_id).get("distributed")
    if isinstance(prev, dict):
        for key in ("results_by_endpoint", "results_by_node"):
            merged = dict(prev.get(key) or {})
            for k, v in d[key].items():
                merged[k] = merged.get(k, 0) + v
            d[key] = merged
        d["lost"] = int(prev.get("lost") or 0) + d["lost"]
        d["endpoints"] = list(dict.fromkeys([*(prev.get("endpoints") or []), *d["endpoints"]]))
    store.put_doc(run_id, "distributed", d)


class RaySuiteExecutor:
    """Use inside ``cluster.connected(options)`` (or any initialised Ray session)."""

    name = "ray"

    def __init__(self, endpoints: list[str], api_key: str | None, timeouts: dict[str, float],
                 options: RayOptions | None = None) -> None:
        if not endpoints:
            raise ValueError("the Ray executor needs at least one endpoint")
        from stackeval.client.http import check_base_url

        for e in endpoints:
            check_base_url(e)  # a bad URL is the user's error, before any actor exists
        self.endpoints = list(dict.fromkeys(endpoints))
        self.api_key = api_key
        self.timeouts = timeouts
        self.options = options or RayOptions()
        self.lost = self.unrun = 0
        self.pool: Any = None
        self._by_endpoint: Counter[str] = Counter()
        self._by_node: Counter[str] = Counter()
        self._ray: Any = None
        self._cls: Any = None

    def _actor(self, endpoint: str) -> Any:
        from stackeval.distributed.worker import SuiteWorker

        o = self.options
        if self._cls is None:
            self._cls = self._ray.remote(SuiteWorker).options(
                num_cpus=o.shard_num_cpus, resources=o.shard_resources or None, max_restarts=0, max_task_retries=0)
        return self._cls.remote(endpoint, self.api_key, self.timeouts, o)

    async def __aenter__(self) -> RaySuiteExecutor:
        from stackeval.distributed.cluster import check_resources, import_ray
        from stackeval.distributed.pool import Shard, ShardPool

        self._ray = ray = import_ray()
        if not ray.is_initialized():
            raise RuntimeError("RaySuiteExecutor used outside cluster.connected()")
        o = self.options
        check_resources(ray, o.shard_num_cpus, o.shard_resources, "a suite shard")
        if o.grade_on == "tasks":
            check_resources(ray, o.grade_num_cpus, o.grade_resources, "code grading")
        shards = [Shard(e, self._actor(e), make=lambda e=e: self._actor(e)) for e in self.endpoints]
        self.pool = ShardPool(ray, shards, o)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool = None

    async def discover(self, recipe: Recipe | None) -> list[StackProfile]:
        """Each endpoint as its shard sees it (from the worker: the driver may not reach the endpoints)."""
        import asyncio

        from stackeval.distributed.pool import unwrap

        ray = self._ray
        try:
            return list(await asyncio.gather(*(s.handle.discover.remote(recipe) for s in self.pool.shards)))
        except ray.exceptions.RayTaskError as e:
            raise unwrap(ray, e) from e

    async def run_units(self, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
                        progress: Progress | None = None, tools_supported: bool | None = None) -> list[TestResult]:
        out = await self.pool.run(store, run_id, spec, engine, units, progress, tools_supported)
        self.lost, self.unrun = out.lost, out.unrun
        self._by_endpoint.update(out.by_endpoint)
        self._by_node.update(out.by_node)
        return out.results

    def describe(self) -> DistributedDoc:
        """Where this executor's results came from, over all its ``run_units`` calls."""
        return DistributedDoc(address=self.options.address, ray_version=getattr(self._ray, "__version__", ""),
                              endpoints=self.endpoints, results_by_endpoint=dict(self._by_endpoint),
                              results_by_node=dict(self._by_node), lost=self.lost, grade_on=self.options.grade_on)

    def record(self, store: Store, run_id: str) -> None:
        record_distributed(store, run_id, self.describe())
