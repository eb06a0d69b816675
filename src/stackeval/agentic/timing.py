"""Time to solve per deployment: project an agentic run's wall time onto another deployment. Pure.

An agentic run is a sequence of turns, each a prompt of ``prompt_tokens`` (of which the server may take
``cached_tokens`` from its prefix cache) and a reply of ``completion_tokens``, plus the time our tools took.
A deployment is described by measured requests (``TimingPoint``: prompt length, cached tokens, TTFT, decode
rate) taken at the prompt lengths the turns had; its prefix-cache state is recorded with them.

The model of one turn on a deployment::

    ttft(uncached)  = a + b * uncached prompt tokens          (least squares over the points)
    per-token(ctx)  = c + d * prompt tokens                    (decode slows as the context grows)
    turn            = ttft + completion_tokens * per-token + the turn's own tool time

``uncached`` is the whole prompt on a deployment without a prefix cache (``cold``); on one with a warm cache
it is what the turn added to the conversation (the previous turn's prompt and reply are cached). Intervals
come from a seeded bootstrap over the points: each resample refits both lines and re-projects the task.

``compare`` says where a projection and a measured run disagree (the measured time outside the interval,
turn by turn); ``crossover`` walks a ladder of rungs and says at which rung a model needing fewer turns on a
slower deployment beats one needing more turns on a faster one, with intervals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from stackeval.agentic.records import AgentOutcome, Turn

__all__ = [
    "TIMING_SCHEMA_VERSION",
    "CacheState",
    "Crossover",
    "CrossoverRung",
    "DeploymentTiming",
    "Disagreement",
    "LineFit",
    "TaskProjection",
    "TimingPoint",
    "TurnCost",
    "compare",
    "crossover",
    "fit",
    "project",
    "timing_from_outcome",
    "turn_costs",
]

TIMING_SCHEMA_VERSION = 1
CacheState = Literal["cold", "warm", "unknown"]
BOOTSTRAP = 400
LEVEL = 0.9  # the intervals' coverage


class TimingPoint(BaseModel):
    """One measured request on a deployment."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    prompt_tokens: int = Field(ge=0)
    cached_tokens: int = Field(default=0, ge=0)
    completion_tokens: int = Field(default=0, ge=0)
    ttft_s: float = Field(ge=0)
    decode_s: float | None = Field(default=None, ge=0)  # first output token to the last

    @property
    def uncached(self) -> int:
        return max(0, self.prompt_tokens - self.cached_tokens)

    @property
    def per_token_s(self) -> float | None:
        """Seconds per output token after the first."""
        if self.decode_s is None or self.completion_tokens < 2:
            return None
        return self.decode_s / (self.completion_tokens - 1)


class DeploymentTiming(BaseModel):
    """A deployment's measured requests, as stored in a timing file (``--project-on``)."""

    model_config = ConfigDict(extra="forbid")
    schema_version: int = TIMING_SCHEMA_VERSION
    name: str
    source: str = ""  # how it was measured: "agentic run <id>", "probe of <url>", ...
    prefix_cache: CacheState = "unknown"
    # how prefix_cache was decided: the server's cached-token counts, or (when it never reports them, like vLLM
    # without --enable-prompt-tokens-details) the TTFT of a repeated prompt against the same prompt sent cold
    prefix_cache_basis: Literal["reported", "inferred_from_ttft"] = "reported"
    points: list[TimingPoint] = Field(min_length=1)


WARM_TTFT_RATIO = 0.25  # a repeat this much faster than its cold twin took its prefix from a cache
MIN_COLD_TTFT_S = 0.2  # below this a cold TTFT is too short to tell a cache hit from noise


def infer_warm(cold: Sequence[TimingPoint], repeat: Sequence[TimingPoint]) -> bool | None:
    """Did the server reuse cached prefixes, judged from TTFT alone? Pairs (the same prompt sent cold, then
    again) whose cold TTFT is long enough to tell: True when every such repeat took at most a quarter of its
    cold twin's TTFT, False when none did, None when there is no such pair or the pairs disagree."""
    pairs = [(c.ttft_s, r.ttft_s) for c, r in zip(cold, repeat, strict=True) if c.ttft_s >= MIN_COLD_TTFT_S]
    if not pairs:
        return None
    hits = [r <= WARM_TTFT_RATIO * c for c, r in pairs]
    return True if all(hits) else False if not any(hits) else None


class LineFit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    intercept: float
    slope: float

    def at(self, x: float) -> float:
        return max(0.0, self.intercept + self.slope * x)


