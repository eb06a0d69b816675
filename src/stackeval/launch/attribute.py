"""``stackeval attribute A B``: which stack variable caused the difference, by controlled experiment.

A and B are recipe files (a recipe or a sweep recipe whose serve command takes ``${host}`` and ``${port}``)
or stored runs launched by a sweep (their sweep recipe and point say how to launch them). The serve
commands are parsed into flags; flags, environment variables and the program that differ are the
variables. The experiment is sweeps through the one sweep loop (``launch.sweep.run_sweep``), so every
point is stored as it finishes and an interrupted experiment resumes like a sweep:

- ``<id>-screen`` (only when an end is a recipe): A and B on the whole profile once, to find the tests
  whose verdict differs;
- ``<id>-design``: A (the sweep's base point), B, every single-variable step from A toward B, or the full
  factorial for up to three variables, and A again last (how much the same stack drifts over the
  experiment: on a shared machine speed does); workload: the differing tests plus a random control sample of the
  rest, with repeats (and/or a bench);
- ``<id>-floor``: A on a second server, with the workload at the run's concurrency and at concurrency 1.

The analysis is pure (``report.attribution``).
"""

from __future__ import annotations

import hashlib
import json
import random
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stackeval.errors import ProfileNotFound, UserError
from stackeval.launch.attribute_sides import PROGRAM, Side, _is_flag, _parse, diff_sides, load_side
from stackeval.launch.collect import load_run
from stackeval.launch.host import PointHosts
from stackeval.launch.plan import plan_points
from stackeval.launch.sweep import run_sweep
from stackeval.records.attribution import (
    AttributionPlan,
    AttributionReport,
    DesignPoint,
    PlanCost,
    PointData,
    Variable,
)
from stackeval.records.execution import Executor
from stackeval.records.recipe import ServeSpec
from stackeval.records.run import TestResult
from stackeval.records.sweep import (
    BenchWorkload,
    ExplicitPoint,
    SuiteWorkload,
    SweepRecipe,
)
from stackeval.report.attribution import build_attribution
from stackeval.store.db import Store
from stackeval.store.sweeps import SweepStore

__all__ = ["Side", "attribute", "diff_sides", "load_side", "make_plan", "sweep_recipes"]

AGAIN = "env.STACKEVAL_ATTRIBUTE_REPEAT"  # the design's last point: A again (drift over the experiment)
Progress = Callable[[str], None]


# --------------------------------------------------------------------------- the plan


def _params(variables: list[Variable]) -> list[str]:
    """Every sweep parameter the launchable variables set."""
    return [k for v in variables if v.launchable for k in v.params("A")]


def _template(a: Side, variables: list[Variable]) -> str:
    prog, _pos, _flags = _parse(a.recipe.serve.command or "")
    varied = set(_params(variables))
    toks = shlex.split(a.recipe.serve.command or "")
    out = ["${" + PROGRAM + "}" if PROGRAM in varied else prog]
    i = 1
    while i < len(toks):
        t = toks[i]
        key = t.split("=", 1)[0] if t.startswith("--") and "=" in t else t
        if _is_flag(t) and key in varied:
            if "=" not in t and i + 1 < len(toks) and not _is_flag(toks[i + 1]):
                i += 1
        else:
            out.append(t)
        i += 1
    return shlex.join(out)


def _label(levels: dict[str, str], variables: list[Variable]) -> str:
    on = ["+".join(x.lstrip("-") for x in v.name.split("+")) for v in variables if levels.get(v.name) == "B"]
    if not on:
        return "A"
    if len(on) == len(levels):
        return "B"
    return "A + " + ", ".join(on)


