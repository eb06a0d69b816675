"""`stackeval agentic --ladder` end to end against scripted deployments: the ladder table has tokens per
turn and the edit tools, the time-to-solve section projects each rung onto a saved deployment timing, and
--versus names the crossover rung. Bad input is one line and exit 2."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers.cli import stackeval

from stackeval.agentic.scripted import reference_agent
from stackeval.agentic.tasks import load_task
from stackeval.agentic.timing import DeploymentTiming
from stackeval.runner.agentic import LADDER
from stackeval.testing.fakeserver import FakeServer, Reply


def _replaying(ttft_s: float, step_s: float, extra_turns: int = 0):
    """Plays the reference agent on every rung, after ``extra_turns`` turns of running the tests first
    (a model that explores more), with scripted timings."""
    agents = {t: reference_agent(load_task(t)) for t in LADDER}

    def respond(body: dict[str, Any]) -> Reply:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        agent = agents[next(t for t in LADDER if load_task(t).description == user)]
        n = sum(1 for m in body["messages"] if m["role"] == "assistant")
        prompt = len(json.dumps(body["messages"])) // 4
        kw = {"ttft_s": ttft_s, "step_s": step_s, "prompt_tokens": prompt, "content": "thinking about it " * 4}
        if n < extra_turns:
            from stackeval.agentic.scripted import call

            return Reply(tool_calls=[call("run_tests")], finish_reason="tool_calls", **kw)
        r = agent.steps[n - extra_turns](body["messages"])
        return Reply(tool_calls=r.tool_calls, finish_reason="tool_calls", **kw)

    return respond


def test_ladder_report_projection_and_crossover(tmp_path) -> None:
    timing, a_json, md = tmp_path / "fast.timing.json", tmp_path / "a.json", tmp_path / "b.md"
    with FakeServer(_replaying(0.01, 0.001, extra_turns=3)) as fast:
        a = stackeval("agentic", "-e", fast.base_url, "--ladder", "--db", str(tmp_path / "a.db"), "--json", str(a_json),
                      "--save-timing", str(timing), "-q", timeout=300)
    assert a.returncode == 0, a.stderr
    saved = DeploymentTiming.model_validate_json(timing.read_text())
    # the reference's turns a rung (more reading turns where a rung outgrows half its context budget), plus three
    turns = {t: len(reference_agent(load_task(t)).steps) for t in LADDER}
    assert saved.prefix_cache == "unknown" and len(saved.points) == sum(turns.values()) + 3 * len(LADDER)
    probed = tmp_path / "slow.probe.json"
    with FakeServer(_replaying(0.05, 0.004)) as slow:
        b = stackeval("agentic", "-e", slow.base_url, "--ladder", "--db", str(tmp_path / "b.db"), "--md", str(md),
                      "--project-on", str(timing), "--versus", str(a_json), timeout=300)
        slow.responder = lambda body: Reply(content="1 2 3 4 5 6 7 8", prompt_tokens=len(json.dumps(body)) // 4,
                                            ttft_s=0.02, step_s=0.002)
        p = stackeval("agentic", "-e", slow.base_url, "--probe-timing", str(probed), "--probe-from", str(a_json),
                      timeout=120)
    assert b.returncode == 0, b.stderr
    assert p.returncode == 0, p.stderr
    probe = DeploymentTiming.model_validate_json(probed.read_text())
    assert probe.source.startswith("probe of") and len(probe.points) >= 6
    assert "Time to solve per deployment" in p.stdout and "ledger_s" in p.stdout
    text = md.read_text()
    assert "| tokens in/out per turn | largest prompt | edits |" in text
    assert "| ledger_s | off | 5 | 14 | 3 | yes | 14/14 | 3 |" in text and "| edit_file 3 |" in text
    assert "## Time to solve per deployment" in text and f"{saved.name} (unknown cache)" in text
    assert "| peak context/budget (est.) | elided results |" in text
    # this run (the reference's turns, slower decoding) is the few-turns side; the saved run took 3 more a rung
    assert "## Crossover" in text and all(f"| {t} | {turns[t]} / {turns[t] + 3} |" in text for t in LADDER)
    assert "crossover rung:" in b.stdout


def test_bad_inputs_are_one_line(tmp_path) -> None:
    bad = tmp_path / "t.json"
    bad.write_text("{}")
    r = stackeval("agentic", "-e", "http://127.0.0.1:9", "--project-on", str(bad), timeout=60)
    assert r.returncode == 2 and r.stderr.startswith("stackeval: error: ") and "not a deployment timing" in r.stderr
    r = stackeval("agentic", "--manual", str(tmp_path), "--ladder", timeout=60)
    assert r.returncode == 2 and "--manual plays exactly one --task" in r.stderr
