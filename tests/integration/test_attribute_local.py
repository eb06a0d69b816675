"""`stackeval attribute` on the local llama.cpp server, in a small form (4 tool-calling tests, 1 repeat): the
example pair (examples/attribute/) differs in the chat template (ours vs the GGUF's), the KV-cache type
(-ctk/-ctv, one variable) and n-gram speculative decoding. Every design point and the noise floor are
launched, measured and stored; the same command again resumes (here: finds everything done)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from tests.helpers.cli import stackeval

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["examples/attribute/llamacpp-baseline.yaml", "examples/attribute/llamacpp-target.yaml", "--profile", "tools",
        "--only", "t1.tool_calling.core.0[1234]", "--repeats", "1", "--control", "2", "--concurrency", "2",
        "--together=-ctk,-ctv", "--format", "json", "--quiet"]


@pytest.fixture(scope="module")
def attributed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, float]:
    from tests.integration.conftest import require_local_server

    require_local_server()
    db = tmp_path_factory.mktemp("attribute") / "at.db"
    t0 = time.monotonic()
    r = stackeval("attribute", *ARGS, "--db", str(db), timeout=900, cwd=ROOT)
    wall = time.monotonic() - t0
    assert r.returncode == 0, r.stderr[-3000:] + r.stdout[-3000:]
    return db, json.loads(r.stdout), wall


def test_every_variable_is_measured_against_the_floor(attributed: tuple[Path, dict, float]) -> None:
    _db, rep, wall = attributed
    plan = rep["plan"]
    assert [v["name"] for v in plan["variables"]] == ["--chat-template-file", "-ctk+-ctv", "--spec-type"]
    assert [p["label"] for p in plan["points"]] == ["A", "B", "A + chat-template-file", "A + ctk+ctv",
                                                    "A + spec-type"]
    assert all(p.endswith(": complete") for p in rep["points"]), rep["points"]
    assert len(plan["selected"]) >= 1 and set(plan["flipped"]) | set(plan["controls"]) <= set(plan["selected"])
    for e in rep["effects"]:
        step = e["step"]
        assert step is not None and step["pass_delta"]["n"] == len(plan["selected"])
        assert step["decode"] is not None and step["decode"]["n_before"] > 0
        assert e["quality"] in ("effect", "noise") and e["summary"]
    fl = rep["floor"]
    assert fl["rerun"] is not None and fl["again"] is not None and fl["concurrency"] is not None
    assert fl["decode_rel"] is not None
    print(f"attribution small form: {wall:.0f}s; " + "; ".join(f"{e['variable']['name']}: {e['summary']}"
                                                                 for e in rep["effects"]))


def test_the_same_command_resumes_without_starting_servers(attributed: tuple[Path, dict, float]) -> None:
    db, rep, _wall = attributed
    r = stackeval("attribute", *ARGS[:-1], "--db", str(db), timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.count("already complete") == 3 and "healthy after" not in r.stdout
    md = stackeval("attribute", *ARGS[:-3], "--quiet", "--format", "md", "--db", str(db), timeout=300, cwd=ROOT)
    assert md.returncode == 0 and "## Noise floor (measured)" in md.stdout and "-ctk+-ctv" in md.stdout
