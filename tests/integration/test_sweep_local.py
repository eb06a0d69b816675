"""A real sweep over the local llama.cpp server: one server per point over --spec-draft-n-max (a draft
model = the same GGUF), one point that fails to start on purpose (a model file that does not exist), a
short bench at each point, then the stored sweep's comparison in JSON, Markdown and HTML."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from tests.helpers.cli import stackeval

RECIPE = """\
name: it-llamacpp-draft-k
engine: llamacpp
model: smollm2-135m
hardware: {{device: cpu}}
serve:
  command: >-
    ${{llama_server}} -m ${{model_file}} --host ${{host}} --port ${{port}} -c 1024 -np 2 -t 2 --metrics
    -a smollm2-135m -md ${{local_model}} --spec-type draft-simple
params:
  model_file: ${{local_model}}
matrix:
  --spec-draft-n-max: [1, 2, 4]
points:
  - name: missing-model
    params: {{model_file: {missing}}}
    expect: fail
workloads:
  - {{kind: bench, output_tokens: 32, input_words: 16, concurrency: [1, 2], runs: 2, requests_per_level: 2}}
launch:
  health_timeout_s: 180
  stop_grace_s: 10
"""


def _refused(endpoint: str) -> bool:
    u = urlparse(endpoint)
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex((u.hostname or "127.0.0.1", u.port or 80)) != 0


@pytest.fixture(scope="module")
def sweep_db(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, float]:
    from tests.integration.conftest import require_local_server

    require_local_server()
    d = tmp_path_factory.mktemp("sweep")
    recipe = d / "sweep.yaml"
    recipe.write_text(RECIPE.format(missing=d / "no-such-model.gguf"))
    db = d / "sweep.db"
    t0 = time.monotonic()
    r = stackeval("sweep", str(recipe), "--db", str(db), timeout=900)
    wall = time.monotonic() - t0
    assert r.returncode == 0, r.stderr[-3000:] + r.stdout[-3000:]
    sid = r.stdout.split("sweep id: ")[1].split()[0]
    return db, sid, wall


def test_sweep_stores_every_point_and_the_failing_one_with_its_reason(sweep_db: tuple[Path, str, float]) -> None:
    db, sid, wall = sweep_db
    listed = json.loads(stackeval("sweeps", "--db", str(db), "--json").stdout)
    assert listed[0]["id"] == sid and listed[0]["status"] == "complete"
    assert listed[0]["points"] == {"base": "complete", "spec-draft-n-max=2": "complete",
                                   "spec-draft-n-max=4": "complete", "missing-model": "failed_to_start"}
    cmp = json.loads(stackeval("compare", sid, "--db", str(db), "--format", "json").stdout)
    cols = {c["label"]: c for c in cmp["columns"]}
    assert "no-such-model.gguf" in cols["missing-model"]["reason"]
    assert cols["missing-model"]["run_ids"] == []
    for label, k in (("base", 1), ("spec-draft-n-max=2", 2), ("spec-draft-n-max=4", 4)):
        c = cols[label]
        assert c["status"] == "complete" and c["kinds"] == ["bench"] and c["engine"] == "llamacpp"
        assert c["speed"]["single-stream decode"]["mean"] > 0
        assert c["speed"]["c=2 output"]["mean"] > 0
        spec = c["spec"]
        assert spec["source"] == "llamacpp_metrics" and spec["acceptance_rate"] > 0.5  # the draft is the model itself
        assert len(spec["per_position"]) == k
    differ = {v["key"]: v["values"] for v in cmp["variables"]["differ"]}
    assert differ["serve.flags.spec_draft_n_max"] == [1, 2, 4, 1]
    assert "engine" in cmp["variables"]["equal"] and "props.build_info" in cmp["variables"]["equal"]
    sw = cmp["sweep"]
    assert sw["k_param"] == "--spec-draft-n-max" and "not applicable" in sw["recommendation"]  # CPU: no CUDA graphs
    assert [p["k"] for p in sw["points"]] == [1, 2, 4, 1]
    print(f"\nsweep wall {wall:.0f}s; per point: " + "; ".join(
        f"{p['name']}: {p['status']}"
        + (f", decode {p['decode_tok_s']['mean']:.1f} tok/s, acceptance {100 * p['spec']['acceptance_rate']:.0f}%, "
           f"mean accepted length {p['spec']['mean_accepted_length']:.2f}, ready {p['ready_s']:.1f}s"
           if p["decode_tok_s"] else f" ({p['reason']})") for p in sw["points"]))


def test_every_server_was_stopped(sweep_db: tuple[Path, str, float]) -> None:
    import sqlite3

    db, sid, _ = sweep_db
    with sqlite3.connect(db) as con:
        recs = [json.loads(r[0]) for r in con.execute("SELECT point_json FROM sweep_points WHERE sweep_id=?", (sid,))]
    for rec in recs:
        assert rec["stopped"] in ("terminated", "exited", "killed")
        assert _refused(rec["endpoint"]), rec["endpoint"]
        assert Path(rec["log_path"]).exists()
        assert rec["endpoint"].startswith("http://127.0.0.1:")  # loopback by default


def test_html_and_markdown_reports_of_the_sweep(sweep_db: tuple[Path, str, float], tmp_path: Path) -> None:
    db, sid, _ = sweep_db
    out = tmp_path / "sweep.html"
    r = stackeval("compare", sid, "--db", str(db), "--format", "html", "--out", str(out))
    assert r.returncode == 0, r.stderr
    html = out.read_text()
    for s in ("Variables that differ", "serve.flags.spec_draft_n_max", "no-such-model.gguf", "per-position acceptance",
              "K sweep: single-stream decode", "data:image/svg+xml;base64,"):
        assert s in html
    md = stackeval("compare", sid, "--db", str(db)).stdout
    assert "| missing-model | failed_to_start" in md and "## Variables that differ" in md
    runs = json.loads(stackeval("runs", "--db", str(db), "--json").stdout)
    assert len(runs) == 3 and {x["status"] for x in runs} == {"complete"}
    rep = stackeval("report", runs[0]["id"], "--db", str(db), "--format", "html", "--out", str(tmp_path / "run.html"))
    assert rep.returncode == 0, rep.stderr
    assert "<h2>Speed</h2>" in (tmp_path / "run.html").read_text()
