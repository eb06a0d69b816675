"""Beyond one machine: suite shards, code grading and sweep points as Ray actors and tasks.

Ray is optional (``pip install 'stackeval[ray]'``) and imported only when a Ray executor is used; importing
this package imports neither Ray nor the runner. The driver alone writes the SQLite store.

This package holds only the Ray adapters; the lifecycles are the local ones. A suite run is
``runner.session.run_suite`` with a ``RaySuiteExecutor``; a sweep is ``launch.sweep.run_sweep`` with
``RayHosts``.

- ``suite_exec``: ``RaySuiteExecutor``, the Ray side of ``runner.executors.SuiteExecutor`` (shard actors
  from ``worker``, dispatched by ``pool``)
- ``grading``: ``RayExecutor``, code execution for graders as Ray tasks
- ``host``: ``RayHosts``, the Ray side of ``launch.host.PointHosts``: each sweep point's server launched
  by an actor placed by resources (``point``: that actor)
- ``cluster``: joining or starting a Ray cluster (the one place that imports Ray)
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["LOST", "RayExecutor", "RayHosts", "RayOptions", "RaySuiteExecutor", "WorkersLost", "connected"]

_WHERE = {
    "LOST": "records", "RayOptions": "records",
    "RaySuiteExecutor": "suite_exec", "RayHosts": "host",
    "RayExecutor": "grading", "WorkersLost": "cluster", "connected": "cluster",
}


def __getattr__(name: str) -> Any:
    mod = _WHERE.get(name)
    if mod is None:
        raise AttributeError(f"module 'stackeval.distributed' has no attribute {name!r}")
    return getattr(importlib.import_module(f"stackeval.distributed.{mod}"), name)
