"""The sweep point actor, on the node Ray placed it on: the point's server (started under
``setpriv --pdeathsig KILL`` where available, so it cannot outlive a killed actor), and the suite units
and benches run against it. Stores nothing; the driver (``distributed.sweep``) writes every record."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from stackeval.distributed.records import BenchRecord, PointStart, RayOptions, UnitRecord, UnitTask
from stackeval.distributed.worker import UnitRunner, grading_executor, worker_info
from stackeval.errors import UserError
from stackeval.launch.command import render_argv, render_env
from stackeval.launch.server import ServerProcess, read_log
from stackeval.launch.sweep import builtin_resolver
from stackeval.launch.workloads import bench_params
from stackeval.records.recipe import Recipe
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import BenchWorkload, SweepPoint, SweepRecipe

__all__ = ["PointWorker"]

class _NodeServer(ServerProcess):
    """``ServerProcess`` whose child dies with the actor that started it (parent-death signal)."""

    def spawn(self) -> None:
        setpriv = shutil.which("setpriv")
        if setpriv is None or not self.argv or shutil.which(self.argv[0]) is None:
            super().spawn()
            return
        argv = self.argv
        self.argv = [setpriv, "--pdeathsig", "KILL", "--", *argv]
        try:
            super().spawn()
        finally:
            self.argv = argv


def _url_host(host: str) -> str:
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


class PointWorker:
    """The sweep point actor: the point's server, and the suite units and benches run against it."""

    def __init__(self, options: RayOptions) -> None:
        self.options = options
        self.srv: _NodeServer | None = None
        self.endpoint = ""
        self.runner: UnitRunner | None = None

    def where(self) -> Any:
        return worker_info()

    async def start(self, recipe: SweepRecipe, point: SweepPoint, log_path: str) -> PointStart:
        from stackeval.localserver.manager import free_port

        la = recipe.launch
        port = la.port or free_port()
        resolve = builtin_resolver(recipe)(la.host, port)
        argv = render_argv(recipe, point, resolve)
        env = render_env(recipe, point, resolve)
        self.endpoint = f"http://{_url_host(la.host)}:{port}"
        log = Path(log_path)
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
        except OSError:  # the driver's log folder does not exist on this node
            log = Path(tempfile.gettempdir()) / "stackeval-logs" / log.name
            log.parent.mkdir(parents=True, exist_ok=True)
        self.srv = _NodeServer(argv, self.endpoint, log, env=env, cwd=la.cwd, health_path=la.health_path)
        so = await self.srv.start(la.health_timeout_s, la.poll_interval_s)
        return PointStart(ok=so.ok, argv=argv, env=env, endpoint=self.endpoint, log_path=str(log), reason=so.reason,
                          ready_s=so.ready_s, exit_code=so.exit_code, startup=so.startup, worker=worker_info())

    async def open_suite(self, timeouts: dict[str, float]) -> None:
        if self.runner is not None:
            await self.runner.close()
        grading = self.options.model_copy(update={"grade_on": self.options.point_grade_on})
        self.runner = UnitRunner(self.endpoint, None, timeouts, grading_executor(grading))

    async def discover(self, recipe: Recipe | None) -> StackProfile:
        assert self.runner is not None, "open_suite first"
        return await self.runner.discover(recipe)

    async def run_unit(self, task: UnitTask) -> UnitRecord:
        assert self.runner is not None, "open_suite first"
        return await self.runner.run_unit(task)

    async def bench(self, recipe: Recipe | None, params: dict[str, Any] | None, workload: BenchWorkload,
                    model: str | None) -> tuple[StackProfile, BenchRecord]:
        from stackeval.client.http import Client
        from stackeval.runner.bench import BenchParams, run_bench
        from stackeval.runner.session import client_options
        from stackeval.stack.discover import discover

        async with Client(client_options(self.endpoint, None, {"total": 1800.0})) as c:
            stack = await discover(c, self.endpoint, recipe)
            chosen = model or (stack.models[0] if stack.models else None)
            if not chosen:
                raise UserError(f"{self.endpoint} lists no models; pass a model")
            p = BenchParams(**{**params, "concurrency": tuple(params["concurrency"])}) if params \
                else bench_params(workload, chosen)
            if p.model != chosen:
                p = BenchParams(**{**asdict(p), "model": chosen})
            snaps: list[tuple[str, str]] = []
            doc = await run_bench(c, stack, p, on_snapshot=lambda label, text: snaps.append((label, text)))
            return stack, BenchRecord(doc=doc, snapshots=snaps)

    def alive(self) -> tuple[bool, int | None]:
        alive = self.srv is not None and self.srv.alive()
        code = self.srv.proc.poll() if self.srv is not None and self.srv.proc is not None else None
        return alive, code

    async def stop(self, grace_s: float) -> tuple[str | None, str]:
        """(how it stopped, the server's log text) -- the driver parses the startup info from the log."""
        if self.runner is not None:
            await self.runner.close()
            self.runner = None
        if self.srv is None:
            return None, ""
        how = await asyncio.to_thread(self.srv.stop, grace_s)
        return how, read_log(self.srv.log_path)
