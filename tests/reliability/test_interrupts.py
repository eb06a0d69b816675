"""Interrupted runs and the store: SIGINT, SIGKILL at random points (many trials), two runs writing one
DB at once, and the real local server dying mid-run."""

from __future__ import annotations

import asyncio
import os
import random
import re
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.suites import load_profile
from tests.helpers.cli import stackeval
from tests.reliability.helpers import (
    FaultPlan,
    FaultServer,
    count_results,
    integrity,
    orphan_results,
    result_rows,
)

PROFILE = "smoke"
REPEATS = 4
KILL_TRIALS = 20
INFRA = {"error", "timeout"}


def _n_units() -> int:
    return len(load_profile(PROFILE).items) * REPEATS


def _spawn(url: str, db: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "stackeval", "run", "-e", url, "-p", PROFILE, "--repeats", str(REPEATS),
                             "--db", str(db), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)


def _wait_results(db: Path, at_least: int, proc: subprocess.Popen[str], timeout_s: float = 60) -> int:
    deadline = time.monotonic() + timeout_s
    n = 0
    while time.monotonic() < deadline and proc.poll() is None:
        n = count_results(db) if db.exists() else 0
        if n >= at_least:
            return n
        time.sleep(0.01)
    return n


def _units(db: Path) -> Counter[tuple[str, str, int]]:
    with sqlite3.connect(db, timeout=30) as con:
        return Counter((r[0], r[1], r[2]) for r in con.execute("SELECT run_id, test_id, repeat FROM results"))


def _statuses(db: Path) -> dict[str, str]:
    with sqlite3.connect(db, timeout=30) as con:
        return dict(con.execute("SELECT id, status FROM runs").fetchall())


@pytest.fixture(scope="module")
def slow_server():
    """Replays references with a small delay per reply, so a run lasts long enough to be interrupted."""
    plan = FaultPlan(load_profile(PROFILE).items, delay_s=0.03)
    with FaultServer(plan) as srv:
        yield srv


def test_sigint_stops_cleanly_keeps_results_and_prints_resume(tmp_path: Path, slow_server: FaultServer) -> None:
    db = tmp_path / "int.db"
    proc = _spawn(slow_server.base_url, db, "-c", "1")
    got = _wait_results(db, 3, proc)
    assert got >= 3 and proc.poll() is None, "the run should still be going"
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert time.monotonic() - t0 < 15, "SIGINT must stop the run promptly"
    assert proc.returncode == 130, (proc.returncode, out[-500:], err[-500:])
    assert "Traceback" not in out + err
    m = re.search(r"(\d+) results stored in .*?resume with: (stackeval run --resume \S+ --db \S+)", " ".join(out.split()))
    assert m, out[-800:]
    stored = int(m.group(1))
    assert integrity(db) == "ok" and orphan_results(db) == []
    assert list(_statuses(db).values()) == ["interrupted"]
    units = _units(db)
    assert sum(units.values()) >= stored >= 3 and set(units.values()) == {1}
    assert sum(units.values()) < _n_units()
    before = result_rows(db)
    # the printed command, as printed, completes the run
    r = stackeval(*shlex.split(m.group(2))[1:], "-q")
    assert r.returncode == 0, r.stderr
    after = result_rows(db)
    assert all(after[k] == v for k, v in before.items()), "resume must not rewrite finished results"
    units = _units(db)
    assert len(units) == _n_units() and set(units.values()) == {1}
    assert list(_statuses(db).values()) == ["complete"]


def _resume_in_process(db: Path, url: str) -> None:
    """Complete what a killed run left: resume its run, or start one if it died before creating it."""
    has_run = db.exists() and bool(_statuses(db))
    asyncio.run(execute_suite(
        db_path=db, endpoint=url, profile=PROFILE, model=None, concurrency=4, api_key=None, api_key_env=None,
        recipe=None, recipe_path=None, only=[], thinking="default", repeats=REPEATS,
        resume="latest" if has_run else None, force=False, retry_errors=False, executor=LocalExecutor(),
        timeouts={"total": 30.0},
    ))


