"""Sweep recipes (YAML) and the sweep records persisted in the store.

A sweep recipe *is* a recipe (``Recipe``: engine, model, serve, hardware, ...) whose ``serve.command`` is a
template, plus what varies and what runs at each point::

    name: draft-k
    engine: llamacpp
    serve:
      command: "${llama_server} -m ${local_model} --host ${host} --port ${port} -md ${local_model}"
    params: {--spec-type: draft-simple}          # the base configuration
    matrix: {--spec-draft-n-max: [2, 4, 8]}       # the factors and their levels
    design: one-at-a-time                         # or factorial
    points: [{name: broken, params: {--spec-type: not-a-type}, expect: fail}]
    workloads:
      - {kind: bench, output_tokens: 32, concurrency: [1, 2], runs: 2}
      - {kind: suite, profile: smoke}

Parameter names say where a value goes: ``${name}`` placeholders in the command (a plain identifier),
a command-line flag appended to the command (a name starting with ``-``; ``true`` = the bare flag,
``false``/``null`` = left out), or an environment variable (``env.NAME``).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from stackeval.records.perf import StartupInfo
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunInfo, TestResult
from stackeval.records.stack import StackProfile

SWEEP_SCHEMA_VERSION = 1
Scalar = str | int | float | bool | None
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
FLAG = re.compile(r"^--?[A-Za-z0-9][A-Za-z0-9_.-]*$")
ENVKEY = re.compile(r"^env\.[A-Za-z_][A-Za-z0-9_]*$")
PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
BUILTINS = ("host", "port", "python", "local_model", "llama_server", "sweep_name", "point_name", "point_index")
K_PARAM_NAMES = ("k", "num_speculative_tokens", "speculative_num_draft_tokens", "--spec-draft-n-max",
                 "--spec-ngram-mod-n-max", "--num-speculative-tokens", "--speculative-num-draft-tokens", "spec_k")

PointStatus = Literal["pending", "running", "complete", "failed_to_start", "crashed", "interrupted", "error"]
TERMINAL = ("complete", "failed_to_start", "crashed")


class _Rec(BaseModel):
    model_config = ConfigDict(extra="forbid")


def param_kind(name: str) -> Literal["template", "flag", "env"]:
    if IDENT.match(name):
        return "template"
    if FLAG.match(name):
        return "flag"
    if ENVKEY.match(name):
        return "env"
    raise ValueError(f"parameter name {name!r} is not an identifier, a -flag or env.NAME")


class LaunchSpec(_Rec):
    """How each point's server is started, checked and stopped."""

    host: str = "127.0.0.1"  # loopback unless the recipe says otherwise
    port: int | None = None  # None: a free port per point
    health_path: str = "/health"
    health_timeout_s: float = Field(180.0, gt=0)
    poll_interval_s: float = Field(0.25, gt=0)
    stop_grace_s: float = Field(10.0, ge=0)
    cwd: str | None = None
    max_parallel: int = Field(1, ge=1, le=16)  # points at a time; 1 = measurements do not interfere
    log_dir: str | None = None  # default: <db name>.logs/ beside the store


class BenchWorkload(_Rec):
    kind: Literal["bench"]
    label: str | None = None
    output_tokens: int = Field(256, ge=2)
    input_words: int = Field(64, ge=1)
    runs: int = Field(3, ge=1)
    concurrency: list[int] = Field(default_factory=lambda: [8])
    requests_per_level: int | None = Field(None, ge=1)
    rate: float | None = Field(None, gt=0)
    single_stream: bool = True
    repeats: int = Field(1, ge=1, le=100)  # one stored bench run per repeat

    @field_validator("concurrency")
    @classmethod
    def _levels(cls, v: list[int]) -> list[int]:
        if not v or any(c < 1 for c in v):
            raise ValueError("concurrency takes a non-empty list of positive integers")
        return v

    def title(self) -> str:
        return self.label or f"bench n={self.output_tokens} c={','.join(map(str, self.concurrency))}"


class SuiteWorkload(_Rec):
    kind: Literal["suite"]
    label: str | None = None
    profile: str
    only: list[str] = Field(default_factory=list)
    concurrency: int = Field(4, ge=1, le=1024)
    thinking: Literal["default", "off", "on", "both"] = "default"
    repeats: int = Field(1, ge=1, le=100)  # repeats inside the one run (RunSpec.repeats)
    timeouts: dict[str, float] = Field(default_factory=lambda: {"total": 900.0, "read": 120.0, "connect": 10.0})

    def title(self) -> str:
        return self.label or f"suite {self.profile}"


Workload = Annotated[BenchWorkload | SuiteWorkload, Field(discriminator="kind")]


class ExplicitPoint(_Rec):
    """A point named by hand (e.g. one expected to fail), on top of the base configuration."""

    name: str
    params: dict[str, Scalar] = Field(default_factory=dict)
    expect: Literal["start", "fail"] | None = None


class AdvisorSpec(_Rec):
    """CUDA-graph padding advisor: which parameter is the speculative K, and the batch it is judged at."""

    k_param: str | None = None  # default: the first known K-like parameter in the matrix
    batch: int = Field(1, ge=1)
    capture_sizes: list[int] | None = None  # when the startup log does not print them


