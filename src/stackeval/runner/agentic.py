"""Run the agentic tasks against an endpoint: one tool loop per task and thinking arm, each in a fresh
workspace under its guard, one stored result per completed run (so a killed run keeps every finished task
and resumes with the rest).

What is stored for a task+arm:

- a ``TestResult`` (category ``agentic``, tier = the task kind, test id = the task id): ``pass`` when the
  task was solved; otherwise ``fail`` with what ended the run as ``failure_class`` (``max_turns``,
  ``time_limit``, ``final_answer``, ``wrong_location``, ``tests_changed``, ``truncated``,
  ``context_exceeded`` from the server, ``context_exhausted`` when the task's own context budget could not
  hold the conversation), or ``error`` / ``timeout`` with the client's label (``http_500``, ``connection``,
  ``timeout``...) when a model request failed;
- every turn's request and response, in order, with the result;
- the ``AgentOutcome`` (turns, tool calls, files, tokens, wall time) as the run doc ``agentic.<task>.<arm>``,
  written before the result, so a result in the store always has its doc.

Tasks run one after another: the wall time of a task is then its own, not shared with a neighbour's.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stackeval.agentic.loop import Guard, run_agent
from stackeval.agentic.manual import ManualModel
from stackeval.agentic.records import AgenticDoc, AgentOutcome, AgentTask, ModelReply
from stackeval.agentic.repair import RepairWorkspace
from stackeval.agentic.tasks import TASKS_DIR, list_tasks, load_task, make_toolset, task_files
from stackeval.agentic.timing import (
    Crossover,
    DeploymentTiming,
    TimingPoint,
    crossover,
    infer_warm,
    timing_from_outcome,
)
from stackeval.client.http import Client
from stackeval.errors import ProfileNotFound, UserError
from stackeval.records.execution import Executor
from stackeval.records.recipe import Recipe
from stackeval.records.request import ChatRequest, ChatResult
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.runner.agentic_results import (
    AGENTIC_DOC_SCHEMA,
    agent_doc,
    agent_result,
    context_exceeded,
    doc_name,
)
from stackeval.runner.lifecycle import check_unchanged, choose_model, open_run, stored_run
from stackeval.runner.session import client_options
from stackeval.runner.thinking import arms_for, mapping_for, thinking_fields
from stackeval.stack.discover import discover
from stackeval.store.db import Store

__all__ = [
    "AGENTIC_DOC_SCHEMA",
    "DEFAULT_MAX_TOKENS",
    "LADDER",
    "AgentUnit",
    "AgenticRunOutcome",
    "RecordingModel",
    "agent_doc",
    "agent_result",
    "context_exceeded",
    "doc_name",
    "execute_agentic",
    "plan_agentic",
    "request_body",
    "run_agentic_units",
    "run_manual",
    "load_timing",
    "probe_lengths",
    "read_run_json",
    "probe_timing",
    "run_timing",
    "versus",
    "select_tasks",
    "tasks_hash",
]

DEFAULT_MAX_TOKENS = 4096  # per turn: a repair turn may write whole files
LADDER = ("ledger_s", "parcels_m", "rail_l", "payroll_xl")  # the repair ladder, small to large (docs/agentic-calibration.md)
DEFAULT_REPAIR = "inventory"  # the quick repair task run by default
PROFILE = "agentic"

Progress = Callable[[TestResult, AgentOutcome], None]
OnRequest = Callable[[str, str, int, ChatResult], None]  # task id, arm, turn (1-based), response


# ---- selection and identity (pure apart from reading the task data) ------------------------------------
def default_tasks() -> list[str]:
    """Without ``--task``/``--ladder``: every filesystem task and the quick repair task."""
    return [*list_tasks("fs"), DEFAULT_REPAIR]


def select_tasks(names: list[str], ladder: bool) -> list[str]:
    """The task ids to run, in a stable order: filesystem tasks, then the repair ladder by size."""
    known = list_tasks()
    chosen: list[str] = list(names)
    if ladder:
        chosen += list(LADDER)
    if not chosen:
        chosen = default_tasks()
    unknown = [n for n in chosen if n not in known]
    if unknown:
        raise ProfileNotFound(f"unknown agentic task {unknown[0]!r} (known: {', '.join(known)})")
    order: dict[str, int] = {}
    for t in [*list_tasks("fs"), DEFAULT_REPAIR, *LADDER, *known]:
        order.setdefault(t, len(order))
    return sorted(dict.fromkeys(chosen), key=lambda t: order[t])


def tasks_hash(task_ids: list[str]) -> str:
    """SHA-256 (16 hex digits) over the selected tasks' definitions, files and reference fixes."""
    h = hashlib.sha256()
    for tid in sorted(task_ids):
        task = load_task(tid)
        h.update(task.model_dump_json().encode())
        for path, text in sorted(task_files(task).items()):
            h.update(f"\0{path}\0{text}".encode())
        fixes = TASKS_DIR / tid / "fixes.yaml"
        if fixes.is_file():
            h.update(fixes.read_bytes())
    return h.hexdigest()[:16]


