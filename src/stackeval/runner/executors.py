"""The executor seam of a suite run: where requests are sent from and where grading happens.

``runner.session.run_suite`` drives any ``SuiteExecutor`` through the same steps (discover, plan, run
units, record); only the sending and grading of units differ:

- ``LocalSuiteExecutor`` (here): one client in this process, ``runner.suite.run_units``.
- ``RaySuiteExecutor`` (``stackeval.distributed.suite_exec``): one shard actor per endpoint, units
  dispatched over a Ray cluster, results written here by the driver.

An executor is an async context manager; the caller enters it before ``run_suite``.
"""

from __future__ import annotations

from typing import Any, Protocol

from stackeval.client.http import Client, check_base_url
from stackeval.records.execution import Executor
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.runner.suite import Progress, WorkUnit, run_units
from stackeval.stack.discover import discover
from stackeval.store.db import Store

__all__ = ["LocalSuiteExecutor", "SuiteExecutor"]


class SuiteExecutor(Protocol):
    name: str
    endpoints: list[str]  # replicas of one deployment (their stack fingerprints must agree)
    lost: int  # units of the last run_units whose worker was lost
    unrun: int  # units of the last run_units that nothing was left to run (nothing stored for them)

    async def __aenter__(self) -> Any: ...

    async def __aexit__(self, *exc: object) -> None: ...

    async def discover(self, recipe: Recipe | None) -> list[StackProfile]:
        """One profile per endpoint, in the order of ``endpoints``."""
        ...

    async def run_units(self, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
                        progress: Progress | None = None, tools_supported: bool | None = None) -> list[TestResult]:
        """Run the units, one store write per completed result; return the results written."""
        ...

    def record(self, store: Store, run_id: str) -> None:
        """Store what the executor knows about where the run's results came from (or nothing)."""
        ...


class LocalSuiteExecutor:
    name = "local"

    def __init__(self, endpoint: str, api_key: str | None, timeouts: dict[str, float],
                 executor: Executor | None, grade_workers: int | None = None) -> None:
        check_base_url(endpoint)
        self.endpoints = [endpoint]
        self.api_key = api_key
        self.timeouts = timeouts
        self.executor = executor
        self.grade_workers = grade_workers
        self.lost = self.unrun = 0
        self._client: Client | None = None

    @property
    def client(self) -> Client:
        if self._client is None:
            raise RuntimeError("LocalSuiteExecutor used outside `async with`")
        return self._client

    async def __aenter__(self) -> LocalSuiteExecutor:
        from stackeval.runner.session import client_options

        c = Client(client_options(self.endpoints[0], self.api_key, self.timeouts, max_connections=0))
        self._client = await c.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._client is not None:
            c, self._client = self._client, None
            await c.__aexit__(*exc)

    async def discover(self, recipe: Recipe | None) -> list[StackProfile]:
        return [await discover(self.client, self.endpoints[0], recipe)]

    async def run_units(self, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
                        progress: Progress | None = None, tools_supported: bool | None = None) -> list[TestResult]:
        return await run_units(self.client, store, run_id, spec, engine, units, self.executor, progress,
                               grade_workers=self.grade_workers, tools_supported=tools_supported)

    def record(self, store: Store, run_id: str) -> None:
        return None