def make_plan(a: Side, b: Side, *, design: str = "one-at-a-time", profile: str | None = None,
              only: list[str] | None = None, repeats: int = 3, concurrency: int | None = None, control: int = 8,
              seed: int = 1234, bench: BenchWorkload | None = None, profile_size: int | None = None,
              together: list[list[str]] | None = None) -> AttributionPlan:
    variables = diff_sides(a, b, together)
    launchable = [v for v in variables if v.launchable]
    if not launchable:
        raise UserError("A and B do not differ in anything that can be launched (serve flags, environment, program)")
    if design == "factorial" and len(launchable) > 3:
        raise UserError(f"--design factorial takes up to three variables; these ends differ in {len(launchable)} "
                        "(use --design one-at-a-time)")
    profile = profile or a.profile or b.profile
    if profile is None and bench is None:
        profile = "smoke"
    names = [v.name for v in launchable]
    by_name = {v.name: v for v in launchable}
    combos: list[dict[str, str]] = [dict.fromkeys(names, "A"), dict.fromkeys(names, "B")]
    roles = ["A", "B"]
    if design == "factorial":
        import itertools

        for c in itertools.product("AB", repeat=len(names)):
            lv = dict(zip(names, c, strict=True))
            if lv not in combos:
                combos.append(lv)
                roles.append("cell")
    else:
        for n in names:
            lv = {m: ("B" if m == n else "A") for m in names}
            if lv not in combos:
                combos.append(lv)
                roles.append("step")
    points = [DesignPoint(label=_label(lv, launchable), role=r, levels=lv,  # type: ignore[arg-type]
                          params={k: x for n in names for k, x in by_name[n].params(lv[n]).items()})  # type: ignore[arg-type]
              for lv, r in zip(combos, roles, strict=True)]
    conc = concurrency or a.concurrency or 4
    key = json.dumps({"a": a.recipe.model_dump(), "b": b.recipe.model_dump(), "design": design, "profile": profile,
                      "together": together or [],
                      "only": only or [], "repeats": repeats, "conc": conc, "control": control, "seed": seed,
                      "bench": bench.model_dump() if bench else None,
                      "a_runs": sorted({r.test_id for r in a.results}), "b_runs": sorted({r.test_id for r in b.results})},
                     sort_keys=True, default=str)
    pid = "at-" + hashlib.sha256(key.encode()).hexdigest()[:10]
    plan = AttributionPlan(id=pid, a_label=a.label, b_label=b.label, variables=variables, design=design,  # type: ignore[arg-type]
                           points=points, command=_template(a, variables), profile=profile, only=list(only or []),
                           repeats=repeats, concurrency=conc, control=control, seed=seed, bench=bench,
                           screen=profile is not None and not (a.results and b.results))
    if profile is not None and a.results and b.results:
        select_tests(plan, a.results, b.results)
    plan.cost = estimate_cost(plan, profile_size)
    return plan


def _verdicts(results: list[TestResult]) -> dict[str, list[bool]]:
    out: dict[str, list[tuple[int, bool]]] = {}
    for r in results:
        key = r.test_id if r.arm == "default" else f"{r.test_id}@{r.arm}"
        out.setdefault(key, []).append((r.repeat, r.status == "pass"))
    return {k: [ok for _r, ok in sorted(v)] for k, v in out.items()}


def select_tests(plan: AttributionPlan, a: list[TestResult], b: list[TestResult]) -> None:
    """The tests whose (majority) verdict differs between A and B, plus a seeded random control sample."""
    va, vb = _verdicts(a), _verdicts(b)
    common = sorted(set(va) & set(vb))

    def maj(v: list[bool]) -> float:
        return sum(v) / len(v)

    flipped = [t for t in common if (maj(va[t]) > 0.5) != (maj(vb[t]) > 0.5)]
    rest = [t for t in common if t not in flipped]
    controls = sorted(random.Random(plan.seed).sample(rest, min(plan.control, len(rest))))
    plan.flipped, plan.controls = flipped, controls
    plan.selected = sorted({t.split("@", 1)[0] for t in flipped + controls})


def estimate_cost(plan: AttributionPlan, profile_size: int | None) -> PlanCost:
    n_tests = len(plan.selected) if plan.selected else (profile_size or 0)
    per_point = n_tests * plan.repeats if plan.profile else 0
    if plan.bench is not None:
        levels = len(plan.bench.concurrency) + (1 if plan.bench.single_stream else 0)
        per_level = (plan.bench.requests_per_level or max(plan.bench.concurrency)) * plan.bench.runs
        per_point += plan.bench.repeats * levels * per_level
    floor = per_point * (2 if plan.concurrency > 1 and plan.profile else 1)
    # the design's points, A again at its end, and the floor's second server for A
    cost = PlanCost(servers=len(plan.points) + 2, requests=per_point * (len(plan.points) + 1) + floor)
    if plan.screen:
        cost.screen_servers, cost.screen_requests = 2, 2 * (profile_size or 0)
    if not plan.selected and plan.profile:
        cost.note = ("the tests are chosen after screening: the figures assume every test of the profile "
                     "(an upper bound)")
    return cost


