"""The suite report of one run, its summary, and the exported run document. Built by ``stackeval.report``
(pure), rendered by its writers (terminal, Markdown, HTML, JSON); each loads back with
``model_validate_json``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from stackeval.records.bench import BenchDocument
from stackeval.records.budget_report import TruncationSection
from stackeval.records.run import RunInfo, Status
from stackeval.records.stack import StackProfile

REPORT_SCHEMA_VERSION = 1
RUN_DOCUMENT_SCHEMA_VERSION = 2  # 1: the stored docs were merged into the top level

__all__ = ["REPORT_SCHEMA_VERSION", "RUN_DOCUMENT_SCHEMA_VERSION", "ArmCost", "ArmsComparison", "CodingFailure",
           "Headline", "MathFailures", "PassAt1", "QualitySpeed", "Rate", "ResultRow", "RunDocument", "RunSummary",
           "SuiteReport", "SweepRef", "TestCounts", "TestTime", "TestTokens"]


class _R(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Rate(_R):
    """Pass counts of a group of results, with the Wilson 95% interval of the pass rate."""

    passed: int
    total: int
    rate: float | None
    low: float
    high: float
    failed: int = 0
    errors: int = 0
    timeouts: int = 0
    cut_off: int = 0  # failed because the token budget ran out (reasoning_exhausted or truncated)


class TestCounts(_R):
    __test__ = False
    test_id: str
    arm: str
    passed: int
    n: int


class PassAt1(_R):
    tests: int
    max_repeats: int
    mean: float | None
    low: float | None
    high: float | None
    unstable: list[TestCounts] = Field(default_factory=list)  # 0 < passed < n
    counts: list[TestCounts] = Field(default_factory=list)


class RunSummary(Rate):
    """Overall counts and the same per category, per tier and (with two or more arms) per arm."""

    wall_s: float = 0.0
    by_category: dict[str, Rate] = Field(default_factory=dict)
    by_tier: dict[str, Rate] = Field(default_factory=dict)
    by_arm: dict[str, Rate] = Field(default_factory=dict)


class Headline(_R):
    run_id: str
    kind: str = "suite"
    profile: str
    model: str
    endpoint: str
    engine: str
    engine_version: str | None = None
    overall: Rate
    tests_wall_s: float
    run_wall_s: float | None = None
    started_at: str
    finished_at: str | None = None
    status: str
    suite_hash: str


class CodingFailure(_R):
    test_id: str
    arm: str
    failure_class: str | None
    detail: str


class MathFailures(_R):
    format_mismatch: list[str] = Field(default_factory=list)  # right value, wrong format
    wrong_answer: list[str] = Field(default_factory=list)
    cut_off: list[str] = Field(default_factory=list)  # the budget ran out: neither a format nor a value failure


class TestTime(_R):
    __test__ = False
    test_id: str
    wall_s: float
    status: Status


class TestTokens(_R):
    __test__ = False
    test_id: str
    completion_tokens: int | None
    status: Status


class QualitySpeed(_R):
    category: str
    rate: float
    median_ttft_ms: float | None
    median_decode_tok_s: float | None
    median_wall_s: float | None
    mean_completion_tokens: float


class ArmCost(_R):
    passed: int
    total: int
    completion_tokens: int
    reasoning_chars: int
    thinking_ignored: int
    reasoning_tokens: int = 0
    answer_tokens: int = 0
    cut_off: int = 0


class ArmsComparison(_R):
    a: str
    b: str
    pass_a_fail_b: list[str] = Field(default_factory=list)
    pass_b_fail_a: list[str] = Field(default_factory=list)
    cost: dict[str, ArmCost] = Field(default_factory=dict)


class SweepRef(_R):
    sweep_id: str | None = None
    name: str | None = None


class SuiteReport(_R):
    """The report of one run: every section, already computed. A bench run carries its bench document."""

    schema_version: int = REPORT_SCHEMA_VERSION
    headline: Headline
    by_category: dict[str, Rate] = Field(default_factory=dict)
    by_tier: dict[str, Rate] = Field(default_factory=dict)
    coding_failures: list[CodingFailure] = Field(default_factory=list)
    math_failures: MathFailures = Field(default_factory=MathFailures)
    failure_classes: dict[str, int] = Field(default_factory=dict)
    flags: dict[str, int] = Field(default_factory=dict)
    slowest: list[TestTime] = Field(default_factory=list)
    most_tokens: list[TestTokens] = Field(default_factory=list)
    quality_speed: list[QualitySpeed] = Field(default_factory=list)
    pass_at_1: PassAt1 | None = None
    arms: ArmsComparison | None = None
    sweep: SweepRef | None = None
    bench: BenchDocument | None = None
    truncation: TruncationSection | None = None  # budgets, cut-off answers, interval method, thinking effects


class ResultRow(_R):
    """One result as exported (JSON and CSV)."""

    test_id: str
    category: str
    tier: str
    arm: str
    repeat: int
    attempt: int
    status: Status
    failure_class: str | None
    flags: list[str]
    wall_s: float
    ttft_ms: float | None
    decode_tok_s: float | None
    prompt_tokens: int | None
    completion_tokens: int | None
    finish_reason: str | None
    detail: str
    max_tokens: int | None = None
    reasoning_tokens: int | None = None
    answer_tokens: int | None = None


class RunDocument(_R):
    """A whole run as exported by ``stackeval export``: what was run, on what stack, every result."""

    schema_version: int = RUN_DOCUMENT_SCHEMA_VERSION
    run: RunInfo
    stack: StackProfile
    summary: RunSummary
    results: list[ResultRow] = Field(default_factory=list)
    docs: dict[str, Any] = Field(default_factory=dict)  # the run's stored documents (bench, sweep, agentic...)
