"""The whole strict profile against the real local server (SmolLM2-135M): every test answered, no harness
errors, and a report with every section. max_tokens is capped to keep CI quick; the cap is recorded in the
run and truncated answers show as `truncated`, never as errors. Its own server gives each slot the model's
whole 8k context: the longest prose items (seeded ledgers of ~3,500 words, ~5k tokens) do not fit the 2k slots of
the shared server, which a run rightly records as the server's refusal (an error), not as an answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.helpers.cli import stackeval
from tests.integration.conftest import require_local_server

from stackeval.localserver import LocalServer
from stackeval.suites import load_profile

CAP = "160"


@pytest.fixture(scope="module")
def wide_server(tmp_path_factory: pytest.TempPathFactory):
    require_local_server()
    srv = LocalServer(ctx_size=16384, parallel=2, log_path=tmp_path_factory.mktemp("wide") / "llama-server.log")
    srv.start()
    yield srv
    srv.stop()


def test_strict_on_real_server(wide_server: LocalServer, tmp_path: Path) -> None:
    db = tmp_path / "strict.db"
    r = stackeval("run", "-e", wide_server.base_url, "-p", "strict", "--db", str(db), "-c", "4",
                  "--max-tokens-cap", CAP, "-q", "--timeout", "300", timeout=1800)
    assert r.returncode == 0, r.stderr[-2000:]
    doc = json.loads(stackeval("export", "latest", "--db", str(db)).stdout)
    suite = load_profile("strict")
    assert len(doc["results"]) == len(suite.items) == 157
    assert doc["run"]["spec"]["max_tokens_cap"] == int(CAP)
    harness = [x for x in doc["results"] if x["status"] in ("error", "timeout")]
    assert not harness, harness[:5]
    assert not [x for x in doc["results"] if x["failure_class"] in ("sandbox_error", "no_executor")]
    md = stackeval("report", "latest", "--db", str(db), "--format", "md").stdout
    for section in ("Per capability", "Difficulty gradient", "Coding failure modes", "Math failures",
                    "Slowest tests", "Most token-hungry tests", "Quality and speed per category", "95% CI"):
        assert section in md, section
    # keep the figures for the notes: per-tier pass rates of the real small model
    tiers = {tier: (t["passed"], t["total"]) for tier, t in json.loads(
        stackeval("report", "latest", "--db", str(db), "--format", "json").stdout)["by_tier"].items()}
    print("strict on SmolLM2-135M by tier:", tiers)
