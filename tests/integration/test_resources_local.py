"""The resource profile against the real local llama.cpp server (SmolLM2-135M).

1. ``stackeval bench`` on the shared local server: the bench JSON and the report show the server's memory
   at ready (idle, as the server was already running) and the peak per level, and they match what this test
   reads itself with ``ps`` (the server's process group) over the same windows, within ``TOL``.
2. A sweep over the KV-cache type (``-ctk/-ctv`` f16 vs q8_0, 16384 tokens of context): the memory per point
   differs, ``compare`` lists the delta, and it matches the KV-cache sizes the server's own log prints.
"""

from __future__ import annotations

import json
import subprocess
import threading
import time
from pathlib import Path

import pytest
from tests.helpers.cli import stackeval

MIB = 1024**2
# RSS moves by a few MiB within a level (buffers, the prompt cache); the sampler reads every 0.25 s and this
# test every 0.1 s, so their peaks may fall on different readings. Tolerance: 16 MiB or 4 %, whichever is more.
TOL_BYTES, TOL_REL = 16 * MIB, 0.04
KV_RECIPE = Path(__file__).parents[2] / "examples" / "sweeps" / "llamacpp-kv-cache-type.yaml"


def ps_rss(pgid: int) -> int:
    """The server's process group's RSS, summed, as ``ps`` reports it (KiB -> bytes)."""
    out = subprocess.run(["ps", "-o", "rss=", "-g", str(pgid)], capture_output=True, text=True, check=False).stdout
    return sum(int(x) for x in out.split()) * 1024


def close(a: int, b: int) -> bool:
    return abs(a - b) <= max(TOL_BYTES, TOL_REL * max(a, b))


class PsPoller:
    """This test's own readings of the server's RSS (``ps``), with their times."""

    def __init__(self, pgid: int, every_s: float = 0.1) -> None:
        self.pgid, self.every_s = pgid, every_s
        self.readings: list[tuple[float, int]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.is_set():
            self.readings.append((time.time(), ps_rss(self.pgid)))
            self.stop.wait(self.every_s)

    def peak(self, t0: float, t1: float) -> int | None:
        vals = [r for t, r in self.readings if t0 <= t <= t1]
        return max(vals) if vals else None


def test_bench_json_and_report_show_memory_at_ready_and_peak_per_level(local_server, tmp_path: Path) -> None:  # noqa: ANN001
    pid = local_server.proc.pid
    out, db = tmp_path / "bench.json", tmp_path / "bench.db"
    before = ps_rss(pid)
    poll = PsPoller(pid)
    poll.thread.start()
    try:
        r = stackeval("bench", "-e", local_server.base_url, "-c", "1,4", "-n", "64", "--runs", "2", "--requests", "8",
                      "--json", str(out), "--md", str(tmp_path / "bench.md"), "--db", str(db), timeout=400)
    finally:
        poll.stop.set()
        poll.thread.join()
    assert r.returncode == 0, r.stderr[-3000:]
    doc = json.loads(out.read_text())
    res = doc["resources"]
    assert res["source"] == "local" and res["pid"] == pid and res["samples"] >= 5
    assert "resource_samples" not in doc  # the time series went to its table
    phases = {p["name"]: p for p in res["phases"]}
    assert list(phases) == ["idle", "warmup", "single_stream", "c1", "c4"]

    at_ready = res["fits"]["at_ready"]
    assert at_ready["phase"] == "idle"
    assert close(at_ready["rss_bytes"], before), (at_ready["rss_bytes"] / MIB, before / MIB)
    report = [f"at ready: sampler {at_ready['rss_bytes'] / MIB:.1f} MiB, ps {before / MIB:.1f} MiB"]
    for name in ("single_stream", "c1", "c4"):
        p = phases[name]
        t0, t1 = res["t0"] + p["start_s"], res["t0"] + p["end_s"]
        mine = poll.peak(t0, t1)
        assert p["n"] >= 1 and mine is not None, name
        assert close(p["rss_peak"], mine), (name, p["rss_peak"] / MIB, mine / MIB)
        report.append(f"{name}: sampler peak {p['rss_peak'] / MIB:.1f} MiB, ps peak {mine / MIB:.1f} MiB")
    peak = res["fits"]["peak_under_load"]
    assert peak["phase"] in ("single_stream", "c1", "c4")
    assert peak["rss_bytes"] == max(phases[n]["rss_peak"] for n in ("single_stream", "c1", "c4"))
    host = res["fits"]["host_total_bytes"]
    assert host == int(Path("/proc/meminfo").read_text().split()[1]) * 1024
    print("\n" + "; ".join(report))

    md = (tmp_path / "bench.md").read_text()
    for s in ("## Resources", "server RSS idle, when sampling began", "server RSS peak under load", "| c4 |"):
        assert s in md, s
    rep = stackeval("report", doc["run_id"], "--db", str(db), "--format", "html", "--out", str(tmp_path / "r.html"))
    assert rep.returncode == 0, rep.stderr
    html = (tmp_path / "r.html").read_text()
    assert "memory over the timeline" in html and "utilisation over the timeline" in html

    import sqlite3

    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT phase, MAX(rss_bytes), COUNT(*) FROM resource_samples WHERE owner=? GROUP BY phase",
                           (doc["run_id"],)).fetchall()
    stored = {ph: (mx, n) for ph, mx, n in rows}
    assert stored["c4"][0] == phases["c4"]["rss_peak"] and stored["c1"][1] >= 1