class SweepRecipe(Recipe):
    """A recipe with a serve-command template, a base configuration, a matrix and workloads."""

    schema_version: int = SWEEP_SCHEMA_VERSION
    params: dict[str, Scalar] = Field(default_factory=dict)
    matrix: dict[str, list[Scalar]] = Field(default_factory=dict)
    design: Literal["one-at-a-time", "factorial"] = "one-at-a-time"
    points: list[ExplicitPoint] = Field(default_factory=list)
    workloads: list[Workload] = Field(default_factory=list)
    launch: LaunchSpec = Field(default_factory=LaunchSpec)
    advisor: AdvisorSpec = Field(default_factory=AdvisorSpec)

    @model_validator(mode="after")
    def _check(self) -> SweepRecipe:
        if not self.name:
            raise ValueError("a sweep needs a name")
        cmd = self.serve.command
        if not cmd or not cmd.strip():
            raise ValueError("serve.command (the command template) is required")
        if not self.workloads:
            raise ValueError("workloads: at least one bench or suite workload is required")
        for k, levels in self.matrix.items():
            if not levels:
                raise ValueError(f"matrix.{k}: needs at least one level")
            if len({json.dumps(v) for v in levels}) != len(levels):
                raise ValueError(f"matrix.{k}: levels repeat")
        names = [*self.params, *self.matrix, *(k for p in self.points for k in p.params)]
        used = set(PLACEHOLDER.findall(cmd)) | {n for v in self.serve.env.values() for n in PLACEHOLDER.findall(v)}
        for n in names:
            kind = param_kind(n)
            if kind == "template" and n in BUILTINS:
                raise ValueError(f"parameter {n!r} shadows a built-in placeholder")
            if kind == "template" and n not in used:
                raise ValueError(f"parameter {n!r} is not used as ${{{n}}} in serve.command or serve.env")
        known = set(BUILTINS) | {n for n in names if IDENT.match(n)}
        unknown = sorted(used - known)
        if unknown:
            raise ValueError(f"serve.command uses unknown placeholders: {', '.join('${' + u + '}' for u in unknown)}")
        if "port" not in used and self.launch.port is None:
            raise ValueError("serve.command must take ${port} (each point gets a free port) or launch.port must be set")
        if "host" not in used:
            raise ValueError("serve.command must bind to ${host} (launch.host, 127.0.0.1 by default)")
        if len({p.name for p in self.points}) != len(self.points):
            raise ValueError("points: names repeat")
        return self

    def base_recipe(self) -> Recipe:
        return Recipe.model_validate(self.model_dump(include=set(Recipe.model_fields)))

    def recipe_hash(self) -> str:
        return hashlib.sha256(self.model_dump_json().encode()).hexdigest()[:16]


class SweepPoint(_Rec):
    """One planned point: the full parameter set and what differs from the base."""

    index: int
    name: str
    params: dict[str, Scalar]
    varied: dict[str, Scalar] = Field(default_factory=dict)
    expect: Literal["start", "fail"] | None = None
    key: str  # canonical hash of params: the identity used when a sweep resumes


class WorkloadRecord(_Rec):
    workload: int  # index in recipe.workloads
    kind: Literal["bench", "suite"]
    label: str
    repeat: int = 0
    run_id: str | None = None
    status: str = "pending"  # pending | running | complete | interrupted | error
    error: str | None = None


class SweepPointRecord(_Rec):
    """What happened at a point, as stored (updated as the point progresses)."""

    schema_version: int = SWEEP_SCHEMA_VERSION
    point: SweepPoint
    status: PointStatus = "pending"
    reason: str | None = None  # first fatal log line when the server failed to start or died
    argv: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)  # only the variables the recipe sets
    endpoint: str | None = None
    log_path: str | None = None
    exit_code: int | None = None
    ready_s: float | None = None
    stopped: str | None = None  # terminated | killed | exited
    startup: StartupInfo | None = None
    workloads: list[WorkloadRecord] = Field(default_factory=list)
    started_at: str | None = None
    finished_at: str | None = None
    attempts: int = 0


class SweepInfo(_Rec):
    id: str
    name: str
    created_at: str
    finished_at: str | None = None
    status: str  # running | complete | interrupted
    recipe_path: str | None = None
    recipe_hash: str
    recipe: SweepRecipe


# --------------------------------------------------------------------------- comparison inputs


class RunData(_Rec):
    """One stored run as the comparison reads it."""

    info: RunInfo
    stack: StackProfile
    results: list[TestResult] = Field(default_factory=list)
    docs: dict[str, Any] = Field(default_factory=dict)


class ColumnInput(_Rec):
    """One column of a comparison: a run, or a sweep point with every run it produced."""

    label: str
    runs: list[RunData] = Field(default_factory=list)
    point: SweepPointRecord | None = None
    settings: dict[str, Scalar] | None = None  # a point without runs: the stack keys its recipe gives


class SweepContext(_Rec):
    sweep_id: str
    name: str
    design: str
    k_param: str | None = None
    batch: int = 1
    capture_sizes: list[int] | None = None  # the recipe's override of the startup log
