"""`attribute` end to end against the scripted flag server (``stackeval.testing.flagserver``), started by the
same launcher as real servers: flag --x flips a known set of tests, --y changes speed only, --z does
nothing, and --x with --y makes another known set fail (the interaction)."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest
import yaml

from stackeval.launch.attribute import attribute, load_side, make_plan
from stackeval.records.attribution import AttributionReport
from stackeval.records.sweep import BenchWorkload
from stackeval.report.attribution import attribution_page
from stackeval.report.render import render
from stackeval.store.db import Store
from stackeval.store.sweeps import SweepStore
from stackeval.suites.loader import load_profile
from stackeval.testing.flagserver import script

ONLY = ["s1.math.core.*", "s1.math.easy.*", "s1.math.medium.*", "s1.math.hard.*"]
X_TESTS = ["s1.math.hard.01", "s1.math.hard.02", "s1.math.hard.03", "s1.math.hard.04"]
XY_TESTS = ["s1.math.medium.01", "s1.math.medium.02", "s1.math.medium.03"]


def _ends(tmp: Path) -> tuple[Path, Path]:
    items = list(load_profile("strict").select(ONLY).items)
    spec = tmp / "script.json"
    spec.write_text(json.dumps(script(items, X_TESTS, XY_TESTS, step_s=0.01, y_step_s=0.002, tokens=24)))
    cmd = f"{sys.executable} -m stackeval.testing.flagserver --host ${{host}} --port ${{port}} --script {spec}"
    a, b = tmp / "a.yaml", tmp / "b.yaml"
    base = {"engine": "fake", "model": "fake-model",
            "launch": {"health_timeout_s": 30, "stop_grace_s": 3, "poll_interval_s": 0.05}}
    a.write_text(yaml.safe_dump({**base, "name": "a", "serve": {"command": cmd}}))
    b.write_text(yaml.safe_dump({**base, "name": "b", "serve": {"command": cmd + " --x --y --z"}}))
    return a, b


def _effect(rep: AttributionReport, name: str):  # noqa: ANN202
    return next(e for e in rep.effects if e.variable.name == name)


async def _run(tmp: Path, design: str) -> AttributionReport:
    a, b = _ends(tmp)
    sa, sb = load_side(str(a), None), load_side(str(b), None)
    plan = make_plan(sa, sb, design=design, profile="strict", only=ONLY, repeats=3, concurrency=2, control=8)
    out = await attribute(sa, sb, plan, db_path=tmp / "at.db")
    return out.report


async def test_one_at_a_time_attributes_each_flag(tmp_path: Path) -> None:
    rep = await _run(tmp_path, "one-at-a-time")
    plan = rep.plan
    assert [v.name for v in plan.variables] == ["--x", "--y", "--z"]
    assert sorted(plan.flipped) == sorted(X_TESTS + XY_TESTS)  # A vs B differ in both sets
    assert len(plan.controls) == 4  # the other 4 of the 11 tests
    assert [p.label for p in plan.points] == ["A", "B", "A + x", "A + y", "A + z"]
    x, y, z = _effect(rep, "--x"), _effect(rep, "--y"), _effect(rep, "--z")
    # --x: exactly the x tests, fail -> pass, a pass-rate effect beyond the floor
    assert sorted(f.test_id for f in x.step.flips) == X_TESTS
    assert {f.direction for f in x.step.flips} == {"fail->pass"}
    assert x.quality == "effect" and x.step.pass_delta.delta == pytest.approx(12 / 33)
    assert x.step.pass_delta.p < 0.01 and x.step.pass_delta.low > 0
    # --y: speed only
    assert y.step.flips == [] and y.quality == "noise"
    assert y.speed == "effect" and y.step.decode.rel > 0.5  # 5x shorter steps; event-loop overhead caps it
    # --z: nothing
    assert z.step.flips == [] and z.quality == "noise" and z.speed != "effect"
    assert z.summary == "not distinguishable from noise"
    # the measured floor: the same stack again, and at concurrency 1, flips nothing on this server
    assert rep.floor.rerun is not None and rep.floor.rerun.flips == []
    assert rep.floor.concurrency is not None and rep.floor.concurrency.flips == []
    assert rep.total is not None and len(rep.total.flips) == 7
    assert rep.total.pass_delta.delta == pytest.approx(3 / 33)  # +4 tests by x, -3 by x with y
    assert x.share_pass == pytest.approx(4.0)  # x alone explains more than the whole difference
    # the same ends as stored runs (the screen's): no screen needed, the same variables and selection
    with Store(tmp_path / "at.db") as st:
        ss = SweepStore(st)
        sid = next(s.id for s in ss.list() if s.name.endswith("-screen"))
        runs = ss.runs_of(sid)
        sa, sb = load_side(runs[0][0], st), load_side(runs[1][0], st)
    again = make_plan(sa, sb, profile="strict", repeats=3, concurrency=2, control=8)
    assert not again.screen and [v.name for v in again.variables] == ["--x", "--y", "--z"]
    assert again.flipped == plan.flipped and again.controls == plan.controls
    md = render(attribution_page(rep), "md")
    assert "Not distinguishable from noise: --z." in md and "s1.math.hard.01 fail->pass" in md
    html = render(attribution_page(rep), "html")
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html


async def test_factorial_shows_the_interaction_and_resumes(tmp_path: Path) -> None:
    rep = await _run(tmp_path, "factorial")
    assert len(rep.plan.points) == 8
    inter = {tuple(i.variables): i for i in rep.interactions}
    xy = inter[("--x", "--y")]
    assert xy.quality == "effect" and xy.pass_rate is not None and xy.pass_rate.estimate == pytest.approx(-9 / 33)
    assert inter[("--x", "--z")].quality == "noise" and inter[("--y", "--z")].quality == "noise"
    x = _effect(rep, "--x")
    assert x.main_pass is not None and x.main_pass.estimate > 0
    assert _effect(rep, "--z").main_pass.estimate == 0
    # a second invocation finds every sweep complete and starts nothing
    db = tmp_path / "at.db"
    with sqlite3.connect(db) as c:
        before = c.execute("SELECT count(*) FROM runs").fetchone()[0]
    again = await _run(tmp_path, "factorial")
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT count(*) FROM runs").fetchone()[0] == before
    assert [e.summary for e in again.effects] == [e.summary for e in rep.effects]
    # an interrupted design (its last cell never ran) resumes: only that point runs again
    with Store(db) as st:
        ss = SweepStore(st)
        sid = next(s.id for s in ss.list() if s.name.endswith("-design"))
        last = [p for p in ss.points(sid) if p.point.name != "A again"][-1]
        ss.put_point(sid, last.model_copy(update={"status": "interrupted", "workloads": []}))
        ss.set_status(sid, "interrupted")
    resumed = await _run(tmp_path, "factorial")
    with Store(db) as st:
        ss = SweepStore(st)
        assert ss.info(sid).status == "complete" and all(p.status == "complete" for p in ss.points(sid))
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT count(*) FROM runs").fetchone()[0] == before + 1
    assert [i.quality for i in resumed.interactions] == [i.quality for i in rep.interactions]


async def test_bench_workload_attributes_speed(tmp_path: Path) -> None:
    a, b = _ends(tmp_path)
    sa, sb = load_side(str(a), None), load_side(str(b), None)
    bench = BenchWorkload(kind="bench", output_tokens=24, concurrency=[1], runs=2, requests_per_level=4,
                          single_stream=False)
    plan = make_plan(sa, sb, bench=bench)
    assert plan.profile is None and not plan.screen
    rep = (await attribute(sa, sb, plan, db_path=tmp_path / "b.db")).report
    y = _effect(rep, "--y")
    assert y.speed == "effect" and y.step is not None and y.step.decode.rel > 0.5 and y.step.pass_delta is None
    assert _effect(rep, "--x").quality == "n/a" and rep.floor.rerun is not None and rep.floor.concurrency is None