@pytest.fixture(scope="module")
def kv_sweep(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    from tests.integration.conftest import require_local_server

    require_local_server()
    d = tmp_path_factory.mktemp("kv")
    db = d / "kv.db"
    r = stackeval("sweep", str(KV_RECIPE), "--db", str(db), "-q", timeout=600)
    assert r.returncode == 0, r.stderr[-3000:] + r.stdout[-3000:]
    return db, r.stdout.split("sweep id: ")[1].split()[0]


def test_kv_cache_type_sweep_shows_the_memory_difference_and_compare_lists_it(kv_sweep: tuple[Path, str]) -> None:
    db, sid = kv_sweep
    cmp = json.loads(stackeval("compare", sid, "--db", str(db), "--format", "json").stdout)
    mem = {c["label"]: c for c in cmp["memory"]["columns"]}
    f16, q8 = mem["base"], mem["kv-q8_0"]
    assert f16["runs"] == q8["runs"] == 1
    # the server's log: 16384 cells x 30 layers x (K+V) = 360 MiB in f16, 191.25 MiB in q8_0
    assert f16["kv_cache_bytes"] == pytest.approx(360 * MIB, rel=0.01)
    assert q8["kv_cache_bytes"] == pytest.approx(191.25 * MIB, rel=0.01)
    log_delta = q8["kv_cache_bytes"] - f16["kv_cache_bytes"]
    deltas = {d["metric"]: d for d in cmp["memory"]["deltas"]}
    d_ready = deltas["server RSS at ready"]
    assert (d_ready["a"], d_ready["b"]) == ("base", "kv-q8_0")
    # the measured difference is the KV cache's (llama.cpp clears the buffer, so its pages are resident)
    assert d_ready["delta_bytes"] == pytest.approx(log_delta, abs=TOL_BYTES), (d_ready["delta_bytes"] / MIB, log_delta / MIB)
    assert deltas["server RSS peak under load"]["delta_bytes"] < -100 * MIB
    for c in (f16, q8):  # the launch is on each run's timeline: weights, KV and ready come before the load
        assert c["rss_peak_load"] >= c["rss_at_ready"] > c["kv_cache_bytes"]
    md = stackeval("compare", sid, "--db", str(db)).stdout
    assert "## Memory" in md and "| base | kv-q8_0 | server RSS at ready |" in md
    runs = json.loads(stackeval("runs", "--db", str(db), "--json").stdout)
    rep = stackeval("report", runs[0]["id"], "--db", str(db), "--format", "md").stdout
    for s in ("| process_start |", "| weights_loaded |", "| kv_allocated |", "| ready |", "server RSS at ready",
              "KV cache (startup log)"):
        assert s in rep, s
    print(f"\nKV f16 vs q8_0: RSS at ready {f16['rss_at_ready'] / MIB:.1f} vs {q8['rss_at_ready'] / MIB:.1f} MiB "
          f"(delta {d_ready['delta_bytes'] / MIB:+.1f} MiB); the log's KV cache {f16['kv_cache_bytes'] / MIB:.1f} vs "
          f"{q8['kv_cache_bytes'] / MIB:.1f} MiB (delta {log_delta / MIB:+.1f} MiB)")