def guard_params(spec: RunSpec) -> dict[str, Any]:
    return dict(spec.defaults.get("guard") or {})


def make_guard(task: AgentTask, spec: RunSpec, clock: Callable[[], float] = time.monotonic) -> Guard:
    """The task's own limits, with the run's overrides."""
    g = guard_params(spec)
    return Guard(max_turns=int(g.get("max_turns") or task.limits.max_turns),
                 time_limit_s=float(g.get("time_limit_s") or task.limits.time_limit_s), clock=clock)


# ---- the model ----------------------------------------------------------------------------------------
def request_body(spec: RunSpec, engine: str, arm: str, messages: list[dict[str, Any]],
                 tools: list[dict[str, Any]]) -> dict[str, Any]:
    """The body of one turn's request. Pure."""
    d = spec.defaults
    body: dict[str, Any] = {"model": spec.model, "messages": messages, "tools": tools,
                            "temperature": d.get("temperature", 0.0),
                            "max_tokens": d.get("max_tokens", DEFAULT_MAX_TOKENS), "seed": spec.seed}
    body.update(thinking_fields(engine, arm))
    return body


class RecordingModel:
    """A ``ModelFn`` over the real client that keeps every turn's request and response in ``pairs``."""

    def __init__(self, client: Client, spec: RunSpec, engine: str, arm: str,
                 on_response: Callable[[int, ChatResult], None] | None = None) -> None:
        self.client, self.spec, self.engine, self.arm = client, spec, engine, arm
        self.on_response = on_response
        self.pairs: list[tuple[ChatRequest, ChatResult]] = []

    async def __call__(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> ModelReply:
        req = ChatRequest(body=request_body(self.spec, self.engine, self.arm, messages, tools), stream=self.spec.stream)
        res = await self.client.chat(req)
        self.pairs.append((req, res))
        if self.on_response:
            self.on_response(len(self.pairs), res)
        return ModelReply.from_chat(res)


# ---- running ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AgentUnit:
    task_id: str
    arm: str
    attempt: int = 1


def plan_agentic(spec: RunSpec, done: dict[tuple[str, str, int], TestResult],
                 retry_errors: bool = False) -> list[AgentUnit]:
    """Task+arm runs with no stored result (and, with retry_errors, those that errored)."""
    units: list[AgentUnit] = []
    for tid in spec.only:
        for arm in arms_for(spec.thinking):
            prev = done.get((tid, arm, 0))
            if prev is None:
                units.append(AgentUnit(tid, arm))
            elif retry_errors and prev.status in ("error", "timeout"):
                units.append(AgentUnit(tid, arm, prev.attempt + 1))
    return units


async def run_agentic_units(
    client: Client, store: Store, run_id: str, spec: RunSpec, engine: str, units: list[AgentUnit],
    executor: Executor | None, progress: Progress | None = None, on_request: OnRequest | None = None,
    clock: Callable[[], float] = time.monotonic, tools_supported: bool | None = None,
) -> list[TestResult]:
    out: list[TestResult] = []
    for u in units:
        task = load_task(u.task_id)
        guard = make_guard(task, spec, clock)
        cb = (lambda n, res, u=u: on_request(u.task_id, u.arm, n, res)) if on_request else None
        model = RecordingModel(client, spec, engine, u.arm, cb)
        tools = make_toolset(task, executor)
        try:
            outcome = await run_agent(task, model, tools, guard)
        finally:
            if isinstance(tools, RepairWorkspace):
                tools.close()
        tr = agent_result(task, u.arm, outcome, model.pairs, u.attempt, tools_supported)
        store.put_doc(run_id, doc_name(task.id, u.arm), agent_doc(task, u.arm, outcome, tr, guard))
        store.put_result(run_id, tr, model.pairs)
        out.append(tr)
        if progress:
            progress(tr, outcome)
    return out


@dataclass
class AgenticRunOutcome:
    run_id: str
    results: list[TestResult]
    docs: dict[str, Any]  # the run's agentic docs by name
    new_results: int
    stack: StackProfile
    resumed: bool
    spec: RunSpec


async def execute_agentic(
    *, db_path: Path, endpoint: str | None, model: str | None = None, api_key: str | None = None,
    api_key_env: str | None = None, recipe: Recipe | None = None, recipe_path: str | None = None,
    tasks: list[str] | None = None, ladder: bool = False, thinking: str = "off", max_turns: int | None = None,
    time_limit_s: float | None = None, max_tokens: int = DEFAULT_MAX_TOKENS, stream: bool = True,
    resume: str | None = None, force: bool = False, retry_errors: bool = False, executor: Executor | None = None,
    timeouts: dict[str, float] | None = None, progress: Progress | None = None,
    on_request: OnRequest | None = None, on_start: Callable[[str, int], None] | None = None,
) -> AgenticRunOutcome:
    """Validate, discover the stack, create or resume the run, run the tasks, finish. Inputs are checked
    before the store is touched, so bad input leaves the DB as it was."""
    timeouts = dict(timeouts or {})
    stored = stored_run(db_path, resume, kind="agentic") if resume else None
    if stored is not None:
        endpoint = endpoint or stored.spec.endpoint
        ids = list(stored.spec.only)
    else:
        ids = select_tasks(list(tasks or []), ladder)
    if not endpoint:
        raise UserError("--endpoint is required")
    if thinking not in ("default", "off", "on", "both"):
        raise UserError(f"--thinking must be off, on, both or default, not {thinking!r}")
    loaded = [load_task(t) for t in ids]
    if executor is None and any(t.kind == "repair" for t in loaded):
        raise UserError("repair tasks need a sandbox executor")
    th = tasks_hash(ids)
    if stored is not None:
        check_unchanged("agentic tasks", stored.run_id, "hash", stored.content_hash, th, force)

    async with Client(client_options(endpoint, api_key, timeouts)) as client:
        stack = await discover(client, endpoint, recipe)
        if stored is not None:
            spec = stored.spec
            check_unchanged("stack", stored.run_id, "fingerprint", stored.fingerprint, stack.fingerprint, force)
        else:
            guard = {k: v for k, v in (("max_turns", max_turns), ("time_limit_s", time_limit_s)) if v is not None}
            spec = RunSpec(
                kind="agentic", endpoint=endpoint, model=choose_model(model, stack, endpoint), profile=PROFILE,
                only=ids, concurrency=1, thinking=thinking, stream=stream,  # type: ignore[arg-type]
                defaults={"temperature": 0.0, "max_tokens": max_tokens, "guard": guard},
                thinking_mapping=mapping_for(stack.engine, arms_for(thinking)), api_key_env=api_key_env,
                recipe_path=recipe_path, timeouts=timeouts,
            )
        with open_run(db_path, spec, stack, th, stored.run_id if stored else None) as (store, run_id):
            units = plan_agentic(spec, store.done_keys(run_id), retry_errors)
            if on_start:
                on_start(run_id, len(units))
            caps = stack.settings.get("props.chat_template_caps.supports_tools")
            new = await run_agentic_units(client, store, run_id, spec, stack.engine, units, executor,
                                          progress, on_request, tools_supported=caps if isinstance(caps, bool) else None)
            results = list(store.latest_results(run_id))
            docs = {k: v for k, v in store.docs(run_id).items() if k.startswith("agentic.")}
    return AgenticRunOutcome(run_id, results, docs, len(new), stack, stored is not None, spec)


async def run_manual(task_id: str, directory: Path, executor: Executor | None, *, timeout_s: float = 1800.0,
                     max_turns: int | None = None, poll_s: float = 0.25) -> AgentOutcome:
    """One task played by an outside agent through ``directory`` (``agentic.manual.ManualModel``; the protocol
    is in docs/agentic-calibration.md). Nothing is stored in a DB: the outcome goes to
    ``directory/outcome.json`` with the task's guard, written when the run ends."""
    task = load_task(task_id)
    # no wall-clock limit: a player thinks at its own pace; each turn is bounded by ``timeout_s`` instead
    guard = Guard(max_turns=max_turns or task.limits.max_turns, time_limit_s=math.inf)
    model = ManualModel(directory, timeout_s=timeout_s, poll_s=poll_s)
    tools = make_toolset(task, executor)
    try:
        outcome = await run_agent(task, model, tools, guard)
    finally:
        if isinstance(tools, RepairWorkspace):
            tools.close()
    doc = {"schema_version": AGENTIC_DOC_SCHEMA, "task_id": task.id, "kind": task.kind, "title": task.title,
           "manual": True, "turns": outcome.n_turns, "response_errors": model.errors,
           "guard": {"max_turns": guard.max_turns, "time_limit_s": None, "context_tokens": task.limits.context_tokens},
           "elided_results": outcome.elided_results, "peak_context_tokens": outcome.peak_context_tokens, "outcome": outcome.model_dump(mode="json")}
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "outcome.json").write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return outcome