def sweep_recipes(plan: AttributionPlan, a: Side) -> dict[str, SweepRecipe]:
    """The sweeps of the experiment (screen only when needed; design and floor once the tests are known)."""
    names = [v for v in plan.variables if v.launchable]
    a_params = next(p.params for p in plan.points if p.role == "A")
    env = {k: v for k, v in a.recipe.serve.env.items() if f"env.{k}" not in _params(plan.variables)}
    common: dict[str, Any] = dict(
        engine=a.recipe.engine, engine_version=a.recipe.engine_version, model=a.recipe.model,
        hardware=a.recipe.hardware, quantization=a.recipe.quantization, sampling=a.recipe.sampling,
        serve=ServeSpec(command=plan.command, env=env), params=dict(a_params), launch=a.launch)

    def suite(concurrency: int, only: list[str], repeats: int, label: str) -> SuiteWorkload:
        return SuiteWorkload(kind="suite", label=label, profile=plan.profile or "smoke", only=only,
                             concurrency=concurrency, repeats=repeats)

    out: dict[str, SweepRecipe] = {}
    b_params = next(p.params for p in plan.points if p.role == "B")
    if plan.screen and plan.profile:
        out["screen"] = SweepRecipe(name=f"{plan.id}-screen", **common, points=[ExplicitPoint(name="B", params=b_params)],
                                    workloads=[suite(plan.concurrency, plan.only, 1, "screen")])
    if plan.screen and not plan.selected:
        return out  # the design waits for the screen's verdicts
    workloads: list[Any] = []
    if plan.profile and plan.selected:
        workloads.append(suite(plan.concurrency, plan.selected, plan.repeats, "attribution"))
    if plan.bench is not None:
        workloads.append(plan.bench)
    if not workloads:
        return out
    pts = [ExplicitPoint(name=p.label, params={k: x for v in names if p.levels[v.name] == "B"
                                               for k, x in v.params("B").items()})
           for p in plan.points if p.role != "A"]
    pts.append(ExplicitPoint(name="A again", params={AGAIN: "1"}))
    out["design"] = SweepRecipe(name=f"{plan.id}-design", **common, points=pts, workloads=workloads)
    fw: list[Any] = []
    if plan.profile and plan.selected:
        fw.append(suite(plan.concurrency, plan.selected, plan.repeats, "floor"))
        if plan.concurrency > 1:
            fw.append(suite(1, plan.selected, plan.repeats, "floor c=1"))
    if plan.bench is not None:
        fw.append(plan.bench)
    out["floor"] = SweepRecipe(name=f"{plan.id}-floor", **common, workloads=fw)
    return out


# --------------------------------------------------------------------------- running


@dataclass
class AttributionOutcome:
    plan: AttributionPlan
    report: AttributionReport
    sweeps: dict[str, str]  # role -> sweep id


def _latest(ss: SweepStore, name: str) -> tuple[str, str] | None:
    for info in ss.list():
        if info.name == name:
            return info.id, info.status
    return None


async def _run(kind: str, rec: SweepRecipe, db_path: Path, hosts: PointHosts | None, executor: Executor | None,
               say: Progress, log_dir: Path | None) -> str:
    with Store(db_path) as st:
        found = _latest(SweepStore(st), rec.name or "")
    if found and found[1] == "complete":
        say(f"{kind}: sweep {found[0]} already complete")
        return found[0]
    if found:
        say(f"{kind}: resuming sweep {found[0]}")
    out = await run_sweep(rec, db_path=db_path, resume=found[0] if found else None, hosts=hosts, executor=executor,
                          progress=say, log_dir=log_dir)
    return out.sweep_id


def _bench_speed(st: Store, rid: str) -> tuple[list[float], list[float]]:
    dec, ttft = [], []
    for r in st.bench_requests(rid):
        m = r.metrics
        if getattr(m, "decode_tok_s", None) is not None:
            dec.append(float(m.decode_tok_s))  # type: ignore[arg-type]
        if getattr(m, "ttft_ms", None) is not None:
            ttft.append(float(m.ttft_ms))  # type: ignore[arg-type]
    return dec, ttft