def _line(xs: Sequence[float], ys: Sequence[float]) -> LineFit:
    n = len(xs)
    if n == 0:
        return LineFit(intercept=0.0, slope=0.0)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    if n == 1 or sxx == 0:
        return LineFit(intercept=my, slope=0.0)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    if slope < 0:  # more tokens never make a request faster: a flat line is the honest fit
        return LineFit(intercept=my, slope=0.0)
    return LineFit(intercept=my - slope * mx, slope=slope)


def fit(points: Sequence[TimingPoint]) -> tuple[LineFit, LineFit]:
    """(TTFT over uncached prompt tokens, seconds per output token over prompt tokens)."""
    ttft = _line([p.uncached for p in points], [p.ttft_s for p in points])
    dec = [(p.prompt_tokens, p.per_token_s) for p in points if p.per_token_s is not None]
    per_token = _line([x for x, _ in dec], [y for _, y in dec])  # type: ignore[misc]
    return ttft, per_token


class TurnCost(BaseModel):
    """What a turn asked of the model, independent of the deployment."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    index: int
    prompt_tokens: int
    completion_tokens: int
    new_tokens: int  # prompt tokens this turn added to the conversation
    tools_s: float
    measured_model_s: float


def turn_costs(out: AgentOutcome) -> list[TurnCost]:
    """The turns of a run as costs. A turn without counts (a failed request) costs its measured time only."""
    costs: list[TurnCost] = []
    prev_total = 0
    for t in out.turns:
        p, c = t.prompt_tokens or 0, t.completion_tokens or 0
        costs.append(TurnCost(index=t.index, prompt_tokens=p, completion_tokens=c,
                              new_tokens=max(0, p - prev_total) if prev_total else p,
                              tools_s=t.tools_ms / 1000.0, measured_model_s=t.model_ms / 1000.0))
        prev_total = p + c
    return costs


def _turn_s(cost: TurnCost, ttft: LineFit, per_token: LineFit, cache: CacheState) -> float:
    uncached = cost.new_tokens if cache == "warm" else cost.prompt_tokens
    decode = max(0, cost.completion_tokens - 1) * per_token.at(cost.prompt_tokens)
    return ttft.at(uncached) + decode


class TaskProjection(BaseModel):
    model_config = ConfigDict(extra="forbid")
    task_id: str
    deployment: str
    prefix_cache: CacheState
    turns: int
    solved: bool
    model_s: float  # projected time in the model
    tools_s: float  # the run's own tool time (the same on any deployment)
    total_s: float
    low_s: float  # LEVEL interval of total_s (bootstrap over the deployment's points)
    high_s: float
    per_turn_s: list[float] = Field(default_factory=list)  # projected model time per turn
    per_turn_low_s: list[float] = Field(default_factory=list)
    per_turn_high_s: list[float] = Field(default_factory=list)


def _quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    i = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[i]


def project(out: AgentOutcome, timing: DeploymentTiming, *, seed: int = 0, resamples: int = BOOTSTRAP) -> TaskProjection:
    """The run's turns on ``timing``'s deployment."""
    costs = turn_costs(out)
    cache = timing.prefix_cache
    ttft, per_token = fit(timing.points)
    per_turn = [_turn_s(c, ttft, per_token, cache) for c in costs]
    tools = sum(c.tools_s for c in costs)
    rng = random.Random(seed)
    pts = timing.points
    samples: list[list[float]] = []
    for _ in range(resamples if len(pts) > 1 else 0):
        bt, bp = fit([pts[rng.randrange(len(pts))] for _ in pts])
        samples.append([_turn_s(c, bt, bp, cache) for c in costs])
    lo_q, hi_q = (1 - LEVEL) / 2, 1 - (1 - LEVEL) / 2
    if samples:
        totals = [sum(s) for s in samples]
        low, high = _quantile(totals, lo_q) + tools, _quantile(totals, hi_q) + tools
        t_low = [_quantile([s[i] for s in samples], lo_q) for i in range(len(costs))]
        t_high = [_quantile([s[i] for s in samples], hi_q) for i in range(len(costs))]
    else:
        low = high = sum(per_turn) + tools
        t_low, t_high = list(per_turn), list(per_turn)
    model = sum(per_turn)
    return TaskProjection(task_id=out.task_id, deployment=timing.name, prefix_cache=cache, turns=len(costs),
                          solved=out.solved, model_s=model, tools_s=tools, total_s=model + tools,
                          low_s=min(low, model + tools), high_s=max(high, model + tools), per_turn_s=per_turn,
                          per_turn_low_s=t_low, per_turn_high_s=t_high)


def timing_from_outcome(out: AgentOutcome | Sequence[AgentOutcome], name: str, source: str = "") -> DeploymentTiming:
    """A deployment's timing measured by agentic runs on it: one point per turn with a TTFT. The prefix-cache
    state is ``warm`` when the server reported cached tokens on any turn after the first, ``cold`` when it
    reported none, ``unknown`` when it never said."""
    outs = [out] if isinstance(out, AgentOutcome) else list(out)
    turns: list[Turn] = [t for o in outs for t in o.turns if t.ttft_ms is not None and t.error is None
                         and t.prompt_tokens is not None and not t.tokens_estimated]
    if not turns:
        raise ValueError(f"no timed turns in {', '.join(o.task_id for o in outs) or 'no runs'}")
    said = [t.cached_tokens for t in turns if t.index > 1 and t.cached_tokens is not None]
    cache: CacheState = "unknown" if not said else ("warm" if any(said) else "cold")
    points = [TimingPoint(prompt_tokens=t.prompt_tokens or 0, cached_tokens=t.cached_tokens or 0,
                          completion_tokens=t.completion_tokens or 0, ttft_s=(t.ttft_ms or 0.0) / 1000.0,
                          decode_s=None if t.decode_ms is None else t.decode_ms / 1000.0) for t in turns]
    return DeploymentTiming(name=name, source=source, prefix_cache=cache, points=points)


class Disagreement(BaseModel):
    """A projection against a measured run of the same turns."""

    model_config = ConfigDict(extra="forbid")
    task_id: str
    measured_s: float
    projected_s: float
    low_s: float
    high_s: float
    ratio: float  # measured / projected
    agrees: bool  # the measured time is inside the interval, widened by ``tolerance``
    turns_off: list[int] = Field(default_factory=list)  # turns whose measured model time is outside theirs


def compare(measured: AgentOutcome, projection: TaskProjection, tolerance: float = 0.15) -> Disagreement:
    """Where the projection of ``measured``'s own turns and its measured wall time disagree."""
    m = measured.wall_s
    lo, hi = projection.low_s * (1 - tolerance), projection.high_s * (1 + tolerance)
    off = []
    for t, p_lo, p_hi in zip(measured.turns, projection.per_turn_low_s, projection.per_turn_high_s, strict=False):
        s = t.model_ms / 1000.0
        if not (p_lo * (1 - tolerance) - 0.05 <= s <= p_hi * (1 + tolerance) + 0.05):
            off.append(t.index)
    return Disagreement(task_id=measured.task_id, measured_s=m, projected_s=projection.total_s, low_s=lo,
                        high_s=hi, ratio=m / projection.total_s if projection.total_s else float("inf"),
                        agrees=lo <= m <= hi, turns_off=off)