# ---- time to solve: timing files and a second run to compare with ----------------------------------------
def load_timing(path: Path) -> DeploymentTiming:
    """A deployment timing file (``--save-timing`` writes one); bad input is a ``UserError``."""
    try:
        return DeploymentTiming.model_validate_json(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror or e}") from e
    except ValueError as e:
        raise UserError(f"{path}: not a deployment timing file ({str(e).splitlines()[0]})") from e


def _repair_docs(docs: dict[str, Any]) -> list[AgenticDoc]:
    """Every repair task run among a run's docs (each arm, each attempt of manual play), by doc name."""
    got = [AgenticDoc.model_validate(raw) for name, raw in sorted(docs.items())
           if name.startswith("agentic.") and isinstance(raw, dict) and "outcome" in raw]
    return [d for d in got if d.kind == "repair"]


def _repair_outcomes(docs: dict[str, Any]) -> dict[str, AgentOutcome]:
    """The first repair run of each task."""
    out: dict[str, AgentOutcome] = {}
    for d in _repair_docs(docs):
        out.setdefault(d.task_id, d.outcome)
    return out


def run_timing(docs: dict[str, Any], name: str, source: str = "") -> DeploymentTiming:
    """The timing of the deployment a run measured: every timed turn of its repair tasks."""
    outs = list(_repair_outcomes(docs).values())
    try:
        return timing_from_outcome(outs, name, source)
    except ValueError as e:
        raise UserError(f"{name}: {e}") from e