def point_data(st: Store, sweep_id: str, labels: dict[str, DesignPoint] | None = None,
               workload: int | None = None) -> list[PointData]:
    """Every point of a stored sweep as measured: verdicts from its suite runs (workload ``workload`` only,
    when given), speed from its bench runs when it has any, else from its suite requests."""
    ss = SweepStore(st)
    out: list[PointData] = []
    for rec in ss.points(sweep_id):
        pd = PointData(label=rec.point.name, status=rec.status)
        if labels is not None:
            dp = labels.get(rec.point.key)
            if dp is None:
                continue
            pd.label, pd.levels = dp.label, dp.levels
        s_dec: list[float] = []
        s_ttft: list[float] = []
        b_dec: list[float] = []
        b_ttft: list[float] = []
        for wr in rec.workloads:
            if wr.run_id is None or (workload is not None and wr.kind == "suite" and wr.workload != workload):
                continue
            try:
                rd = load_run(st, wr.run_id)
            except ProfileNotFound:
                continue
            pd.run_ids.append(wr.run_id)
            if wr.kind == "bench":
                d, t = _bench_speed(st, wr.run_id)
                b_dec += d
                b_ttft += t
                continue
            for k, v in _verdicts(rd.results).items():
                pd.verdicts.setdefault(k, []).extend(v)
            s_dec += [r.decode_tok_s for r in rd.results if r.decode_tok_s is not None]
            s_ttft += [r.ttft_ms for r in rd.results if r.ttft_ms is not None]
        pd.decode_tok_s, pd.ttft_ms = (b_dec, b_ttft) if b_dec else (s_dec, s_ttft)
        out.append(pd)
    return out


def _keys(plan: AttributionPlan, rec: SweepRecipe) -> dict[str, DesignPoint]:
    """Design point by sweep point key (the sweep plans A as its base point)."""
    by_params = {json.dumps(p.params, sort_keys=True, default=str): p for p in plan.points}
    out: dict[str, DesignPoint] = {}
    names = _params(plan.variables)
    for sp in plan_points(rec):
        if AGAIN in sp.params:
            continue
        dp = by_params.get(json.dumps({n: sp.params.get(n) for n in names}, sort_keys=True, default=str))
        if dp is not None:
            out[sp.key] = dp
    return out


async def attribute(a: Side, b: Side, plan: AttributionPlan, *, db_path: Path, hosts: PointHosts | None = None,
                    executor: Executor | None = None, progress: Progress | None = None,
                    log_dir: Path | None = None) -> AttributionOutcome:
    """Run (or resume) the experiment's sweeps, then analyse what they stored."""
    say = progress or (lambda _m: None)
    sweeps: dict[str, str] = {}
    notes: list[str] = []
    recs = sweep_recipes(plan, a)
    if "screen" in recs:
        sweeps["screen"] = sid = await _run("screen", recs["screen"], db_path, hosts, executor, say, log_dir)
        with Store(db_path) as st:
            pts = point_data(st, sid)
        if len(pts) < 2 or not pts[0].verdicts or not pts[1].verdicts:
            raise UserError(f"the screening sweep {sid} did not measure both ends: "
                            + "; ".join(f"{p.label}: {p.status}" for p in pts))
        runs = []
        with Store(db_path) as st:
            for p in pts[:2]:
                runs.append([r for rid in p.run_ids for r in load_run(st, rid).results])
        select_tests(plan, runs[0], runs[1])
        say(f"screen: {len(plan.flipped)} test(s) differ between A and B; {len(plan.controls)} control(s)")
        recs = sweep_recipes(plan, a)
    if plan.profile and not plan.selected and plan.bench is None:
        raise UserError("no tests to run: the profile selection is empty")
    if "design" not in recs:
        raise UserError("nothing to run: no suite tests selected and no bench")
    sweeps["design"] = await _run("design", recs["design"], db_path, hosts, executor, say, log_dir)
    sweeps["floor"] = await _run("floor", recs["floor"], db_path, hosts, executor, say, log_dir)
    with Store(db_path) as st:
        points = point_data(st, sweeps["design"], _keys(plan, recs["design"]))
        again = [p for p in point_data(st, sweeps["design"]) if p.label == "A again"]
        floor = point_data(st, sweeps["floor"], workload=0)
        conc1 = point_data(st, sweeps["floor"], workload=1) if plan.concurrency > 1 and plan.profile else []
    rerun = floor[0] if floor else None
    c1 = conc1[0] if conc1 else None
    if c1 is not None:
        c1.label = "A at concurrency 1"
    if rerun is not None:
        rerun.label = "A rerun"
    for p in points:
        if p.status != "complete":
            notes.append(f"point {p.label} ended {p.status}: its contrasts use what it stored")
    report = build_attribution(plan, points, rerun=rerun, conc1=c1, again=again[0] if again else None, notes=notes)
    return AttributionOutcome(plan=plan, report=report, sweeps=sweeps)
