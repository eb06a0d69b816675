"""Beyond one machine: suite shards, code grading and sweep points as Ray actors and tasks.

Ray is optional (``pip install 'stackeval[ray]'``) and imported only when a Ray executor is used; importing
this package imports neither Ray nor the runner. The driver alone writes the SQLite store.

- ``suite_exec``: the ``SuiteExecutor`` seam (``LocalSuiteExecutor``, ``RaySuiteExecutor``)
- ``session``: ``execute_suite_on``, a whole suite run through an executor
- ``grading``: ``RayExecutor``, code execution for graders as Ray tasks
- ``sweep``: ``run_sweep_ray``, each sweep point's server launched by an actor placed by resources
  (``point``: that actor)
- ``cluster``: joining or starting a Ray cluster (the one place that imports Ray)
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["LOST", "LocalSuiteExecutor", "RayExecutor", "RayOptions", "RaySuiteExecutor", "SuiteExecutor",
           "WorkersLost", "connected", "execute_suite_on", "run_sweep_ray"]

_WHERE = {
    "LOST": "records", "RayOptions": "records",
    "LocalSuiteExecutor": "suite_exec", "RaySuiteExecutor": "suite_exec", "SuiteExecutor": "suite_exec",
    "RayExecutor": "grading", "WorkersLost": "cluster", "connected": "cluster",
    "execute_suite_on": "session", "run_sweep_ray": "sweep",
}


def __getattr__(name: str) -> Any:
    mod = _WHERE.get(name)
    if mod is None:
        raise AttributeError(f"module 'stackeval.distributed' has no attribute {name!r}")
    return getattr(importlib.import_module(f"stackeval.distributed.{mod}"), name)
