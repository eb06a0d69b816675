"""The point-host seam of a sweep: where a point's server runs and its workloads are sent from.

``launch.sweep.run_sweep`` is the one sweep loop; it asks ``PointHosts`` for a fresh ``PointHost`` per
point and drives it through ``start`` -> (``alive`` while workloads run) -> ``stop`` (or ``kill`` while
being cancelled, when no more awaits are allowed) -> ``close``. A host that is itself lost (a Ray actor or
node) raises ``PointLost``: the point is stored ``interrupted`` and a resumed sweep runs it again.

- ``LocalHosts`` / ``LocalHost`` (here): the server as a child process of this machine.
- ``RayHosts`` (``stackeval.distributed.host``): the server started by an actor placed by resources.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from stackeval.client.http import Client
from stackeval.errors import ConfigError, PointLost
from stackeval.launch.command import Resolver, render_argv, render_env
from stackeval.launch.plan import plan_points
from stackeval.launch.resources import RunResources, attach_to_bench_doc
from stackeval.launch.server import ServerProcess, read_log
from stackeval.launch.workloads import bench_plan
from stackeval.records.execution import Executor
from stackeval.records.perf import StartupInfo
from stackeval.records.recipe import Recipe
from stackeval.records.request import ChatResult
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import BenchWorkload, SweepPoint, SweepRecipe
from stackeval.runner.bench import BenchParams, run_bench
from stackeval.runner.executors import LocalSuiteExecutor, SuiteExecutor
from stackeval.runner.session import client_options
from stackeval.stack.discover import discover
from stackeval.stack.logs import parse_startup_log

__all__ = ["LocalHost", "LocalHosts", "OnBenchStart", "OnRequests", "OnSnapshot", "PointHost", "PointHosts",
           "PointLost", "PointStart", "ResolverFactory",
           "builtin_resolver", "url_host"]

ResolverFactory = Callable[[str, int], Resolver]  # (host, port) -> resolver of built-in placeholders
OnBenchStart = Callable[[StackProfile, BenchParams], None]
OnSnapshot = Callable[[str, str], None]
OnRequests = Callable[[str, list[ChatResult]], None]  # (level, its measured requests) -> stored


class PointStart(BaseModel):
    """A point's server as its host started it."""

    model_config = ConfigDict(extra="forbid")

    ok: bool
    argv: list[str]
    env: dict[str, str | None] = Field(default_factory=dict)
    endpoint: str
    log_path: str
    reason: str | None = None
    ready_s: float | None = None
    exit_code: int | None = None
    startup: StartupInfo = Field(default_factory=StartupInfo)
    where: str = ""  # e.g. the node of a Ray host, for progress messages


class PointHost(Protocol):
    async def start(self, recipe: SweepRecipe, point: SweepPoint, log_path: Path) -> PointStart: ...

    async def alive(self) -> tuple[bool, int | None]:
        """(server alive, its exit code if it exited)."""
        ...

    async def stop(self, grace_s: float) -> tuple[str | None, str]:
        """(how the server stopped: exited | terminated | killed, its log text)."""
        ...

    def kill(self, grace_s: float) -> tuple[str | None, str]:
        """``stop`` without awaiting: used while the sweep is being cancelled."""
        ...

    def close(self) -> None:
        """Release the host itself (after stop or kill)."""
        ...

    async def suite_executor(self, timeouts: dict[str, float]) -> SuiteExecutor:
        """An executor for a suite workload against this point's server (not yet entered)."""
        ...

    async def bench(self, recipe: Recipe | None, workload: BenchWorkload, model: str | None,
                    on_start: OnBenchStart, on_snapshot: OnSnapshot, on_requests: OnRequests,
                    progress: Callable[[str], None] | None = None) -> dict[str, Any]:
        """One bench repeat: discover, ``on_start(stack, params)``, measure (each /metrics text to
        ``on_snapshot``, each level's requests to ``on_requests``); returns the bench document. The caller
        stores everything."""
        ...


class PointHosts(Protocol):
    label: str  # how the progress line names where points run ("" for this machine)

    def check(self, recipe: SweepRecipe) -> None:
        """Refuse what cannot run (bad templates, resources no node has) before anything is stored."""
        ...

    def new(self) -> PointHost: ...


