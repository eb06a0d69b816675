"""End to end against the real local server: discovery, a stored smoke run, export, kill and resume."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.helpers.cli import stackeval
from tests.integration.conftest import require_local_server

from stackeval.suites import load_profile


def test_stack_names_llamacpp_and_its_properties(local_server) -> None:  # noqa: ANN001
    r = stackeval("stack", "-e", local_server.base_url, "--json")
    assert r.returncode == 0, r.stderr
    prof = json.loads(r.stdout)
    assert prof["engine"] == "llamacpp"
    assert prof["engine_version"] and prof["engine_version"].startswith("b")
    assert prof["models"] == ["smollm2-135m"]
    assert prof["settings"]["props.total_slots"] == 4
    assert prof["metrics_available"] is True
    human = stackeval("stack", "-e", local_server.base_url)
    assert "llamacpp" in human.stdout and "fingerprint" in human.stdout


def test_smoke_run_stored_and_exported_in_full(local_server, tmp_path: Path) -> None:  # noqa: ANN001
    db = tmp_path / "s.db"
    r = stackeval("run", "-e", local_server.base_url, "-p", "smoke", "--db", str(db))
    assert r.returncode == 0, r.stderr
    assert "overall" in r.stdout
    doc = json.loads(stackeval("export", "latest", "--db", str(db)).stdout)
    ids = {i.id for i in load_profile("smoke").items}
    assert {x["test_id"] for x in doc["results"]} == ids
    assert doc["run"]["status"] == "complete" and doc["stack"]["engine"] == "llamacpp"
    s = doc["summary"]
    assert s["total"] == len(ids) and s["errors"] == 0 and s["timeouts"] == 0
    assert set(s["by_category"]) == {i.category for i in load_profile("smoke").items}
    for res in doc["results"]:
        assert res["status"] in ("pass", "fail")
        assert res["ttft_ms"] > 0 and res["completion_tokens"] > 0 and res["finish_reason"]
    # what the harness guarantees, whatever a 135M model answers: every verdict is stored and counted,
    # every failure carries a class (a grader's, or truncated/empty), none is a harness error
    assert s["passed"] == sum(1 for res in doc["results"] if res["status"] == "pass")
    assert all(res["failure_class"] for res in doc["results"] if res["status"] == "fail")
    csv_out = stackeval("export", doc["run"]["id"][:12], "--db", str(db), "--format", "csv").stdout.splitlines()
    assert csv_out[0].startswith("test_id,category,tier") and len(csv_out) == len(ids) + 1
    runs = json.loads(stackeval("runs", "--db", str(db), "--json").stdout)
    assert runs[0]["id"] == doc["run"]["id"] and runs[0]["total"] == len(ids)


def test_sigkill_mid_run_then_resume_completes_without_duplicates(local_server, tmp_path: Path) -> None:  # noqa: ANN001
    db = tmp_path / "k.db"
    n_items = len(load_profile("smoke").items)
    proc = subprocess.Popen([sys.executable, "-m", "stackeval", "run", "-e", local_server.base_url, "-p", "smoke",
                             "--db", str(db), "-c", "1", "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    done = 0
    while time.monotonic() < deadline:
        if db.exists():
            try:
                with sqlite3.connect(db, timeout=5) as con:
                    done = con.execute("SELECT COUNT(*) FROM results").fetchone()[0]
            except sqlite3.OperationalError:
                done = 0
            if done >= 1:
                break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = con.execute("SELECT COUNT(*) FROM results").fetchone()[0]
        status = con.execute("SELECT status FROM runs").fetchone()[0]
    assert 1 <= stored < n_items, "the kill should land mid-run"
    assert status == "running"
    r = stackeval("run", "--resume", "latest", "--db", str(db), "-q")
    assert r.returncode == 0, r.stderr
    assert f"({n_items - stored} new results" in r.stdout
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT test_id, COUNT(*) FROM results GROUP BY test_id").fetchall()
        status = con.execute("SELECT status FROM runs").fetchone()[0]
    assert len(rows) == n_items and all(c == 1 for _, c in rows)
    assert status == "complete"
    again = stackeval("run", "--resume", "latest", "--db", str(db), "-q")
    assert "(0 new results" in again.stdout


def test_every_spelling_of_the_endpoint_gives_the_same_stack(local_server) -> None:  # noqa: ANN001
    root = local_server.base_url
    outs = set()
    for url in (root, root + "/", root + "/v1", root + "/v1/"):
        r = stackeval("stack", "-e", url, "--json")
        assert r.returncode == 0, r.stderr
        prof = json.loads(r.stdout)
        prof.pop("endpoint")
        assert prof["metrics_available"] and prof["engine_version"] and "props.total_slots" in prof["settings"]
        outs.add(json.dumps(prof, sort_keys=True))
    assert len(outs) == 1


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_serve_local_stops_its_server_when_stopped(sig: signal.Signals, tmp_path: Path) -> None:
    require_local_server()
    proc = subprocess.Popen([sys.executable, "-m", "stackeval", "serve-local"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = ""
        deadline = time.monotonic() + 120
        while "serving http" not in line and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line or proc.poll() is None, "serve-local ended before serving"
        server_pid = int(line.split("(pid ")[1].split(")")[0])
        os.kill(server_pid, 0)  # alive
        proc.send_signal(sig)
        proc.wait(30)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.kill(server_pid, 0)
            except ProcessLookupError:
                break
            with contextlib.suppress(ChildProcessError):
                os.waitpid(server_pid, os.WNOHANG)
            time.sleep(0.2)
        else:
            os.kill(server_pid, signal.SIGKILL)
            pytest.fail(f"the server (pid {server_pid}) outlived serve-local stopped by {sig.name}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
