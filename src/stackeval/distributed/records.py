"""Typed records that cross the driver/worker boundary, and the options of the Ray executor.

Everything a worker sends back is one of these pydantic models (pickled by Ray); the driver turns them
into store writes. Nothing here imports Ray.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from stackeval.records.items import Item
from stackeval.records.request import ChatRequest, ChatResult
from stackeval.records.run import RunSpec, TestResult

__all__ = ["LOST", "RayOptions", "UnitTask", "UnitRecord", "WorkerInfo", "BenchRecord",
           "DistributedDoc", "lost_result"]

# failure_class of a result whose worker (or node) died while it was in flight: infrastructure, not the
# server under test; a resumed run always re-runs it (as the next attempt)
LOST = "worker_lost"


class _Rec(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RayOptions(_Rec):
    """How stackeval uses a Ray cluster. Resolved once (flag > environment > recipe > default)."""

    address: str | None = None  # None: RAY_ADDRESS if set, else a local single-machine instance on loopback
    # suite shards: one async actor per endpoint; I/O bound, so no CPU is reserved by default
    shard_num_cpus: float = Field(0.0, ge=0)
    shard_resources: dict[str, float] = Field(default_factory=dict)
    # code grading: one Ray task per program run, under the same sandbox limits as locally
    grade_on: Literal["tasks", "shard"] = "tasks"  # tasks: fanned out over the cluster; shard: in the shard's process
    grade_num_cpus: float = Field(1.0, ge=0)
    grade_resources: dict[str, float] = Field(default_factory=dict)
    grade_retries: int = Field(2, ge=0, le=10)  # a grading task is pure: Ray may re-run it if its worker dies
    # sweep points: one actor per point, placed where these resources are (e.g. {"GPU": 1})
    point_num_cpus: float = Field(1.0, ge=0)
    point_resources: dict[str, float] = Field(default_factory=dict)
    # a point grades code in its own actor, next to its server, as a local sweep does on its machine (and
    # points that hold every CPU of a small cluster cannot starve their own grading tasks)
    point_grade_on: Literal["tasks", "shard"] = "shard"
    max_worker_losses: int = Field(3, ge=0, le=100)  # per shard; then it is dropped for the rest of the run
    per_endpoint: int | None = Field(None, ge=1)  # cap of requests in flight at one endpoint (global cap: -c)
    log_to_driver: bool = False  # workers' stdout/stderr in the driver's terminal
    local_num_cpus: int | None = None  # when stackeval starts the local instance itself
    local_resources: dict[str, float] = Field(default_factory=dict)


class UnitTask(_Rec):
    """One (item, arm, repeat, attempt) of a run, with what the worker needs to build its request."""

    item: Item
    arm: str
    repeat: int
    attempt: int = 1
    spec: RunSpec
    engine: str


class WorkerInfo(_Rec):
    pid: int
    node_id: str
    hostname: str


class UnitRecord(_Rec):
    """What a worker returns for one unit: the graded result and the request/response behind it."""

    result: TestResult
    pairs: list[tuple[ChatRequest, ChatResult]]  # every request sent for the unit and its response, in order
    endpoint: str
    node_id: str = ""


class BenchRecord(_Rec):
    doc: dict[str, Any]
    snapshots: list[tuple[str, str]] = Field(default_factory=list)  # (label, /metrics text), in order
    requests: list[tuple[str, list[ChatResult]]] = Field(default_factory=list)  # (level, its measured requests)


class DistributedDoc(_Rec):
    """Stored with a run as doc "distributed": where its results were produced."""

    executor: Literal["ray"] = "ray"
    address: str | None = None
    ray_version: str = ""
    endpoints: list[str]
    results_by_endpoint: dict[str, int] = Field(default_factory=dict)
    results_by_node: dict[str, int] = Field(default_factory=dict)
    lost: int = 0
    grade_on: str = "tasks"


def lost_result(task: UnitTask, why: str) -> TestResult:
    item = task.item
    return TestResult(test_id=item.id, category=item.category, tier=item.tier, arm=task.arm, repeat=task.repeat,
                      attempt=task.attempt, status="error", failure_class=LOST, detail=why[:500])
