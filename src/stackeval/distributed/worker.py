"""What runs on a Ray worker for a suite: requests to one endpoint and their grading, nothing stored.

``UnitRunner`` is the body shared by the suite shard actor (``SuiteWorker``, one per endpoint) and the
sweep point actor: it builds the request exactly as the local runner does (``runner.requests``), sends
it, turns the response into a ``TestResult`` with the same pure ``runner.outcome`` and grader registry,
and returns a ``UnitRecord``. The driver writes it. These classes are plain Python; Ray wraps them with
``ray.remote`` only when the Ray executor is used.
"""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any

from stackeval.distributed.records import RayOptions, UnitRecord, UnitTask, WorkerInfo
from stackeval.records.execution import Executor
from stackeval.records.recipe import Recipe
from stackeval.records.stack import StackProfile

__all__ = ["SuiteWorker", "UnitRunner", "grading_executor", "worker_info"]


def worker_info() -> WorkerInfo:
    node = ""
    try:
        import ray

        if ray.is_initialized():
            node = ray.get_runtime_context().get_node_id()
    except ModuleNotFoundError:
        pass
    return WorkerInfo(pid=os.getpid(), node_id=node, hostname=socket.gethostname())


def grading_executor(options: RayOptions) -> Executor:
    """The executor a worker grades code with: Ray tasks over the cluster, or the worker's own sandbox."""
    if options.grade_on == "tasks":
        from stackeval.distributed.grading import RayExecutor

        return RayExecutor(options.grade_num_cpus, options.grade_resources, options.grade_retries)
    from stackeval.sandbox.local import LocalExecutor

    return LocalExecutor()


class UnitRunner:
    """Requests to one endpoint through one client, opened on first use in the caller's event loop."""

    def __init__(self, endpoint: str, api_key: str | None, timeouts: dict[str, float], executor: Executor | None,
                 grade_workers: int | None = None) -> None:
        self.endpoint = endpoint
        self.api_key = api_key
        self.timeouts = dict(timeouts)
        self.executor = executor
        self._client: Any = None
        self._gsem = asyncio.Semaphore(grade_workers or max(1, os.cpu_count() or 2))
        self._node = worker_info().node_id
        self._learn: dict[str, Any] = {}  # BudgetLearning per run (by its spec)
        # load every built-in grader now, in one thread: the registry's lazy first load is not thread-safe
        from stackeval.graders.base import known_kinds

        known_kinds()

    async def client(self) -> Any:
        if self._client is None:
            from stackeval.client.http import Client
            from stackeval.runner.session import client_options

            c = Client(client_options(self.endpoint, self.api_key, self.timeouts, max_connections=0))
            self._client = await c.__aenter__()
        return self._client

    async def discover(self, recipe: Recipe | None) -> StackProfile:
        from stackeval.stack.discover import discover

        return await discover(await self.client(), self.endpoint, recipe)

    async def run_unit(self, task: UnitTask) -> UnitRecord:
        """The unit as the local runner runs it (``runner.suite.run_unit``); the driver's pool bounds the
        requests in flight, and the reasoning budget is learned per run in this worker."""
        from stackeval.runner.suite import BudgetLearning, WorkUnit, make_grader, run_unit

        client = await self.client()
        key = task.spec.model_dump_json()
        learn = self._learn.get(key)
        if learn is None:
            learn = self._learn[key] = BudgetLearning(task.spec)
        u = WorkUnit(task.item, task.arm, task.repeat, task.attempt)
        tr, pairs = await run_unit(client, task.spec, task.engine, u, make_grader(self.executor), learn, self._gsem)
        return UnitRecord(result=tr, pairs=pairs, endpoint=self.endpoint, node_id=self._node)

    async def close(self) -> None:
        if self._client is not None:
            c, self._client = self._client, None
            await c.__aexit__(None, None, None)


class SuiteWorker:
    """The suite shard actor: one per endpoint (a replica of the deployment under test)."""

    def __init__(self, endpoint: str, api_key: str | None, timeouts: dict[str, float], options: RayOptions) -> None:
        self.runner = UnitRunner(endpoint, api_key, timeouts, grading_executor(options))

    def where(self) -> WorkerInfo:
        return worker_info()

    async def discover(self, recipe: Recipe | None) -> StackProfile:
        return await self.runner.discover(recipe)

    async def run_unit(self, task: UnitTask) -> UnitRecord:
        return await self.runner.run_unit(task)

    async def close(self) -> None:
        await self.runner.close()
