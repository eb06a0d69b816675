"""A sweep of several points over the local llama.cpp server on a local Ray cluster: each point's server
launched by an actor holding one FAKE_GPU, workloads next to it, everything stored by the driver -- and the
same stored results as the local launcher gives for the same recipe."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from stackeval.distributed.records import RayOptions
from stackeval.errors import UserError
from stackeval.launch.sweep import run_sweep
from stackeval.records.sweep import SweepRecipe
from stackeval.sandbox.local import LocalExecutor
from stackeval.store.db import Store
from stackeval.store.sweeps import SweepStore
from tests.distributed.helpers import rows, stored

RECIPE = {
    "name": "np-sweep", "engine": "llamacpp",
    "serve": {"command": "${llama_server} -m ${local_model} --host ${host} --port ${port} -c 2048 -t 1 --metrics "
                         "-a smollm2-135m"},
    "matrix": {"-np": [1, 2, 3]},
    "hardware": {"ray_resources": {"FAKE_GPU": 1, "CPU": 0}},  # placement: one (fake) GPU per point
    "workloads": [
        {"kind": "suite", "profile": "smoke", "only": ["k1.math*", "k1.coding*", "k1.reasoning*"], "concurrency": 1},
        {"kind": "bench", "output_tokens": 8, "input_words": 8, "concurrency": [2], "runs": 1,
         "requests_per_level": 2, "single_stream": False},
    ],
    "launch": {"health_timeout_s": 120, "max_parallel": 2, "stop_grace_s": 5},
}


def _suite_runs(db: Path, sweep_id: str) -> dict[int, str]:
    return {idx: rid for idx, rid, w in rows(db, "SELECT idx, run_id, workload FROM sweep_runs WHERE sweep_id=?", sweep_id)
            if w == 0}


def test_ray_sweep_matches_the_local_launcher(ray_cluster, tmp_path: Path) -> None:  # noqa: ANN001
    from tests.distributed.conftest import _local_why

    if _local_why():
        pytest.skip(_local_why() or "")
    from stackeval.distributed.host import RayHosts

    recipe = SweepRecipe.model_validate(RECIPE)
    db = tmp_path / "sw.db"
    local = asyncio.run(run_sweep(recipe, db_path=db, executor=LocalExecutor()))
    said: list[str] = []
    remote = asyncio.run(run_sweep(recipe, db_path=db, hosts=RayHosts(RayOptions()), progress=said.append))
    assert [p.status for p in local.points] == ["complete"] * 3
    assert [p.status for p in remote.points] == ["complete"] * 3
    assert any("on node" in m for m in said)
    with Store(db, create=False) as st:
        ss = SweepStore(st)
        assert ss.info(remote.sweep_id).status == "complete"
        assert ss.info(remote.sweep_id).recipe_hash == ss.info(local.sweep_id).recipe_hash
    lr, rr = _suite_runs(db, local.sweep_id), _suite_runs(db, remote.sweep_id)
    assert sorted(lr) == sorted(rr) == [0, 1, 2]
    for idx in lr:
        a, b = stored(db, lr[idx]), stored(db, rr[idx])
        assert len(a) == 3 and a == b, f"point {idx}"
    for lp, rp in zip(local.points, remote.points, strict=True):
        port = lambda argv: [x for x in argv if not x.isdigit() or len(x) < 4]  # noqa: E731 (ports differ)
        assert port(lp.argv) == port(rp.argv)
        assert [w.status for w in lp.workloads] == [w.status for w in rp.workloads] == ["complete", "complete"]
        assert rp.startup is not None and rp.stopped in ("terminated", "exited")
    # bench runs: one per point, with their /metrics snapshots and document, stored by the driver
    bench = [rid for _i, rid, w in rows(db, "SELECT idx, run_id, workload FROM sweep_runs WHERE sweep_id=?",
                                         remote.sweep_id) if w == 1]
    assert len(bench) == 3
    with Store(db, create=False) as st:
        for rid in bench:
            assert "bench" in st.docs(rid) and st.run_info(rid).status == "complete"
            assert st.snapshots(rid)
        # the same stack fingerprints as the local launcher's runs: the recipe is recorded the same way
        fps = {st.run_info(r).stack_fingerprint for r in rr.values()}
        assert fps == {st.run_info(r).stack_fingerprint for r in lr.values()} and len(fps) == 3


def test_a_point_asking_for_resources_no_node_has_is_refused_before_anything_starts(ray_cluster, tmp_path: Path) -> None:  # noqa: ANN001
    from stackeval.distributed.host import RayHosts

    recipe = SweepRecipe.model_validate({**RECIPE, "hardware": {"ray_resources": {"GPU": 1}}})
    db = tmp_path / "none.db"
    with pytest.raises(UserError, match=r"no node of the Ray cluster has .*GPU"):
        asyncio.run(run_sweep(recipe, db_path=db, hosts=RayHosts()))
    assert not db.exists() or rows(db, "SELECT COUNT(*) FROM sweeps") == [(0,)]


def test_a_point_worker_killed_mid_suite_takes_its_server_down_and_resume_completes(ray_cluster, tmp_path: Path) -> None:  # noqa: ANN001
    import os
    import re
    import signal
    import socket
    import sqlite3
    import threading
    import time

    from tests.distributed.conftest import _local_why

    if _local_why():
        pytest.skip(_local_why() or "")
    from stackeval.distributed.host import RayHosts

    recipe = SweepRecipe.model_validate({**RECIPE, "matrix": {}, "params": {"-np": 1},
                                         "workloads": [{"kind": "suite", "profile": "smoke", "repeats": 2, "concurrency": 1}]})
    db = tmp_path / "kill.db"
    killed: list[int] = []

    def kill_after_first_result(pid: int) -> None:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                with sqlite3.connect(db, timeout=5) as con:
                    if con.execute("SELECT COUNT(*) FROM results").fetchone()[0] >= 1:
                        os.kill(pid, signal.SIGKILL)  # the point's actor: a worker of this test's own cluster
                        killed.append(pid)
                        return
            except sqlite3.OperationalError:
                pass
            time.sleep(0.05)

    def said(m: str) -> None:
        found = re.search(r"healthy after .* pid (\d+)\)", m)
        if found and not killed:
            threading.Thread(target=kill_after_first_result, args=(int(found.group(1)),), daemon=True).start()

    first = asyncio.run(run_sweep(recipe, db_path=db, hosts=RayHosts(), progress=said))
    assert killed
    (p,) = first.points
    assert p.status == "interrupted" and "lost" in (p.reason or "")
    port = int(p.endpoint.rsplit(":", 1)[1]) if p.endpoint else 0
    time.sleep(1.0)
    with socket.socket() as s:  # the server died with its actor (parent-death signal)
        assert s.connect_ex(("127.0.0.1", port)) != 0
    with Store(db, create=False) as st:
        assert SweepStore(st).info(first.sweep_id).status == "interrupted"
    again = asyncio.run(run_sweep(recipe, db_path=db, hosts=RayHosts(), resume=first.sweep_id))
    (p2,) = again.points
    assert p2.status == "complete" and p2.attempts == 2
    (rid,) = _suite_runs(db, first.sweep_id).values()
    res = stored(db, rid)
    assert len(res) == 10 and all(v["failure_class"] != "worker_lost" for v in res.values())
    assert rows(db, "SELECT status FROM runs WHERE id=?", rid) == [("complete",)]
