"""Suites on a local Ray cluster (loopback, 2 CPUs) over two real llama.cpp replicas: code grading as Ray
tasks, a suite sharded over both replicas with the same stored results as the local path, a worker killed
mid-run and a resume that completes the run, and the CLI joining the cluster by address."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from stackeval.distributed.records import LOST, RayOptions
from stackeval.distributed.suite_exec import RaySuiteExecutor
from stackeval.graders.base import GradeContext, grade
from stackeval.records.answer import Answer
from stackeval.runner.executors import LocalSuiteExecutor
from stackeval.runner.session import run_suite, suite_endpoints
from stackeval.sandbox.local import LocalExecutor
from stackeval.store.db import Store
from stackeval.suites.loader import load_profile
from tests.distributed.helpers import rows, stored

TIMEOUTS = {"total": 120.0, "read": 60.0, "connect": 10.0}


def _kw(**over: Any) -> dict[str, Any]:
    kw: dict[str, Any] = dict(profile="smoke", model=None, concurrency=2, api_key_env=None, recipe=None,
                              recipe_path=None, only=[], thinking="default", repeats=1, resume=None, force=False,
                              retry_errors=False, timeouts=TIMEOUTS)
    kw.update(over)
    return kw


async def _ray_run(endpoints: list[str], db: Path, options: RayOptions | None = None, **kw: Any):  # noqa: ANN202
    async with RaySuiteExecutor(endpoints, None, TIMEOUTS, options) as ex:
        out = await run_suite(ex, db_path=db, **_kw(**kw))
        return out, ex.describe().model_dump()


async def _local_run(endpoint: str, db: Path, **kw: Any):  # noqa: ANN202
    async with LocalSuiteExecutor(endpoint, None, TIMEOUTS, LocalExecutor()) as ex:
        return await run_suite(ex, db_path=db, **_kw(**kw))


def test_code_grading_as_ray_tasks_matches_the_local_sandbox(ray_cluster) -> None:  # noqa: ANN001
    from stackeval.distributed.grading import RayExecutor

    items = [i for p in ("smoke", "strict") for i in load_profile(p).items if i.grader["kind"] == "code"][:4]
    answers = [(i, c) for i in items for c in [getattr(i.reference, "content", i.reference), *(w.content for w in i.wrong)]]
    local, remote = LocalExecutor(), RayExecutor(num_cpus=1)
    for item, content in answers:
        a = Answer(content=content)
        want = grade(item.grader, a, GradeContext(executor=local))
        got = grade(item.grader, a, GradeContext(executor=remote))
        assert (got.passed, got.failure_class) == (want.passed, want.failure_class), item.id
        assert got.data.get("isolation") == want.data.get("isolation")  # the same sandbox, the same limits


def test_sharded_suite_stores_what_the_local_path_stores(ray_cluster, replicas, tmp_path: Path) -> None:  # noqa: ANN001
    a, b = (s.base_url for s in replicas)
    db = tmp_path / "s.db"
    # local: the same lifecycle, one request at a time (llama.cpp batches are not bit-identical to single requests)
    local = asyncio.run(_local_run(a, db, concurrency=1))
    # ray: two shards under a global bound of 2, so each replica also sees one request at a time
    out, doc = asyncio.run(_ray_run([a, b], db))
    assert out.run_id != local.run_id and out.stack.fingerprint == local.stack.fingerprint
    assert stored(db, out.run_id) == stored(db, local.run_id)
    n = len(load_profile("smoke").items)
    assert sum(doc["results_by_endpoint"].values()) == n and set(doc["results_by_endpoint"]) == {a, b}
    assert doc["lost"] == 0
    # the driver wrote each result once, with its request record, and the placement doc
    assert rows(db, "SELECT COUNT(*) FROM results WHERE run_id=?", out.run_id) == [(n,)]
    assert rows(db, "SELECT COUNT(*) FROM requests WHERE run_id=?", out.run_id) == [(n,)]
    assert rows(db, "SELECT status FROM runs WHERE id=?", out.run_id) == [("complete",)]
    assert suite_endpoints(db, out.run_id, []) == [a, b]


def test_a_worker_killed_mid_run_leaves_lost_units_that_resume_completes(ray_cluster, replicas, tmp_path: Path) -> None:  # noqa: ANN001
    a, b = (s.base_url for s in replicas)
    db = tmp_path / "k.db"
    killed: dict[str, Any] = {}

    async def go():  # noqa: ANN202
        async with RaySuiteExecutor([a, b], None, TIMEOUTS, RayOptions()) as ex:
            def progress(tr) -> None:  # noqa: ANN001
                if killed:
                    return
                busy = [s for s in ex.pool.shards if s.in_flight > 0]
                if not busy:
                    return
                info = ray_cluster.get(busy[0].handle.where.remote())
                os.kill(info.pid, signal.SIGKILL)  # a Ray worker process of this test's own cluster
                killed.update(pid=info.pid, endpoint=busy[0].endpoint)

            return await run_suite(ex, db_path=db, progress=progress, **_kw(repeats=2))

    first = asyncio.run(go())
    n = len(load_profile("smoke").items) * 2
    assert killed, "no unit was in flight to kill"
    lost = [r for r in first.results if r.failure_class == LOST]
    assert lost and all(r.status == "error" and r.attempt == 1 for r in lost)
    assert len(first.results) == n  # the killed shard was replaced: the rest of the run went on
    # resume: only the lost units run again, each as attempt 2; nothing is written twice
    again, _doc = asyncio.run(_ray_run(suite_endpoints(db, first.run_id, []), db, resume=first.run_id))
    assert again.run_id == first.run_id and again.new_results == len(lost)
    assert len(again.results) == n and not [r for r in again.results if r.failure_class == LOST]
    assert {r.test_id for r in again.results if r.attempt == 2} == {r.test_id for r in lost}
    assert rows(db, "SELECT COUNT(*) FROM results WHERE run_id=?", first.run_id) == [(n + len(lost),)]
    assert rows(db, "SELECT COUNT(*) FROM (SELECT DISTINCT test_id, arm, repeat, attempt FROM results)") == \
        [(n + len(lost),)]
    assert rows(db, "SELECT status FROM runs WHERE id=?", first.run_id) == [("complete",)]
    with Store(db, create=False) as st:
        doc = st.docs(first.run_id)["distributed"]
    assert doc["lost"] == len(lost)  # the stored placement doc adds up both sessions
    assert sum(doc["results_by_endpoint"].values()) == n


def test_cli_run_executor_ray_joins_the_cluster_by_address(ray_cluster, replicas, tmp_path: Path) -> None:  # noqa: ANN001
    a, b = (s.base_url for s in replicas)
    db = tmp_path / "c.db"
    address = ray_cluster.get_runtime_context().gcs_address
    code = "from stackeval.cli.app import main; main()"
    r = subprocess.run([sys.executable, "-c", code, "run", "--executor", "ray", "-e", a, "-e", b, "-p", "smoke",
                        "--only", "k1.math*", "--only", "k1.coding*", "--db", str(db), "--ray-address", address, "-q"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "run id:" in r.stdout
    (rid,) = rows(db, "SELECT id FROM runs")[0]
    res = stored(db, rid)
    assert {k[0] for k in res} == {"k1.math.core.01", "k1.coding.core.01"}
    assert all(v["status"] in ("pass", "fail") for v in res.values())
