"""Connecting to Ray: the one place that imports it, lazily, and translates its absence into a user error.

``connected(options)`` joins the cluster at ``options.address`` (or ``RAY_ADDRESS``); with neither, it
starts a single-machine instance bound to loopback and stops it again on exit. A Ray session that the
caller already initialised is reused and left running.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

from stackeval.distributed.records import RayOptions
from stackeval.errors import GradingLost, UserError, WorkersLost

__all__ = ["GradingLost", "WorkersLost", "connected", "import_ray", "is_loss", "check_resources"]


def import_ray() -> Any:
    try:
        import ray
    except ModuleNotFoundError as e:
        if e.name != "ray":
            raise
        raise UserError("the Ray executor needs Ray: pip install 'stackeval[ray]'") from None
    return ray


def _quiet_env() -> None:
    # no usage statistics leave this machine (the environment of a user who chose otherwise wins)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")


@contextlib.contextmanager
def connected(options: RayOptions) -> Iterator[Any]:
    """The ``ray`` module, initialised for the duration of the block."""
    _quiet_env()
    address = options.address or os.environ.get("RAY_ADDRESS") or None
    if not address and "ray" not in sys.modules:
        # Ray maps 127.0.0.1 to the machine's routable address unless told this is a one-machine cluster
        # (read when Ray is imported): a local instance that stackeval starts stays on loopback
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    kw: dict[str, Any] = {"log_to_driver": options.log_to_driver, "ignore_reinit_error": True}
    if address:
        try:
            ray.init(address=address, **kw)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise UserError(f"cannot join the Ray cluster at {address}: {e}") from e
    else:
        ray.init(num_cpus=options.local_num_cpus, resources=options.local_resources or None,
                 include_dashboard=False, **kw)
    try:
        yield ray
    finally:
        ray.shutdown()


def is_loss(ray: Any, exc: BaseException) -> bool:
    """Did this exception come from a dead worker, actor or node (rather than from our code)?"""
    ex = ray.exceptions
    if isinstance(exc, ex.RayTaskError):
        cause = getattr(exc, "cause", None)
        return isinstance(cause, GradingLost) or (cause is not None and isinstance(cause, ex.RayError)
                                                  and is_loss(ray, cause))
    if isinstance(exc, GradingLost):
        return True
    loss = (ex.RayActorError, ex.WorkerCrashedError, ex.NodeDiedError, ex.ObjectLostError, ex.LocalRayletDiedError,
            ex.OutOfMemoryError, ex.RaySystemError)
    return isinstance(exc, loss)


def check_resources(ray: Any, num_cpus: float, resources: dict[str, float], what: str) -> None:
    """Refuse work that no live node could ever take (it would wait forever for a placement)."""
    need = {"CPU": num_cpus, **resources} if num_cpus else dict(resources)
    if not need:
        return
    for node in ray.nodes():
        if node.get("Alive") and all(node.get("Resources", {}).get(k, 0.0) >= v for k, v in need.items()):
            return
    have = sorted({k for n in ray.nodes() if n.get("Alive") for k in n.get("Resources", {})
                   if not k.startswith("node:") and k not in ("memory", "object_store_memory")})
    raise UserError(f"no node of the Ray cluster has {need} for {what} (resources there: {', '.join(have) or 'none'})")