def read_run_json(path: Path) -> tuple[dict[str, Any], str]:
    """(agentic docs, a name) of an agentic run's ``--json`` file, or of manual play (docs/agentic-calibration.md):
    a manual run's ``outcome.json``, its folder, or a folder of such folders (a calibration round; each attempt
    becomes one doc, its folder's name as the arm)."""
    if path.is_dir():
        return _read_manual(path)
    try:
        other = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(other, dict) and "outcome" in other and "task_id" in other:
            return _read_manual(path)
        docs = other["tasks"]
        name = f"{other['spec']['model']} (run {other['run_id']})"
        if not isinstance(docs, dict):
            raise TypeError
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror or e}") from e
    except (ValueError, KeyError, TypeError) as e:
        raise UserError(f"{path}: not the --json file of an agentic run, nor a manual run's outcome.json") from e
    return docs, name


def _read_manual(path: Path) -> tuple[dict[str, Any], str]:
    """Manual play as agentic docs: ``outcome.json`` files at ``path``, in it, or one folder below it."""
    if path.is_file():
        files = [path]
    else:
        files = [path / "outcome.json"] if (path / "outcome.json").is_file() else sorted(path.glob("*/outcome.json"))
    if not files:
        raise UserError(f"{path}: no outcome.json of a manual run in it or in its subfolders")
    docs: dict[str, Any] = {}
    for f in files:
        try:
            raw = json.loads(f.read_text(encoding="utf-8"))
            doc = AgenticDoc.model_validate({**raw, "arm": f.parent.name})
        except OSError as e:
            raise UserError(f"cannot read {f}: {e.strerror or e}") from e
        except ValueError as e:
            raise UserError(f"{f}: not a manual run's outcome.json ({str(e).splitlines()[0]})") from e
        docs[f"agentic.{doc.task_id}.{doc.arm}"] = doc.model_dump(mode="json")
    return docs, f"manual play ({path.name})"


def versus(docs: dict[str, Any], name: str, other_path: Path) -> Crossover:
    """This run against another agentic run (its ``--json`` file) on the ladder: each on the deployment it
    ran on, the one needing fewer turns over the rungs both ran as ``few``."""
    other_docs, other_name = read_run_json(other_path)
    mine, theirs = _repair_outcomes(docs), _repair_outcomes(other_docs)
    ladder = [t for t in LADDER if t in mine or t in theirs]
    if not ladder:
        raise UserError("neither run has a ladder rung (run both with --ladder)")
    a, b = run_timing(docs, name), run_timing(other_docs, other_name, str(other_path))
    common = [t for t in ladder if t in mine and t in theirs]
    if sum(mine[t].n_turns for t in common) <= sum(theirs[t].n_turns for t in common):
        return crossover(ladder, mine, a, theirs, b)
    return crossover(ladder, theirs, b, mine, a)


