"""Attribution experiments (``stackeval attribute A B``): the plan, the measured data per design point, and the
report document. The experiment itself runs as sweeps (``records.sweep``); these records say what the sweeps
are for and what they found."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from stackeval.records.sweep import BenchWorkload, Scalar

ATTRIBUTION_SCHEMA_VERSION = 1
Level = Literal["A", "B"]
VariableKind = Literal["flag", "template_file", "env", "program", "sampling", "engine_version", "other"]


class _Rec(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Variable(_Rec):
    """One stack variable whose value differs between A and B."""

    name: str  # the sweep parameter: --flag, env.NAME, se_program; or the recipe key when not launchable
    kind: VariableKind
    a: Scalar = None  # None: absent
    b: Scalar = None
    launchable: bool = True
    note: str = ""
    # several parameters varied as one variable (``--together -ctk,-ctv``): each one's value in A and in B
    members: dict[str, list[Scalar]] = Field(default_factory=dict)

    def params(self, level: Level) -> dict[str, Scalar]:
        """The sweep parameters this variable sets at ``level``."""
        if self.members:
            return {k: v[0 if level == "A" else 1] for k, v in self.members.items()}
        return {self.name: self.a if level == "A" else self.b}


class DesignPoint(_Rec):
    label: str
    role: Literal["A", "B", "step", "cell"]
    levels: dict[str, Level]  # per launchable variable
    params: dict[str, Scalar] = Field(default_factory=dict)  # the point's full parameter set


class PlanCost(_Rec):
    servers: int
    requests: int
    screen_servers: int = 0
    screen_requests: int = 0
    note: str = ""


class AttributionPlan(_Rec):
    schema_version: int = ATTRIBUTION_SCHEMA_VERSION
    id: str  # at-<hash of both ends and the options>: the sweeps are named <id>-screen, <id>-design, <id>-floor
    a_label: str
    b_label: str
    variables: list[Variable]
    design: Literal["one-at-a-time", "factorial"]
    points: list[DesignPoint]
    command: str  # the serve-command template shared by every point
    profile: str | None = None
    only: list[str] = Field(default_factory=list)
    repeats: int = 3
    concurrency: int = 4
    control: int = 8
    seed: int = 1234
    bench: BenchWorkload | None = None
    screen: bool = False  # the ends are recipes: a screening sweep runs A and B on the profile first
    selected: list[str] = Field(default_factory=list)  # flipped + control, once known
    flipped: list[str] = Field(default_factory=list)
    controls: list[str] = Field(default_factory=list)
    cost: PlanCost | None = None


class PointData(_Rec):
    """What one design point (or one noise-floor measurement) produced."""

    label: str
    levels: dict[str, Level] = Field(default_factory=dict)
    status: str = "complete"
    verdicts: dict[str, list[bool]] = Field(default_factory=dict)  # test -> pass per repeat
    decode_tok_s: list[float] = Field(default_factory=list)  # per request
    ttft_ms: list[float] = Field(default_factory=list)
    run_ids: list[str] = Field(default_factory=list)


# --------------------------------------------------------------------------- the report


class Flip(_Rec):
    test_id: str
    direction: Literal["fail->pass", "pass->fail"]
    before: str  # passes/repeats, e.g. "0/3"
    after: str
    in_noise: bool = False  # the test also flipped in a noise-floor measurement


class PassDelta(_Rec):
    n: int  # paired units (test x repeat)
    only_before: int  # b: units passing only before
    only_after: int  # c
    rate_before: float
    rate_after: float
    delta: float
    low: float
    high: float
    p: float  # exact McNemar


class MetricDelta(_Rec):
    metric: Literal["decode_tok_s", "ttft_ms"]
    n_before: int
    n_after: int
    before: float | None = None
    after: float | None = None
    delta: float | None = None
    low: float | None = None  # Welch 95 %; for a variable's step, widened by the server-to-server variation
    high: float | None = None
    rel: float | None = None  # delta / before


class Contrast(_Rec):
    """One point against another: flips, pass rate, speed."""

    label: str
    before: str
    after: str
    flips: list[Flip] = Field(default_factory=list)
    unstable: list[str] = Field(default_factory=list)  # tests whose repeats disagree at either point
    pass_delta: PassDelta | None = None
    decode: MetricDelta | None = None
    ttft: MetricDelta | None = None


class NoiseFloor(_Rec):
    rerun: Contrast | None = None  # the same stack, a second server, same concurrency
    again: Contrast | None = None  # the same stack at the end of the design (drift over the experiment)
    concurrency: Contrast | None = None  # the same server at concurrency 1 vs the run's concurrency
    control_flips: int = 0  # control tests (same verdict in A and B at selection) that flip A -> B here
    control_n: int = 0
    max_flips: int = 0  # the most tests any floor measurement flipped
    decode_rel: float | None = None  # the largest |relative change| the same-stack intervals allow
    ttft_rel: float | None = None
    servers: int = 0  # servers of A's stack measured (design start, design end, floor)
    decode_between_sd: float | None = None  # server-to-server SD of mean decode tok/s (method of moments)
    ttft_between_sd: float | None = None


Verdict = Literal["effect", "noise", "n/a"]


class Effect(_Rec):
    """One variable's effect (the step from A that changes only it; in a factorial, also its main effect)."""

    variable: Variable
    step: Contrast | None = None
    main_pass: Estimate | None = None  # factorial: averaged over the other variables' levels
    main_decode: Estimate | None = None
    quality: Verdict = "n/a"
    speed: Verdict = "n/a"
    ttft: Verdict = "n/a"
    share_pass: float | None = None  # step delta / A->B delta
    share_decode: float | None = None
    summary: str = ""


class Estimate(_Rec):
    estimate: float
    low: float | None = None
    high: float | None = None
    p: float | None = None
    n: int = 0


class Interaction(_Rec):
    variables: list[str]
    pass_rate: Estimate | None = None  # per-unit contrast y11 - y10 - y01 + y00, averaged over the others
    decode: Estimate | None = None
    quality: Verdict = "n/a"
    speed: Verdict = "n/a"
    summary: str = ""


class AttributionReport(_Rec):
    schema_version: int = ATTRIBUTION_SCHEMA_VERSION
    plan: AttributionPlan
    total: Contrast | None = None  # A -> B
    floor: NoiseFloor = Field(default_factory=NoiseFloor)
    effects: list[Effect] = Field(default_factory=list)
    interactions: list[Interaction] = Field(default_factory=list)
    points: list[str] = Field(default_factory=list)  # "label: status" of every design point
    notes: list[str] = Field(default_factory=list)


Effect.model_rebuild()