class CrossoverRung(BaseModel):
    model_config = ConfigDict(extra="forbid")
    task_id: str
    few_turns: int | None  # turns of the model needing fewer turns (None: not run)
    fast_turns: int | None
    few: TaskProjection | None
    fast: TaskProjection | None
    winner: Literal["few", "fast", "overlap", "neither"]  # by interval; unsolved runs never win


class Crossover(BaseModel):
    model_config = ConfigDict(extra="forbid")
    few_name: str
    fast_name: str
    rungs: list[CrossoverRung]
    crossover: str | None  # the first rung from which the few-turns deployment wins every rung run


def _winner(a: TaskProjection | None, b: TaskProjection | None) -> Literal["few", "fast", "overlap", "neither"]:
    a_ok, b_ok = a is not None and a.solved, b is not None and b.solved
    if not a_ok and not b_ok:
        return "neither"
    if a_ok != b_ok:
        return "few" if a_ok else "fast"
    assert a is not None and b is not None
    if a.high_s < b.low_s:
        return "few"
    if b.high_s < a.low_s:
        return "fast"
    return "overlap"


def crossover(ladder: Sequence[str], few: dict[str, AgentOutcome], few_timing: DeploymentTiming,
              fast: dict[str, AgentOutcome], fast_timing: DeploymentTiming, *, seed: int = 0) -> Crossover:
    """Per rung (in ladder order): the few-turns model's run on its deployment vs the fast one's on its own."""
    rungs = []
    for tid in ladder:
        a = project(few[tid], few_timing, seed=seed) if tid in few else None
        b = project(fast[tid], fast_timing, seed=seed) if tid in fast else None
        rungs.append(CrossoverRung(task_id=tid, few_turns=a.turns if a else None, fast_turns=b.turns if b else None,
                                   few=a, fast=b, winner=_winner(a, b)))
    cross = None
    for i, r in enumerate(rungs):
        if all(x.winner == "few" for x in rungs[i:]) and any(x.winner != "few" for x in rungs[:i]):
            cross = r.task_id
            break
    if cross is None and rungs and all(r.winner == "few" for r in rungs):
        cross = rungs[0].task_id
    return Crossover(few_name=few_timing.name, fast_name=fast_timing.name, rungs=rungs, crossover=cross)