def url_host(host: str) -> str:
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


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


def check_templates(recipe: SweepRecipe, resolve: Resolver) -> None:
    """Render every point's command and environment: bad templates fail before anything starts."""
    for p in plan_points(recipe):
        render_argv(recipe, p, resolve)
        render_env(recipe, p, resolve)


class LocalHost:
    """A point's server as a child process of this process (``server_cls``: how it is spawned)."""

    def __init__(self, executor: Executor | None = None, server_cls: type[ServerProcess] = ServerProcess) -> None:
        self.executor = executor
        self.server_cls = server_cls
        self.srv: ServerProcess | None = None
        self.endpoint = ""
        self.res: RunResources | None = None  # the resource sampler, from the spawn on (launch.resources)
        self.startup: StartupInfo | None = None

    async def start(self, recipe: SweepRecipe, point: SweepPoint, log_path: Path) -> PointStart:
        from stackeval.localserver.manager import free_port

        la = recipe.launch
        port = la.port or free_port()
        resolve = builtin_resolver(recipe)(la.host, port)
        argv = render_argv(recipe, point, resolve)
        env = render_env(recipe, point, resolve)
        self.endpoint = f"http://{url_host(la.host)}:{port}"
        self.srv = self.server_cls(argv, self.endpoint, log_path, env=env, cwd=la.cwd, health_path=la.health_path)
        self.srv.on_spawn = lambda pid, t: setattr(self, "res", RunResources.for_launch(
            pid, log_path=log_path, t_start=t, endpoint=self.endpoint))
        so = await self.srv.start(la.health_timeout_s, la.poll_interval_s)
        if self.res is not None and so.ok:
            self.res.mark("ready")
        self.startup = so.startup
        return PointStart(ok=so.ok, argv=argv, env=env, endpoint=self.endpoint, log_path=str(log_path),
                          reason=so.reason, ready_s=so.ready_s, exit_code=so.exit_code, startup=so.startup)

    def status(self) -> tuple[bool, int | None]:
        srv = self.srv
        code = srv.proc.poll() if srv is not None and srv.proc is not None else None
        return srv is not None and srv.alive(), code

    async def alive(self) -> tuple[bool, int | None]:
        return self.status()

    def kill(self, grace_s: float) -> tuple[str | None, str]:
        if self.res is not None:
            self.res.close()
        if self.srv is None:
            return None, ""
        return self.srv.stop(grace_s), read_log(self.srv.log_path)

    async def stop(self, grace_s: float) -> tuple[str | None, str]:
        return await asyncio.to_thread(self.kill, grace_s)

    def close(self) -> None:
        return None

    async def suite_executor(self, timeouts: dict[str, float]) -> SuiteExecutor:
        return LocalSuiteExecutor(self.endpoint, None, timeouts, self.executor)

    async def bench(self, recipe: Recipe | None, workload: BenchWorkload, model: str | None,
                    on_start: OnBenchStart, on_snapshot: OnSnapshot, on_requests: OnRequests,
                    progress: Callable[[str], None] | None = None) -> dict[str, Any]:
        async with Client(client_options(self.endpoint, None, {"total": 1800.0})) as c:
            stack = await discover(c, self.endpoint, recipe)
            p = bench_plan(stack, self.endpoint, workload=workload, model=model)
            on_start(stack, p)
            t_from = self.res.begin() if self.res else 0.0
            doc = await run_bench(c, stack, p, progress=progress, on_snapshot=on_snapshot, on_requests=on_requests,
                                  on_phase=self.res.mark if self.res else None)
            if self.res is not None:
                startup = parse_startup_log(read_log(self.srv.log_path)) if self.srv else self.startup
                attach_to_bench_doc(doc, self.res, t_from, startup=startup)
            return doc


class LocalHosts:
    """Every point on this machine, one after another (or ``launch.max_parallel`` at a time)."""

    label = ""

    def __init__(self, executor: Executor | None = None) -> None:
        self.executor = executor

    def check(self, recipe: SweepRecipe) -> None:
        check_templates(recipe, builtin_resolver(recipe)(recipe.launch.host, recipe.launch.port or 1))

    def new(self) -> LocalHost:
        return LocalHost(self.executor)
