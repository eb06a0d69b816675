"""The driver side of sharded work: dispatch units to worker actors under one global bound, write what
comes back, and turn lost workers into ``worker_lost`` results.

- At most ``concurrency`` units are in flight over all shards together (the run's ``-c``); each goes to
  the live shard with the fewest in flight (``RayOptions.per_endpoint`` caps one shard).
- Every result is written by the driver, once: ``store.put_result`` per unit, keyed (test, arm, repeat,
  attempt), and a key is never written twice.
- A unit whose worker dies (actor, worker process or node) is stored as status ``error`` with failure
  class ``worker_lost``; a resumed run re-runs it as the next attempt. The dead actor is replaced (up to
  ``max_worker_losses`` times per shard, when the shard can be re-created), so the rest of the run goes on.
  Units that no shard is left to run are not written at all: a resume runs them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from stackeval.distributed.cluster import is_loss
from stackeval.distributed.records import LOST, RayOptions, UnitRecord, UnitTask, WorkerInfo, lost_result
from stackeval.errors import StackevalError
from stackeval.records.run import RunSpec, TestResult
from stackeval.runner.suite import Progress, WorkUnit, flag_template, gather_all
from stackeval.store.db import Store

__all__ = ["PoolOutcome", "Shard", "ShardPool", "unwrap"]


def unwrap(ray: Any, exc: BaseException) -> BaseException:
    """Our own exception raised inside a worker (a bad endpoint, say) instead of Ray's wrapper around it."""
    if isinstance(exc, ray.exceptions.RayTaskError):
        cause = getattr(exc, "cause", None)
        if isinstance(cause, StackevalError):
            return cause
    return exc


@dataclass
class Shard:
    endpoint: str
    handle: Any
    make: Callable[[], Any] | None = None  # a fresh actor for this endpoint; None: cannot be replaced
    generation: int = 0
    in_flight: int = 0
    losses: int = 0
    retired: bool = False


@dataclass
class PoolOutcome:
    results: list[TestResult] = field(default_factory=list)
    lost: int = 0
    unrun: int = 0  # units no live shard was left to run (nothing stored for them)
    by_endpoint: Counter[str] = field(default_factory=Counter)
    by_node: Counter[str] = field(default_factory=Counter)


class ShardPool:
    def __init__(self, ray: Any, shards: list[Shard], options: RayOptions) -> None:
        if not shards:
            raise ValueError("a pool needs at least one shard")
        self.ray = ray
        self.shards = shards
        self.options = options
        self._turn = 0
        self._changed = asyncio.Condition()

    # ---- observation (tests, progress) -------------------------------------------------------------
    def in_flight(self) -> dict[str, int]:
        return {s.endpoint: s.in_flight for s in self.shards}

    async def where(self) -> dict[str, WorkerInfo]:
        live = [s for s in self.shards if not s.retired]
        infos = await asyncio.gather(*(s.handle.where.remote() for s in live))
        return {s.endpoint: i for s, i in zip(live, infos, strict=True)}

    # ---- dispatch ----------------------------------------------------------------------------------
    async def _acquire(self) -> Shard | None:
        cap = self.options.per_endpoint
        async with self._changed:
            while True:
                live = [s for s in self.shards if not s.retired]
                if not live:
                    return None
                free = [s for s in live if cap is None or s.in_flight < cap]
                if free:
                    n = len(self.shards)
                    order = {id(s): (i - self._turn) % n for i, s in enumerate(self.shards)}
                    best = min(free, key=lambda s: (s.in_flight, order[id(s)]))
                    self._turn = (self.shards.index(best) + 1) % n
                    best.in_flight += 1
                    return best
                await self._changed.wait()

    async def _release(self, shard: Shard) -> None:
        async with self._changed:
            shard.in_flight -= 1
            self._changed.notify_all()

    def _lost(self, shard: Shard, generation: int) -> None:
        if shard.generation != generation:  # another unit already reported this actor's death
            return
        shard.losses += 1
        with contextlib.suppress(Exception):
            self.ray.kill(shard.handle, no_restart=True)
        if shard.make is None or shard.losses > self.options.max_worker_losses:
            shard.retired = True
        else:
            shard.handle = shard.make()
        shard.generation += 1

    async def run(self, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[WorkUnit],
                  progress: Progress | None = None, tools_supported: bool | None = None) -> PoolOutcome:
        out = PoolOutcome()
        sem = asyncio.Semaphore(max(1, spec.concurrency))
        written: set[tuple[str, str, int, int]] = set()

        def write(tr: TestResult, rec: UnitRecord | None) -> None:
            key = (tr.test_id, tr.arm, tr.repeat, tr.attempt)
            if key in written:
                return
            written.add(key)
            store.put_result(run_id, tr, rec.pairs if rec else [])
            out.results.append(tr)
            if tr.failure_class == LOST:
                out.lost += 1
            if progress:
                progress(tr)

        async def one(u: WorkUnit) -> None:
            task = UnitTask(item=u.item, arm=u.arm, repeat=u.repeat, attempt=u.attempt, spec=spec, engine=engine)
            async with sem:
                shard = await self._acquire()
                if shard is None:
                    out.unrun += 1
                    return
                gen = shard.generation
                try:
                    rec: UnitRecord = await shard.handle.run_unit.remote(task)
                except self.ray.exceptions.RayError as e:
                    if not is_loss(self.ray, e):
                        raise unwrap(self.ray, e) from e
                    self._lost(shard, gen)
                    write(lost_result(task, f"{type(e).__name__} at {shard.endpoint}: {str(e)[:300]}"), None)
                    return
                finally:
                    await self._release(shard)
            tr = rec.result
            flag_template(tr, u.item, tools_supported)
            write(tr, rec)
            out.by_endpoint[rec.endpoint] += 1
            out.by_node[rec.node_id] += 1

        await gather_all(one(u) for u in units)
        return out

    def close(self) -> None:
        for s in self.shards:
            with contextlib.suppress(Exception):
                self.ray.kill(s.handle, no_restart=True)
