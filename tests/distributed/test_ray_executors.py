"""The local and the Ray executor go through the same lifecycle (``runner.session.run_suite``) and the same
sweep loop (``launch.sweep.run_sweep``), so they must store the same results. Against scripted servers (no
llama.cpp needed): the in-process fake OpenAI server for a suite, ``fake_serve.py`` for a sweep."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from stackeval.distributed.host import RayHosts
from stackeval.distributed.records import RayOptions
from stackeval.distributed.suite_exec import RaySuiteExecutor
from stackeval.launch.sweep import run_sweep
from stackeval.runner.executors import LocalSuiteExecutor
from stackeval.runner.session import run_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.store.db import Store
from stackeval.testing.fakeserver import FakeServer
from tests.distributed.helpers import rows, stored
from tests.unit.launch.conftest import fake_recipe

TIMEOUTS = {"total": 60.0, "read": 30.0, "connect": 10.0}
KW: dict[str, Any] = dict(profile="smoke", model=None, concurrency=2, api_key_env=None, recipe=None, recipe_path=None,
                          only=[], thinking="both", repeats=1, resume=None, force=False, retry_errors=False,
                          timeouts=TIMEOUTS)


def test_local_and_ray_suite_executors_store_the_same_results(ray_cluster, tmp_path: Path) -> None:  # noqa: ANN001
    db = tmp_path / "x.db"

    async def both() -> tuple[Any, Any]:
        with FakeServer() as srv:
            async with LocalSuiteExecutor(srv.base_url, None, TIMEOUTS, LocalExecutor()) as ex:
                local = await run_suite(ex, db_path=db, **KW)
            async with RaySuiteExecutor([srv.base_url], None, TIMEOUTS, RayOptions(grade_num_cpus=0.5)) as ex:
                remote = await run_suite(ex, db_path=db, **KW)
        return local, remote

    local, remote = asyncio.run(both())
    a, b = stored(db, local.run_id), stored(db, remote.run_id)
    assert len(a) >= 10 and {k[1] for k in a} == {"off", "on"}  # every item, both thinking arms
    assert a == b
    assert local.new_results == remote.new_results == len(a)
    with Store(db, create=False) as st:
        assert "distributed" not in st.docs(local.run_id)
        doc = st.docs(remote.run_id)["distributed"]
        assert st.run_info(local.run_id).status == st.run_info(remote.run_id).status == "complete"
    assert sum(doc["results_by_endpoint"].values()) == len(b) and doc["lost"] == 0
    # one write per result, each with its request record, on both paths
    for rid in (local.run_id, remote.run_id):
        assert rows(db, "SELECT COUNT(*) FROM results WHERE run_id=?", rid) == [(len(a),)]
        assert rows(db, "SELECT COUNT(*) FROM requests WHERE run_id=?", rid) == [(len(a),)]


def test_local_and_ray_point_hosts_store_the_same_sweep(ray_cluster, tmp_path: Path) -> None:  # noqa: ANN001
    recipe = fake_recipe(workloads=[
        {"kind": "suite", "profile": "smoke", "only": ["k1.math*", "k1.prose*"], "concurrency": 2, "timeouts": {"total": 30.0}},
        {"kind": "bench", "output_tokens": 4, "runs": 2, "concurrency": [1], "requests_per_level": 2, "repeats": 2},
    ])
    db = tmp_path / "sw.db"
    local = asyncio.run(run_sweep(recipe, db_path=db, executor=LocalExecutor()))
    said: list[str] = []
    remote = asyncio.run(run_sweep(recipe, db_path=db, hosts=RayHosts(RayOptions(point_num_cpus=0.5)),
                                   progress=said.append))
    assert any("on node" in m for m in said) and any("on Ray" in m for m in said)
    for out in (local, remote):
        assert [p.status for p in out.points] == ["complete", "complete"]
        assert all(p.stopped == "terminated" and p.startup is not None for p in out.points)
        assert [[(w.kind, w.repeat, w.status) for w in p.workloads] for p in out.points] == \
            [[("suite", 0, "complete"), ("bench", 0, "complete"), ("bench", 1, "complete")]] * 2
    links = {sid: rows(db, "SELECT idx, workload, repeat, run_id FROM sweep_runs WHERE sweep_id=? "
                           "ORDER BY idx, workload, repeat", sid) for sid in (local.sweep_id, remote.sweep_id)}
    assert [r[:3] for r in links[local.sweep_id]] == [r[:3] for r in links[remote.sweep_id]]
    with Store(db, create=False) as st:
        for sid in (local.sweep_id, remote.sweep_id):
            assert rows(db, "SELECT status FROM sweeps WHERE id=?", sid) == [("complete",)]
        for (_i, w, _r, lrid), (_j, _w, _q, rrid) in zip(links[local.sweep_id], links[remote.sweep_id], strict=True):
            li, ri = st.run_info(lrid), st.run_info(rrid)
            assert li.status == ri.status == "complete" and li.spec.kind == ri.spec.kind
            assert li.stack_fingerprint == ri.stack_fingerprint  # the same stack, recorded the same way
            ld, rd = st.docs(lrid), st.docs(rrid)
            assert {k: v for k, v in ld["sweep"].items() if k not in ("sweep_id", "log_path")} == \
                {k: v for k, v in rd["sweep"].items() if k not in ("sweep_id", "log_path")}
            if w == 0:
                assert stored(db, lrid) == stored(db, rrid) and len(stored(db, lrid)) >= 2
            else:
                assert li.spec.defaults == ri.spec.defaults
                assert len(st.snapshots(lrid)) == len(st.snapshots(rrid))
                # every measured request of every level, on both paths (2 single-stream runs + 2 at c1)
                lq, rq = st.bench_requests(lrid), st.bench_requests(rrid)
                assert [(q.level, q.index) for q in lq] == [(q.level, q.index) for q in rq] and len(lq) == 4
                assert ld["bench"]["repeat"] == rd["bench"]["repeat"] and ld["bench"]["params"] == rd["bench"]["params"]


def test_cli_sweep_executor_ray_joins_the_cluster_by_address(ray_cluster, tmp_path: Path) -> None:  # noqa: ANN001
    import subprocess
    import sys

    import yaml

    recipe = tmp_path / "sweep.yaml"
    recipe.write_text(yaml.safe_dump(fake_recipe(matrix={"--tokens": [4]}).model_dump(mode="json", exclude_none=True)))
    db = tmp_path / "cli.db"
    address = ray_cluster.get_runtime_context().gcs_address
    r = subprocess.run([sys.executable, "-m", "stackeval", "sweep", str(recipe), "--executor", "ray", "--ray-address",
                        address, "--num-cpus", "0.5", "--db", str(db)], capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "on Ray (each reserving {'CPU': 0.5})" in r.stdout and "on node" in r.stdout
    (sid, status), = rows(db, "SELECT id, status FROM sweeps")
    assert status == "complete" and f"sweep id: {sid}" in r.stdout
    assert rows(db, "SELECT status FROM sweep_points WHERE sweep_id=?", sid) == [("complete",)]
