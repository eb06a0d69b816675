"""The sweep point actor, on the node Ray placed it on: the point's server (started under
``setpriv --pdeathsig KILL`` where available, so it cannot outlive a killed actor), and the suite units
and benches run against it. Stores nothing; the driver (``launch.sweep`` through ``distributed.host``)
writes every record."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from stackeval.distributed.records import BenchRecord, RayOptions, UnitRecord, UnitTask
from stackeval.distributed.worker import UnitRunner, grading_executor, worker_info
from stackeval.launch.host import LocalHost, PointStart
from stackeval.launch.server import ServerProcess
from stackeval.records.recipe import Recipe
from stackeval.records.request import ChatResult
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import BenchWorkload, SweepPoint, SweepRecipe
from stackeval.runner.bench import BenchParams

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


class PointWorker:
    """The sweep point actor: a ``launch.host.LocalHost`` on the actor's node (the point's server), and the
    suite units run against it."""

    def __init__(self, options: RayOptions) -> None:
        self.options = options
        self.host = LocalHost(server_cls=_NodeServer)
        self.runner: UnitRunner | None = None

    def where(self) -> Any:
        return worker_info()

    async def start(self, recipe: SweepRecipe, point: SweepPoint, log_path: str) -> PointStart:
        log = Path(log_path)
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
        except OSError:  # the driver's log folder does not exist on this node
            log = Path(tempfile.gettempdir()) / "stackeval-logs" / log.name
            log.parent.mkdir(parents=True, exist_ok=True)
        st = await self.host.start(recipe, point, log)
        w = worker_info()
        return st.model_copy(update={"where": f"node {w.node_id[:12]} ({w.hostname}, pid {w.pid})"})

    async def open_suite(self, timeouts: dict[str, float]) -> None:
        if self.runner is not None:
            await self.runner.close()
        grading = self.options.model_copy(update={"grade_on": self.options.point_grade_on})
        self.runner = UnitRunner(self.host.endpoint, None, timeouts, grading_executor(grading))

    async def discover(self, recipe: Recipe | None) -> StackProfile:
        assert self.runner is not None, "open_suite first"
        return await self.runner.discover(recipe)

    async def run_unit(self, task: UnitTask) -> UnitRecord:
        assert self.runner is not None, "open_suite first"
        return await self.runner.run_unit(task)

    async def bench(self, recipe: Recipe | None, workload: BenchWorkload,
                    model: str | None) -> tuple[StackProfile, BenchParams, BenchRecord]:
        """One bench repeat, measured here; the driver stores it (``launch.sweep``)."""
        got: list[Any] = []
        snaps: list[tuple[str, str]] = []
        levels: list[tuple[str, list[ChatResult]]] = []
        doc = await self.host.bench(recipe, workload, model, lambda stack, p: got.extend((stack, p)),
                                    lambda label, text: snaps.append((label, text)),
                                    lambda level, results: levels.append((level, list(results))))
        return got[0], got[1], BenchRecord(doc=doc, snapshots=snaps, requests=levels)

    def alive(self) -> tuple[bool, int | None]:
        return self.host.status()

    async def stop(self, grace_s: float) -> tuple[str | None, str]:
        """(how it stopped, the server's log text) -- the driver parses the startup info from the log."""
        if self.runner is not None:
            await self.runner.close()
            self.runner = None
        return await self.host.stop(grace_s)
