"""Code execution for graders as Ray tasks: ``RayExecutor`` implements ``records.execution.Executor``.

Each ``run`` is one task on some node of the cluster, where ``LocalExecutor`` (one per worker process)
runs the program in that machine's sandbox under the very ``Limits`` the grader asked for, exactly as a
local run would. A grading task is pure (files in, ``ExecResult`` out, nothing stored), so Ray may re-run
it when its worker dies; if it still cannot finish, ``run`` raises ``GradingLost`` and the unit becomes a
``worker_lost`` infrastructure error instead of a wrong grade.
"""

from __future__ import annotations

import threading
from typing import Any

from stackeval.distributed.cluster import GradingLost, import_ray, is_loss
from stackeval.records.execution import ExecResult, Limits

__all__ = ["GradingLost", "RayExecutor", "run_sandboxed"]

_local: Any = None
_local_lock = threading.Lock()


def run_sandboxed(files: dict[str, str], argv: list[str], limits: Limits, collect: list[str] | None) -> ExecResult:
    """The body of a grading task: this worker's ``LocalExecutor``, created on first use."""
    global _local
    with _local_lock:
        if _local is None:
            from stackeval.sandbox.local import LocalExecutor

            _local = LocalExecutor()
    return _local.run(files, argv, limits, collect)


class RayExecutor:
    """Runs each program as a Ray task (``num_cpus`` and ``resources`` per run). Thread-safe; picklable,
    so a shard or point actor can carry one and fan its code grading out over the cluster."""

    def __init__(self, num_cpus: float = 1.0, resources: dict[str, float] | None = None, retries: int = 2) -> None:
        self.num_cpus = num_cpus
        self.resources = dict(resources or {})
        self.retries = retries
        self._fn: Any = None

    def __getstate__(self) -> dict[str, Any]:
        return {"num_cpus": self.num_cpus, "resources": self.resources, "retries": self.retries, "_fn": None}

    def _remote(self) -> Any:
        if self._fn is None:
            ray = import_ray()
            self._fn = ray.remote(run_sandboxed).options(num_cpus=self.num_cpus, resources=self.resources or None,
                                                         max_retries=self.retries, retry_exceptions=False)
        return self._fn

    def run(self, files: dict[str, str], argv: list[str], limits: Limits, collect: list[str] | None = None) -> ExecResult:
        ray = import_ray()
        ref = self._remote().remote(files, argv, limits, collect)
        try:
            return ray.get(ref)  # type: ignore[no-any-return]
        except ray.exceptions.RayError as e:
            if is_loss(ray, e):
                raise GradingLost(f"the worker running the grader's program was lost: {type(e).__name__}") from e
            raise
