"""`--executor local|ray` for `run` and `sweep`: the Ray options and the dispatch to the one lifecycle.

Both executors go through the same code (``runner.session.run_suite``, ``launch.sweep.run_sweep``); the
Ray one joins (or starts) a cluster first (``pip install 'stackeval[ray]'``). Importing this module does
not import Ray.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from stackeval.errors import UserError

__all__ = ["ray_only_flags", "resources", "run_suite_with", "sweep_with"]


def resources(text: str | None, flag: str) -> dict[str, float]:
    if not text:
        return {}
    try:
        raw = json.loads(text)
    except ValueError:
        raise UserError(f"{flag} takes a JSON object such as '{{\"GPU\": 1}}', not {text!r}") from None
    if not isinstance(raw, dict) or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw.values()):
        raise UserError(f"{flag} takes a JSON object of resource names to numbers, not {text!r}")
    return {str(k): float(v) for k, v in raw.items()}


def ray_only_flags(executor: str, **given: object) -> None:
    """Refuse Ray options given without ``--executor ray`` (they would be silently ignored)."""
    if executor != "ray":
        named = [name for name, v in given.items() if v is not None]
        if named:
            raise UserError(f"{named[0]} needs --executor ray")


def run_suite_with(executor: str, *, endpoints: list[str], db_path: Path, api_key: str | None,
                   timeouts: dict[str, float], options: Any = None, **kw: Any) -> Any:
    """A suite run on this machine (one endpoint) or on a Ray cluster (sharded over ``endpoints``)."""
    from stackeval.runner.session import execute_suite, run_suite, suite_endpoints

    if executor == "local":
        if len(endpoints) > 1:
            raise UserError("several --endpoint need --executor ray (one shard each)")
        from stackeval.sandbox.local import LocalExecutor

        return asyncio.run(execute_suite(db_path=db_path, endpoint=endpoints[0] if endpoints else None,
                                         api_key=api_key, executor=LocalExecutor(), timeouts=timeouts, **kw))
    from stackeval.distributed.cluster import connected
    from stackeval.distributed.records import RayOptions
    from stackeval.distributed.suite_exec import RaySuiteExecutor

    endpoints = suite_endpoints(db_path, kw.get("resume"), endpoints)
    options = options or RayOptions()

    async def go() -> Any:
        async with RaySuiteExecutor(endpoints, api_key, timeouts, options) as ex:
            return await run_suite(ex, db_path=db_path, timeouts=timeouts, **kw)

    with connected(options):
        return asyncio.run(go())


def sweep_with(executor: str, recipe: Any, *, options: Any = None, **kw: Any) -> Any:
    """A sweep with every point on this machine, or each point's server on a Ray actor placed by resources."""
    from stackeval.launch.sweep import run_sweep

    if executor == "local":
        from stackeval.sandbox.local import LocalExecutor

        return asyncio.run(run_sweep(recipe, executor=LocalExecutor(), **kw))
    from stackeval.distributed.cluster import connected
    from stackeval.distributed.host import RayHosts
    from stackeval.distributed.records import RayOptions

    options = options or RayOptions()
    with connected(options):
        return asyncio.run(run_sweep(recipe, hosts=RayHosts(options), **kw))
