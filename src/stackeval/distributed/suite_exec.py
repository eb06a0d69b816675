"""The executor seam of a suite run: where requests are sent from and where grading happens.

- ``LocalSuiteExecutor``: today's path, unchanged (``runner.suite.run_units`` in this process). No Ray.
- ``RaySuiteExecutor``: one shard actor per endpoint (replicas of one deployment), units dispatched by
  ``ShardPool`` under the run's global concurrency bound, code grading fanned out as Ray tasks. Results
  travel back as ``UnitRecord``s; only the driver writes the store.

Both are async context managers with the same three calls: ``discover`` (one profile per endpoint),
``run_units`` and ``describe`` (a document stored with the run, or None).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from stackeval.distributed.records import DistributedDoc, RayOptions
from stackeval.records.execution import Executor
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.runner.suite import Progress, WorkUnit
from stackeval.store.db import Store

__all__ = ["LocalSuiteExecutor", "RaySuiteExecutor", "SuiteExecutor"]


class SuiteExecutor(Protocol):
    name: str
    endpoints: list[str]
    lost: int  # units of the last run_units whose worker was lost
    unrun: int  # units of the last run_units that nothing was left to run

    async def __aenter__(self) -> SuiteExecutor: ...

    async def __aexit__(self, *exc: object) -> None: ...

    async def discover(self, recipe: Recipe | None) -> list[StackProfile]: ...

    async def run_units(self, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
                        progress: Progress | None = None, tools_supported: bool | None = None) -> list[TestResult]: ...

    def describe(self) -> dict[str, Any] | None: ...


class LocalSuiteExecutor:
    name = "local"

    def __init__(self, endpoint: str, api_key: str | None, timeouts: dict[str, float],
                 executor: Executor | None, grade_workers: int | None = None) -> None:
        self.endpoints = [endpoint]
        self.api_key = api_key
        self.timeouts = timeouts
        self.executor = executor
        self.grade_workers = grade_workers
        self.lost = self.unrun = 0
        self._client: Any = None

    async def __aenter__(self) -> LocalSuiteExecutor:
        from stackeval.client.http import Client
        from stackeval.runner.session import client_options

        c = Client(client_options(self.endpoints[0], self.api_key, self.timeouts, max_connections=0))
        self._client = await c.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._client is not None:
            c, self._client = self._client, None
            await c.__aexit__(*exc)

    async def discover(self, recipe: Recipe | None) -> list[StackProfile]:
        from stackeval.stack.discover import discover

        return [await discover(self._client, self.endpoints[0], recipe)]

    async def run_units(self, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
                        progress: Progress | None = None, tools_supported: bool | None = None) -> list[TestResult]:
        from stackeval.runner.suite import run_units

        return await run_units(self._client, store, run_id, spec, engine, units, self.executor, progress,
                               grade_workers=self.grade_workers, tools_supported=tools_supported)

    def describe(self) -> dict[str, Any] | None:
        return None


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

    def describe(self) -> dict[str, Any] | None:
        ray = self._ray
        doc = DistributedDoc(address=self.options.address, ray_version=getattr(ray, "__version__", ""),
                             endpoints=self.endpoints, results_by_endpoint=dict(self._by_endpoint),
                             results_by_node=dict(self._by_node), lost=self.lost, grade_on=self.options.grade_on)
        return doc.model_dump()