_FILLER = ("the quick brown fox jumps over a lazy dog while seven small birds sing near an old stone bridge "
           "under a pale morning sky ").split()


def probe_lengths(docs: dict[str, Any], bins: int = 8) -> list[int]:
    """The prompt lengths to probe a deployment at: the quantiles of a run's repair turns' prompt lengths."""
    lengths = sorted({t.prompt_tokens for d in _repair_docs(docs) for t in d.outcome.turns if t.prompt_tokens})
    if not lengths:
        raise UserError("the run has no repair turns with prompt token counts to probe at")
    if len(lengths) <= bins:
        return lengths
    return sorted({lengths[round(i * (len(lengths) - 1) / (bins - 1))] for i in range(bins)})


def _probe_prompt(tokens: int, nonce: str) -> str:
    words = max(1, int(tokens * 0.75))  # about 4/3 tokens per English word; the server's count is recorded
    body = " ".join(_FILLER[i % len(_FILLER)] for i in range(words))
    return f"[{nonce}] {body}\nNow count upwards from 1, one number per line, and do not stop."


async def probe_timing(*, endpoint: str, lengths: list[int], name: str | None = None, model: str | None = None,
                       api_key: str | None = None, max_tokens: int = 64, timeouts: dict[str, float] | None = None,
                       nonce: str = "") -> DeploymentTiming:
    """Measure a deployment at ``lengths`` prompt tokens: per length one request with a fresh prefix (cold)
    and the same request again (warm when the server takes its prefix from cache). Each point records the
    server's own prompt, cached and completion token counts, TTFT and decode time; the deployment's
    prefix-cache state is ``warm`` when any repeat reported cached tokens, ``cold`` when every repeat reported
    none. When the server never says (vLLM reports no cached tokens unless started with
    ``--enable-prompt-tokens-details``), the state is inferred from TTFT (``timing.infer_warm``: every repeat at
    most a quarter of its cold twin's TTFT is ``warm``, none is ``cold``, else ``unknown``) and recorded as such
    in ``prefix_cache_basis``; inferred-warm repeats count their prompt as cached but its last token."""
    import uuid

    nonce = nonce or uuid.uuid4().hex[:12]
    points: list[TimingPoint] = []
    said: list[int] = []
    async with Client(client_options(endpoint, api_key, dict(timeouts or {}))) as client:
        stack = await discover(client, endpoint, None)
        chosen = choose_model(model, stack, endpoint)
        for i, n in enumerate(lengths):
            prompt = _probe_prompt(n, f"{nonce}-{i}")
            for repeat in (0, 1):
                body = {"model": chosen, "messages": [{"role": "user", "content": prompt}], "max_tokens": max_tokens,
                        "temperature": 0.0}
                res = await client.chat(ChatRequest(body=body, stream=True))
                if not res.ok:
                    label = res.error.label if res.error else "error"
                    raise UserError(f"probe of {endpoint} at {n} prompt tokens failed: {label}")
                r = ModelReply.from_chat(res)
                if repeat and r.cached_tokens is not None:
                    said.append(r.cached_tokens)
                points.append(TimingPoint(prompt_tokens=r.prompt_tokens or n, cached_tokens=r.cached_tokens or 0,
                                          completion_tokens=r.completion_tokens or 0,
                                          ttft_s=(r.ttft_ms or 0.0) / 1000.0,
                                          decode_s=None if r.decode_ms is None else r.decode_ms / 1000.0))
    cache = "unknown" if not said else ("warm" if any(said) else "cold")
    basis = "reported"
    if not said:  # the server never reports cached tokens: decide from what its TTFT did
        warm = infer_warm(points[0::2], points[1::2])
        if warm is not None:
            cache, basis = ("warm" if warm else "cold"), "inferred_from_ttft"
        if warm:  # the repeats' uncached part is what the fit needs: about one token (the prompt's last)
            points = [p if i % 2 == 0 else p.model_copy(update={"cached_tokens": max(0, p.prompt_tokens - 1)})
                      for i, p in enumerate(points)]
    return DeploymentTiming(name=name or f"{chosen} at {endpoint}", source=f"probe of {endpoint}",
                            prefix_cache=cache, prefix_cache_basis=basis, points=points)  # type: ignore[arg-type]
