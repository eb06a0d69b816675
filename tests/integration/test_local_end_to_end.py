"""End to end against the real local server: discovery, a stored smoke run, export, kill and resume."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.helpers.cli import stackeval

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
    # the real model passes some and fails some of the smoke tests (it is a 135M model)
    assert 0 < s["passed"] <= s["total"]
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
