"""The comparison document: columns (runs or sweep points), the stack variables that differ, pairwise
tests against the first column, the noise floor and the sweep view. Built by ``stackeval.report.compare``;
a stored or exported comparison loads back with ``Comparison.model_validate_json``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from stackeval.records.perf import CudagraphCheck
from stackeval.records.report import PassAt1, Rate, TestCounts
from stackeval.records.resources import MemoryComparison
from stackeval.records.stack import Scalar

COMPARE_SCHEMA_VERSION = 1

__all__ = ["COMPARE_SCHEMA_VERSION", "ColumnSummary", "Comparison", "Flip", "McNemar", "NoiseFloor", "NoisePair",
           "PairComparison", "PassAt1", "Rate", "SpecSummary", "SpeedDelta", "SpeedStat", "SweepPointView", "SweepView",
           "TestCounts", "VariableRow", "Variables"]  # PassAt1, Rate, TestCounts: from records.report


class _R(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SpeedStat(_R):
    metric: str
    unit: str
    higher_is_better: bool
    n: int
    mean: float
    low: float | None = None
    high: float | None = None
    values: list[float] = Field(default_factory=list)


class SpecSummary(_R):
    acceptance_rate: float | None = None
    mean_accepted_length: float | None = None
    per_position: list[float] = Field(default_factory=list)
    k: int | None = None
    source: str | None = None


class ColumnSummary(_R):
    label: str
    run_ids: list[str]
    kinds: list[str]
    status: str  # complete | failed_to_start | crashed | interrupted | running | ...
    reason: str | None = None
    model: str | None = None
    engine: str | None = None
    engine_version: str | None = None
    fingerprints: list[str] = Field(default_factory=list)
    overall: Rate | None = None
    by_category: dict[str, Rate] = Field(default_factory=dict)
    by_tier: dict[str, Rate] = Field(default_factory=dict)
    errors: int = 0
    timeouts: int = 0
    speed: dict[str, SpeedStat] = Field(default_factory=dict)
    spec: SpecSummary | None = None
    pass_at_1: PassAt1 | None = None
    params: dict[str, Scalar] = Field(default_factory=dict)


class VariableRow(_R):
    key: str
    values: list[Scalar | list[str] | None]


class Variables(_R):
    labels: list[str]
    differ: list[VariableRow] = Field(default_factory=list)
    equal: dict[str, Scalar | list[str] | None] = Field(default_factory=dict)
    only_some: list[str] = Field(default_factory=list)  # keys present in some columns only (listed in differ)


class McNemar(_R):
    scope: str
    units: int
    a_only: int  # pass in A, fail in B
    b_only: int  # pass in B, fail in A
    p_value: float
    significant: bool


class Flip(_R):
    test_id: str
    arm: str
    a: str  # "passed/n"
    b: str


class SpeedDelta(_R):
    metric: str
    unit: str
    a_mean: float
    b_mean: float
    delta: float
    relative: float | None
    low: float | None
    high: float | None
    n_a: int
    n_b: int
    verdict: str  # faster | slower | within noise | no interval (no repeats)


class NoisePair(_R):
    source: str
    units: int
    a_only: int
    b_only: int


class NoiseFloor(_R):
    pairs: list[NoisePair]
    mean_rate: float
    max_rate: float
    max_net: int


class PairComparison(_R):
    a: str
    b: str
    same_stack: bool
    overall: McNemar | None = None
    by_category: list[McNemar] = Field(default_factory=list)
    a_better: list[Flip] = Field(default_factory=list)
    b_better: list[Flip] = Field(default_factory=list)
    speed: list[SpeedDelta] = Field(default_factory=list)
    verdict: str = ""  # significantly worse | significantly better | not significantly different | no common tests
    summary: str = ""


class SweepPointView(_R):
    index: int
    name: str
    label: str
    varied: dict[str, Scalar] = Field(default_factory=dict)
    status: str
    reason: str | None = None
    expect: str | None = None
    ready_s: float | None = None
    k: int | None = None
    decode_tok_s: SpeedStat | None = None
    output_tok_s: SpeedStat | None = None
    spec: SpecSummary | None = None
    cudagraph: CudagraphCheck | None = None
    padded: bool | None = None  # True: K+1 is not a capture size


class SweepView(_R):
    sweep_id: str
    name: str
    design: str
    k_param: str | None = None
    capture_sizes: list[int] | None = None
    recommendation: str = ""
    points: list[SweepPointView] = Field(default_factory=list)


class Comparison(_R):
    schema_version: int = COMPARE_SCHEMA_VERSION
    columns: list[ColumnSummary]
    variables: Variables
    pairs: list[PairComparison] = Field(default_factory=list)
    noise: NoiseFloor | None = None
    noise_note: str = ""
    sweep: SweepView | None = None
    memory: MemoryComparison | None = None  # the resource sampler's memory per column and deltas (report.resources)
