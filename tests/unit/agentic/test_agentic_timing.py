"""Time to solve per deployment. The pure model (fits, warm vs cold prefix cache, intervals, crossover), and
the projection checked against the scripted server with known per-token timings: a run measured on one
scripted deployment, projected onto a second whose timings are known, agrees with a run measured there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stackeval.agentic.records import AgentOutcome, Turn
from stackeval.agentic.scripted import reference_agent
from stackeval.agentic.tasks import load_task
from stackeval.agentic.timing import (
    DeploymentTiming,
    TimingPoint,
    compare,
    crossover,
    fit,
    project,
    timing_from_outcome,
    turn_costs,
)
from stackeval.runner.agentic import execute_agentic, probe_timing
from stackeval.testing.fakeserver import FakeServer, Reply

TASK = "fs_bookshop_voucher"  # four turns, instant tools: the wall time is the model's
WORDS = 30  # output tokens per reply (the fake server streams one word a token)


class Deployment:
    """A scripted deployment: TTFT = base + per_prompt_token * prompt tokens, then step_s per output token."""

    def __init__(self, name: str, base: float, per_prompt_token: float, step_s: float) -> None:
        self.name, self.base, self.k, self.step = name, base, per_prompt_token, step_s

    def ttft(self, prompt_tokens: int) -> float:
        return self.base + self.k * prompt_tokens

    def timing(self, prompt_lengths: list[int]) -> DeploymentTiming:
        """What a bench of this deployment at those prompt lengths measures (no prefix cache)."""
        return DeploymentTiming(name=self.name, source="known", prefix_cache="cold", points=[
            TimingPoint(prompt_tokens=p, completion_tokens=WORDS, ttft_s=self.ttft(p), decode_s=(WORDS - 1) * self.step)
            for p in prompt_lengths])

    def responder(self):
        agent = reference_agent(load_task(TASK))

        def respond(body: dict[str, Any]) -> Reply:
            prompt = len(json.dumps(body["messages"])) // 4
            n = sum(1 for m in body["messages"] if m["role"] == "assistant")
            text = " ".join(["word"] * WORDS)
            if n < len(agent.steps):
                r = agent.steps[n](body["messages"])
                return Reply(content=text, tool_calls=r.tool_calls, finish_reason="tool_calls", prompt_tokens=prompt,
                             ttft_s=self.ttft(prompt), step_s=self.step)
            return Reply(content=agent.final + "\n" + text, prompt_tokens=prompt, ttft_s=self.ttft(prompt),
                         step_s=self.step)

        return respond


async def _measure(dep: Deployment, db: Path) -> AgentOutcome:
    async with FakeServer(dep.responder()) as srv:
        out = await execute_agentic(db_path=db, endpoint=srv.base_url, tasks=[TASK],
                                    timeouts={"total": 60.0, "read": 30.0})
    outcome = AgentOutcome.model_validate(next(iter(out.docs.values()))["outcome"])
    assert outcome.solved
    return outcome


async def test_projection_onto_another_deployment_matches_a_run_measured_there(tmp_path) -> None:
    slow = Deployment("slow", base=0.3, per_prompt_token=0.0001, step_s=0.03)
    fast = Deployment("fast", base=0.08, per_prompt_token=0.00002, step_s=0.01)
    measured_slow = await _measure(slow, tmp_path / "slow.db")
    lengths = [t.prompt_tokens or 0 for t in measured_slow.turns]
    assert len(lengths) == 4 and lengths == sorted(lengths) and lengths[0] > 100

    # the run's own turns make a timing of its deployment: TTFT and the per-token time come out as scripted
    own = timing_from_outcome(measured_slow, "slow (measured)")
    ttft, per_token = fit(own.points)
    assert per_token.at(lengths[0]) == pytest.approx(slow.step, rel=0.3)
    assert ttft.at(lengths[-1]) == pytest.approx(slow.ttft(lengths[-1]), rel=0.3, abs=0.03)
    assert own.prefix_cache == "unknown"  # the fake server reports no cached tokens
    # (a loaded 2-core machine adds scheduling delay to every chunk: 25 % tolerance; the deployments differ 3x)
    self_check = compare(measured_slow, project(measured_slow, own), tolerance=0.25)
    assert self_check.agrees, self_check

    # projected onto the fast deployment (known timings at the same prompt lengths), then measured there
    projected = project(measured_slow, fast.timing(lengths))
    expected_model_s = sum(fast.ttft(t.prompt_tokens or 0) + ((t.completion_tokens or 0) - 1) * fast.step
                           for t in measured_slow.turns)
    assert projected.model_s == pytest.approx(expected_model_s, rel=1e-6)
    measured_fast = await _measure(fast, tmp_path / "fast.db")
    verdict = compare(measured_fast, projected, tolerance=0.25)
    assert verdict.agrees and 0.8 < verdict.ratio < 1.35, verdict
    assert measured_fast.wall_s < measured_slow.wall_s

    # and a projection from the wrong deployment is called out
    wrong = compare(measured_fast, project(measured_slow, slow.timing(lengths)), tolerance=0.25)
    assert not wrong.agrees and wrong.ratio < 0.5 and wrong.turns_off


def _outcome(task: str, turns: list[tuple[int, int]], solved: bool = True, tools_s: float = 0.0) -> AgentOutcome:
    return AgentOutcome(task_id=task, solved=solved, reason="solved" if solved else "max_turns",
                        turns=[Turn(index=i + 1, request_messages=2, prompt_tokens=p, completion_tokens=c,
                                    tools_ms=tools_s * 1000.0) for i, (p, c) in enumerate(turns)])


def test_a_warm_prefix_cache_charges_only_the_new_tokens() -> None:
    out = _outcome("t", [(1000, 100), (3000, 100), (3500, 50)])
    assert [c.new_tokens for c in turn_costs(out)] == [1000, 1900, 400]
    pts = [TimingPoint(prompt_tokens=p, ttft_s=0.1 + p / 1000.0, completion_tokens=101, decode_s=1.0)
           for p in (500, 1000, 2000, 4000)]
    cold = project(out, DeploymentTiming(name="c", prefix_cache="cold", points=pts))
    warm = project(out, DeploymentTiming(name="w", prefix_cache="warm", points=pts))
    assert cold.per_turn_s[1] == pytest.approx(0.1 + 3.0 + 99 * 0.01)
    assert warm.per_turn_s[1] == pytest.approx(0.1 + 1.9 + 99 * 0.01)
    assert cold.low_s <= cold.total_s <= cold.high_s and warm.total_s < cold.total_s


def test_crossover_rung_with_intervals() -> None:
    """A careful model (few turns) on a slow deployment against a busy one (many turns) on a fast one: the
    busy one wins the small rung, the careful one the larger rungs, and an unsolved run never wins."""
    slow = DeploymentTiming(name="slow", prefix_cache="cold", points=[
        TimingPoint(prompt_tokens=p, ttft_s=0.5 + p / 2000.0 * f, completion_tokens=201, decode_s=4.0 * f)
        for p in (1000, 4000, 8000, 16000) for f in (0.95, 1.05)])
    fast = DeploymentTiming(name="fast", prefix_cache="cold", points=[
        TimingPoint(prompt_tokens=p, ttft_s=0.2 + p / 8000.0 * f, completion_tokens=201, decode_s=1.0 * f)
        for p in (1000, 4000, 8000, 16000) for f in (0.95, 1.05)])
    ladder = ["s", "m", "l", "xl"]
    few = {"s": _outcome("s", [(2000, 200)] * 3), "m": _outcome("m", [(4000, 200)] * 4),
           "l": _outcome("l", [(8000, 200)] * 5), "xl": _outcome("xl", [(12000, 200)] * 8)}
    busy = {"s": _outcome("s", [(2000, 200)] * 4), "m": _outcome("m", [(4000, 200)] * 20),
            "l": _outcome("l", [(8000, 200)] * 40), "xl": _outcome("xl", [(12000, 200)] * 60, solved=False)}
    cx = crossover(ladder, few, slow, busy, fast)
    assert [r.winner for r in cx.rungs] == ["fast", "few", "few", "few"]
    assert cx.crossover == "m"
    m = cx.rungs[1]
    assert m.few is not None and m.fast is not None and m.few.high_s < m.fast.low_s
    assert (m.few_turns, m.fast_turns) == (4, 20)
    tie = crossover(["s"], {"s": few["s"]}, fast, {"s": few["s"]}, fast)
    assert tie.rungs[0].winner == "overlap" and tie.crossover is None


async def test_a_probe_at_the_turns_prompt_lengths_recovers_the_deployment() -> None:
    dep = Deployment("probed", base=0.1, per_prompt_token=0.0001, step_s=0.012)

    def respond(body: dict[str, Any]) -> Reply:
        prompt = len(body["messages"][0]["content"]) // 4
        return Reply(content=" ".join(["n"] * 20), prompt_tokens=prompt, ttft_s=dep.ttft(prompt), step_s=dep.step)

    async with FakeServer(respond) as srv:
        timing = await probe_timing(endpoint=srv.base_url, lengths=[500, 1500, 3000], name="probed",
                                    timeouts={"total": 30.0, "read": 10.0})
    # the fake server reports no cached tokens and repeats as slowly as it sent cold: cold, from TTFT
    assert len(timing.points) == 6 and (timing.prefix_cache, timing.prefix_cache_basis) == ("cold", "inferred_from_ttft")
    assert [p.prompt_tokens for p in timing.points][::2] == sorted(p.prompt_tokens for p in timing.points[::2])
    ttft, per_token = fit(timing.points)
    # (scheduling delay on a loaded 2-core machine only ever adds time: generous upper tolerances)
    assert dep.step * 0.9 <= per_token.at(1000) <= dep.step * 1.6
    big = max(p.prompt_tokens for p in timing.points)
    assert dep.ttft(big) * 0.9 <= ttft.at(big) <= dep.ttft(big) * 1.4 + 0.03