def test_sigkill_at_random_points_never_corrupts_loses_or_duplicates(tmp_path: Path, slow_server: FaultServer) -> None:
    rng = random.Random(20261202)
    n = _n_units()
    where = Counter()
    for trial in range(KILL_TRIALS):
        db = tmp_path / f"kill-{trial}.db"
        proc = _spawn(slow_server.base_url, db, "-c", "2", "-q")
        if trial % 2 == 0:  # anywhere in time: start-up, discovery, migration, the run, the end
            time.sleep(rng.uniform(0.0, 2.5))
        else:  # right after the k-th result was written
            _wait_results(db, rng.randrange(0, n), proc)
            time.sleep(rng.uniform(0.0, 0.02))
        proc.kill()
        proc.communicate(timeout=30)
        stored = count_results(db) if db.exists() else 0
        where["before-db" if not db.exists() else "mid-run" if 0 < stored < n else "edge"] += 1
        before: dict = {}
        if db.exists():
            assert integrity(db) == "ok", trial
            assert orphan_results(db) == [], trial  # a result and its request records land together
            assert set(_units(db).values()) <= {1}, trial
            before = result_rows(db)
        _resume_in_process(db, slow_server.base_url)
        assert integrity(db) == "ok", trial
        after = result_rows(db)
        assert all(after.get(k) == v for k, v in before.items()), f"trial {trial}: a finished result was lost or changed"
        units = _units(db)
        runs = _statuses(db)
        assert len(runs) == 1 and list(runs.values()) == ["complete"], (trial, runs)
        assert len(units) == n and set(units.values()) == {1}, (trial, len(units), Counter(units.values()))
    assert where["mid-run"] >= KILL_TRIALS // 2, where  # most kills land while results are being written


def test_two_runs_writing_one_db_at_once_both_complete(tmp_path: Path, slow_server: FaultServer) -> None:
    db = tmp_path / "shared.db"
    for round_ in ("fresh db", "existing db"):
        procs = [_spawn(slow_server.base_url, db, "-c", "2", "-q") for _ in range(2)]
        outs = [p.communicate(timeout=120) for p in procs]
        for p, (out, err) in zip(procs, outs, strict=True):
            assert p.returncode == 0, (round_, p.returncode, err[-800:])
        assert integrity(db) == "ok" and orphan_results(db) == []
    runs = _statuses(db)
    assert len(runs) == 4 and set(runs.values()) == {"complete"}
    per_run = Counter(run for (run, _t, _r) in _units(db).elements())
    assert set(per_run.values()) == {_n_units()} and set(_units(db).values()) == {1}


def test_two_resumes_of_one_run_at_once_do_not_duplicate(tmp_path: Path, slow_server: FaultServer) -> None:
    db = tmp_path / "twice.db"
    proc = _spawn(slow_server.base_url, db, "-c", "1", "-q")
    _wait_results(db, 3, proc)
    proc.kill()
    proc.communicate(timeout=30)
    procs = [subprocess.Popen([sys.executable, "-m", "stackeval", "run", "--resume", "latest", "--db", str(db), "-q"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=120) for p in procs]
    codes = sorted(p.returncode for p in procs)
    # one completes the run; the other either helps or refuses with one clear line, never a traceback
    assert codes[0] == 0, outs
    for p, (out, err) in zip(procs, outs, strict=True):
        assert "Traceback" not in out + err, err[-1500:]
        if p.returncode != 0:
            assert p.returncode == 2 and err.strip().startswith("stackeval: error: "), err
    assert integrity(db) == "ok"
    units = _units(db)
    assert len(units) == _n_units() and set(units.values()) == {1}


def test_real_server_dying_mid_run_gives_infrastructure_errors_and_a_message(tmp_path: Path) -> None:
    from stackeval.localserver import LocalServer
    from stackeval.localserver.manager import find_model, pick_build

    try:
        find_model()
        pick_build()
    except Exception as e:  # noqa: BLE001
        if os.environ.get("CI"):
            raise
        pytest.skip(str(e))
    srv = LocalServer(log_path=tmp_path / "server.log").start()  # our own, on a free port
    try:
        db = tmp_path / "dies.db"
        proc = subprocess.Popen([sys.executable, "-m", "stackeval", "run", "-e", srv.base_url, "-p", PROFILE,
                                 "--repeats", "3", "-c", "2", "--db", str(db), "--timeout", "60"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        got = _wait_results(db, 2, proc, timeout_s=120)
        assert got >= 2 and proc.poll() is None
        assert srv.proc is not None
        os.kill(srv.proc.pid, signal.SIGKILL)  # this test's server only, by its pid
        srv.proc.wait(10)
        t0 = time.monotonic()
        out, err = proc.communicate(timeout=90)
        assert time.monotonic() - t0 < 60, "a dead server must not hang the run"
    finally:
        srv.stop()
    assert proc.returncode == 0, (proc.returncode, err[-800:])
    assert "Traceback" not in out + err
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT status, failure_class FROM results").fetchall()
    assert len(rows) == 3 * len(load_profile(PROFILE).items)
    infra = Counter(fc for st, fc in rows if st in INFRA)
    assert infra and set(infra) <= {"connection", "disconnected", "timeout", "stream_incomplete"}, infra
    assert sum(infra.values()) >= len(rows) - got - 2  # everything after the death (bar what was in flight)
    msg = " ".join(err.split())
    assert "infrastructure error" in msg and "--retry-errors" in msg, err[-800:]
