"""Whole sweeps against the scripted server: points stored as they go, a failing point as a result,
a crash mid-workload, resume where a sweep stopped, and the comparison of the stored sweep."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from tests.unit.launch.conftest import fake_recipe

from stackeval.errors import UserError
from stackeval.launch.collect import collect
from stackeval.launch.sweep import run_sweep
from stackeval.report.compare import compare
from stackeval.report.render import render_comparison
from stackeval.store.db import Store
from stackeval.store.sweeps import SweepStore

SUITE = {"kind": "suite", "profile": "smoke", "concurrency": 2, "timeouts": {"total": 30.0}}


async def test_sweep_runs_points_stores_everything_and_records_the_failure(tmp_path: Path) -> None:
    r = fake_recipe(points=[{"name": "broken", "params": {"--fail": "boom: cannot bind"}, "expect": "fail"}],
                    workloads=[*fake_recipe().model_dump()["workloads"], SUITE])
    db = tmp_path / "s.db"
    msgs: list[str] = []
    out = await run_sweep(r, db_path=db, recipe_path="r.yaml", progress=msgs.append)
    assert [p.point.name for p in out.points] == ["base", "tokens=8", "broken"]
    assert [p.status for p in out.points] == ["complete", "complete", "failed_to_start"]
    broken = out.points[2]
    assert broken.reason == "ERROR boom: cannot bind" and broken.exit_code == 1 and broken.workloads == []
    for p in out.points[:2]:
        assert p.stopped == "terminated" and p.ready_s is not None and p.endpoint.startswith("http://127.0.0.1:")
        assert [(w.kind, w.status) for w in p.workloads] == [("bench", "complete"), ("suite", "complete")]
        assert Path(p.log_path).exists()
        assert "--tokens" in p.argv
    with Store(db) as st:
        ss = SweepStore(st)
        info = ss.info(out.sweep_id)
        assert info.status == "complete" and info.recipe.name == "fake-sweep" and info.recipe_path == "r.yaml"
        runs = ss.runs_of(out.sweep_id)
        assert sorted(runs) == [0, 1] and all(len(v) == 2 for v in runs.values())
        bench_id = runs[1][0]
        docs = st.docs(bench_id)
        assert docs["sweep"]["name"] == "tokens=8" and docs["sweep"]["params"]["--tokens"] == 8
        assert docs["bench"]["single_stream"]["n"] == 2
        prof = st.stack(st.run_info(bench_id).stack_fingerprint)
        assert prof.settings["serve.flags.tokens"] == 8 and "${port}" in str(prof.settings["serve.command"])
        assert ss.sweep_of_run(bench_id) == (out.sweep_id, 1)
        cols, ctx = collect(st, [out.sweep_id])
    assert any("failed to start" in m for m in msgs)
    cmp = compare(cols, ctx)
    assert [c.label for c in cmp.columns] == ["base", "tokens=8", "broken"]
    assert cmp.columns[2].status == "failed_to_start" and cmp.columns[2].reason == "ERROR boom: cannot bind"
    assert "serve.flags.tokens" in [v.key for v in cmp.variables.differ]
    assert cmp.sweep is not None and cmp.sweep.points[2].status == "failed_to_start"
    assert all(c.speed.get("single-stream decode") for c in cmp.columns[:2])
    html = render_comparison(cmp, "html")
    assert "ERROR boom: cannot bind" in html and "serve.flags.tokens" in html
    assert json.loads(render_comparison(cmp, "json"))["columns"][2]["status"] == "failed_to_start"


async def test_server_dying_during_the_workloads_is_a_crashed_point(tmp_path: Path) -> None:
    r = fake_recipe(matrix={"--die-after": [0.3]}, params={"--tokens": 2},
                    workloads=[{"kind": "bench", "output_tokens": 2, "runs": 60, "concurrency": [1]}])
    out = await run_sweep(r, db_path=tmp_path / "c.db")
    p = out.points[0]
    assert p.status == "crashed" and p.reason == "ERROR fake_serve: simulated crash" and p.exit_code == 3


async def test_resume_runs_only_what_did_not_finish(tmp_path: Path) -> None:
    r = fake_recipe(matrix={"--tokens": [4, 8, 12]})
    db = tmp_path / "r.db"
    first = await run_sweep(r, db_path=db)
    assert [p.status for p in first.points] == ["complete"] * 3
    again = await run_sweep(r, db_path=db, resume=first.sweep_id)
    assert again.sweep_id == first.sweep_id and again.ran == 0
    # simulate a sweep killed during point 1: status running, its bench run unfinished
    con = sqlite3.connect(db)
    js = json.loads(con.execute("SELECT point_json FROM sweep_points WHERE idx=1").fetchone()[0])
    old_run = js["workloads"][0]["run_id"]
    js["status"], js["workloads"][0]["status"] = "running", "running"
    con.execute("UPDATE sweep_points SET point_json=?, status='running' WHERE idx=1", (json.dumps(js),))
    con.execute("UPDATE sweeps SET status='interrupted'")
    con.commit()
    con.close()
    resumed = await run_sweep(r, db_path=db, resume="latest")
    assert resumed.ran == 1
    p1 = resumed.points[1]
    assert p1.status == "complete" and p1.attempts == 2 and p1.log_path.endswith(".2.log")
    assert [(w.run_id == old_run, w.status) for w in p1.workloads] == [(True, "interrupted"), (False, "complete")]
    with Store(db) as st:
        assert SweepStore(st).info(first.sweep_id).status == "complete"
        assert len(SweepStore(st).runs_of(first.sweep_id)[1]) == 2


async def test_resume_refuses_a_changed_recipe(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    first = await run_sweep(fake_recipe(matrix={"--tokens": [4]}), db_path=db)
    with pytest.raises(UserError, match="recipe changed"):
        await run_sweep(fake_recipe(matrix={"--tokens": [5]}), db_path=db, resume=first.sweep_id)


async def test_bench_repeats_are_separate_runs_and_give_intervals(tmp_path: Path) -> None:
    r = fake_recipe(matrix={"--tokens": [4]}, workloads=[{"kind": "bench", "output_tokens": 4, "runs": 2,
                                                          "concurrency": [1], "requests_per_level": 2, "repeats": 3}])
    db = tmp_path / "b.db"
    out = await run_sweep(r, db_path=db)
    assert [w.repeat for w in out.points[0].workloads] == [0, 1, 2]
    with Store(db) as st:
        cols, ctx = collect(st, [out.sweep_id])
    s = compare(cols, ctx).columns[0].speed["single-stream decode"]
    assert s.n == 3 and s.low is not None and s.low <= s.mean <= s.high


async def test_bad_template_fails_before_anything_is_stored(tmp_path: Path) -> None:
    from stackeval.errors import ConfigError

    r = fake_recipe(serve={"command": "srv --host ${host} --port ${port} 'unbalanced"})
    with pytest.raises(ConfigError):
        await run_sweep(r, db_path=tmp_path / "n.db")
    assert not (tmp_path / "n.db").exists()


def test_ctrl_c_stops_the_server_marks_the_point_and_resume_finishes(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    import yaml
    from tests.helpers.cli import stackeval
    from tests.unit.launch.conftest import FAKE

    recipe = tmp_path / "r.yaml"
    recipe.write_text(yaml.safe_dump({
        "name": "ctrl-c", "engine": "fake", "model": "fake-model",
        "serve": {"command": f"{sys.executable} {FAKE} --host ${{host}} --port ${{port}} --step 0.05"},
        "matrix": {"--tokens": [20]},
        "workloads": [{"kind": "bench", "output_tokens": 20, "runs": 3, "concurrency": [1], "requests_per_level": 1}],
        "launch": {"stop_grace_s": 3, "poll_interval_s": 0.05}}))
    db = tmp_path / "c.db"
    proc = subprocess.Popen([sys.executable, "-m", "stackeval", "sweep", str(recipe), "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # wait until the first bench run exists
        if db.exists():
            try:
                with sqlite3.connect(db, timeout=5) as con:
                    if con.execute("SELECT COUNT(*) FROM runs").fetchone()[0]:
                        break
            except sqlite3.OperationalError:
                pass
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    assert proc.wait(30) == 130
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT status FROM sweeps").fetchone()[0] == "interrupted"
        rec = json.loads(con.execute("SELECT point_json FROM sweep_points WHERE idx=0").fetchone()[0])
    assert rec["status"] == "interrupted" and rec["stopped"] == "terminated"
    assert _refused(rec["endpoint"])
    r = stackeval("sweep", str(recipe), "--db", str(db), "--resume", "latest", "-q")
    assert r.returncode == 0, r.stderr
    listed = json.loads(stackeval("sweeps", "--db", str(db), "--json").stdout)
    assert listed[0]["status"] == "complete" and set(listed[0]["points"].values()) == {"complete"}


def _refused(endpoint: str) -> bool:
    import socket
    from urllib.parse import urlparse

    u = urlparse(endpoint)
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex((u.hostname, u.port)) != 0


async def test_a_sweep_bench_stores_every_measured_request_of_every_level(tmp_path: Path) -> None:
    r = fake_recipe(matrix={"--tokens": [4]},
                    workloads=[{"kind": "bench", "output_tokens": 4, "runs": 2, "concurrency": [1, 2],
                                "requests_per_level": 3, "repeats": 2}])
    db = tmp_path / "q.db"
    out = await run_sweep(r, db_path=db)
    assert [(w.repeat, w.status) for w in out.points[0].workloads] == [(0, "complete"), (1, "complete")]
    with Store(db) as st:
        for w in out.points[0].workloads:
            assert w.run_id is not None and st.run_info(w.run_id).status == "complete"
            levels = [q.level for q in st.bench_requests(w.run_id)]
            assert levels == ["single_stream"] * 2 + ["c1"] * 3 + ["c2"] * 3
            assert st.docs(w.run_id)["bench"]["repeat"] == w.repeat
