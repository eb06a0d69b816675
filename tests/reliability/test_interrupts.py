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


def _kill_trial(trial: int, seed: int, tmp_path: Path, url: str) -> str:
    """One SIGKILL at a random point, then the checks and the resume. Returns where the kill landed."""
    rng = random.Random(seed)
    n = _n_units()
    db = tmp_path / f"kill-{trial}.db"
    proc = _spawn(url, db, "-c", "2", "-q")
    if trial % 4 == 0:  # anywhere in time: start-up, discovery, migration, the run, the end
        time.sleep(rng.uniform(0.0, 4.0))
    else:  # right after the k-th result was written
        _wait_results(db, rng.randrange(0, n), proc)
        time.sleep(rng.uniform(0.0, 0.02))
    proc.kill()
    proc.communicate(timeout=30)
    stored = count_results(db) if db.exists() else 0
    landed = "before-db" if not db.exists() else "mid-run" if 0 < stored < n else "edge"
    before: dict = {}
    if db.exists():
        assert integrity(db) == "ok", trial
        assert orphan_results(db) == [], trial  # a result and its request records land together
        assert set(_units(db).values()) <= {1}, trial
        before = result_rows(db)
    _resume_in_process(db, url)
    assert integrity(db) == "ok", trial
    after = result_rows(db)
    assert all(after.get(k) == v for k, v in before.items()), f"trial {trial}: a finished result was lost or changed"
    units = _units(db)
    runs = _statuses(db)
    assert len(runs) == 1 and list(runs.values()) == ["complete"], (trial, runs)
    assert len(units) == n and set(units.values()) == {1}, (trial, len(units), Counter(units.values()))
    return landed


def test_sigkill_at_random_points_never_corrupts_loses_or_duplicates(tmp_path: Path, slow_server: FaultServer) -> None:
    from concurrent.futures import ThreadPoolExecutor

    seeds = random.Random(20261202)
    jobs = [(t, seeds.randrange(1 << 30)) for t in range(KILL_TRIALS)]
    with ThreadPoolExecutor(2) as pool:  # two trials at a time, each with its own DB
        where = Counter(pool.map(lambda j: _kill_trial(j[0], j[1], tmp_path, slow_server.base_url), jobs))
    assert sum(where.values()) == KILL_TRIALS
    assert where["mid-run"] >= KILL_TRIALS // 2, where  # most kills land while results are being written


OPENER = """
import sys, time
from stackeval.store.db import Store
t0, dbs = float(sys.argv[1]), sys.argv[2:]
for r, db in enumerate(dbs):
    time.sleep(max(0.0, t0 + 0.25 * r - time.time()))
    try:
        Store(db).close()
        print("ok")
    except Exception as e:
        print("FAIL", type(e).__name__, e)
"""


def test_many_processes_opening_one_fresh_db_at_once(tmp_path: Path) -> None:
    """The migration race: 8 processes create the same new DB in the same instant, 10 times over."""
    dbs = [str(tmp_path / f"fresh-{r}.db") for r in range(10)]
    t0 = time.time() + 2.0
    procs = [subprocess.Popen([sys.executable, "-c", OPENER, str(t0), *dbs], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(8)]
    outs = [p.communicate(timeout=60) for p in procs]
    lines = [ln for out, _err in outs for ln in out.splitlines()]
    assert all(p.returncode == 0 for p in procs), [e[-500:] for _o, e in outs]
    assert lines == ["ok"] * (8 * len(dbs)), [ln for ln in lines if ln != "ok"][:3]
    for db in dbs:
        with sqlite3.connect(db) as con:
            versions = [r[0] for r in con.execute("SELECT version FROM schema_migrations ORDER BY version")]
        assert versions == sorted(set(versions)) and versions, versions
        assert integrity(Path(db)) == "ok"


def test_two_runs_writing_one_db_at_once_both_complete(tmp_path: Path, slow_server: FaultServer) -> None:
    db = tmp_path / "shared.db"
    for round_ in ("fresh db", "existing db"):
        procs = [_spawn(slow_server.base_url, db, "-c", "2", "-q") for _ in range(2)]
        outs = [p.communicate(timeout=120) for p in procs]
        for p, (_out, err) in zip(procs, outs, strict=True):
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


def test_no_sandboxed_program_outlives_a_killed_harness(tmp_path: Path) -> None:
    """The harness is SIGKILLed while a generated program runs in the sandbox: the program must still end
    by its own wall limit (here 2 s), not run on unsupervised."""
    import uuid

    from tests.reliability.helpers import kill_all, pids_with_marker, wait_gone

    marker = f"stackeval-orphan-{uuid.uuid4().hex}"
    script = (
        "import os\n"
        "from stackeval.records.execution import Limits\n"
        "from stackeval.sandbox import LocalExecutor\n"
        "argv = repr(['-S', '-c', 'import time; time.sleep(60)', os.environ['ORPHAN_MARKER']])\n"
        "src = 'import os, sys\\nos.execv(sys.executable, [sys.executable, *%s])\\n' % argv\n"
        "LocalExecutor().run({'m.py': src}, ['python', '-S', 'm.py'], Limits(wall_s=2, cpu_s=2))\n"
    )
    harness = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env={**os.environ, "ORPHAN_MARKER": marker})
    try:
        deadline = time.monotonic() + 30
        while not pids_with_marker(marker) and time.monotonic() < deadline and harness.poll() is None:
            time.sleep(0.02)
        assert pids_with_marker(marker), ("the sandboxed program should be running", harness.poll())
        harness.kill()
        harness.wait(10)
        left = wait_gone(lambda: pids_with_marker(marker), 5.0)  # its wall limit was 2 s
    finally:
        harness.kill()
        kill_all(pids_with_marker(marker))
    # the supervisor's own deadline (wall limit + 2 s) ends the program when the executor is gone
    assert not left, f"{len(left)} process(es) still running 5 s after a 2 s wall limit of a SIGKILLed harness"


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
