"""Planning an attribution (pure): the variables that differ, the design points, the generated sweeps, the
cost; the exact paired interval; the analysis on hand-made points; the CLI's dry run and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from tests.helpers.cli import stackeval

from stackeval.errors import UserError
from stackeval.launch.attribute import Side, diff_sides, make_plan, sweep_recipes
from stackeval.launch.command import masked, render_argv, render_env
from stackeval.launch.plan import plan_points
from stackeval.records.attribution import PointData
from stackeval.records.recipe import Recipe, ServeSpec
from stackeval.records.sweep import LaunchSpec
from stackeval.report.attribution import build_attribution, contrast
from stackeval.report.stats import clopper_pearson, paired_exact_delta

CMD = "${llama_server} -m ${local_model} --host ${host} --port ${port} -c 2048 --metrics"


def side(cmd: str, env: dict[str, str] | None = None, sampling: dict[str, object] | None = None) -> Side:
    return Side(label="x", recipe=Recipe(engine="llamacpp", serve=ServeSpec(command=cmd, env=env or {}),
                                         sampling=sampling or {}), launch=LaunchSpec())


def test_diff_lists_flags_env_templates_and_sampling() -> None:
    a = side(CMD + " -ctk f16 --chat-template-file ours.jinja", {"OMP": "2"}, {"temperature": 0})
    b = side(CMD + " -ctk q8_0 --jinja --spec-type ngram-mod", {"OMP": "2", "X": "1"}, {"temperature": 0.7})
    v = {x.name: x for x in diff_sides(a, b)}
    assert list(v) == ["-ctk", "--chat-template-file", "--jinja", "--spec-type", "env.X", "sampling.temperature"]
    assert (v["-ctk"].a, v["-ctk"].b) == ("f16", "q8_0")
    assert v["--chat-template-file"].kind == "template_file" and v["--chat-template-file"].b is None
    assert v["--jinja"].a is None and v["--jinja"].b is True
    assert v["env.X"].kind == "env" and v["sampling.temperature"].launchable is False


def test_positional_difference_is_refused() -> None:
    with pytest.raises(UserError, match="positional"):
        diff_sides(side("vllm serve model-a --host ${host} --port ${port}"),
                   side("vllm serve model-b --host ${host} --port ${port}"))


def test_plans_and_sweeps_reproduce_both_ends() -> None:
    a = side(CMD + " -ctk f16 --chat-template-file ours.jinja")
    b = side(CMD + " -ctk q8_0 --spec-type ngram-mod")
    ab = [{"test_id": f"t{i}", "category": "m", "tier": "core", "status": s} for i, s in
          enumerate(["pass", "pass", "fail", "pass"])]
    bb = [{"test_id": f"t{i}", "category": "m", "tier": "core", "status": s} for i, s in
          enumerate(["fail", "pass", "pass", "pass"])]
    from stackeval.records.run import TestResult

    a.results = [TestResult.model_validate(r) for r in ab]
    b.results = [TestResult.model_validate(r) for r in bb]
    plan = make_plan(a, b, design="one-at-a-time", profile="smoke", repeats=2, concurrency=2, control=1)
    assert [p.label for p in plan.points] == ["A", "B", "A + ctk", "A + chat-template-file", "A + spec-type"]
    assert plan.flipped == ["t0", "t2"] and len(plan.controls) == 1 and not plan.screen
    fac = make_plan(a, b, design="factorial", profile="smoke", repeats=2, concurrency=2, control=1)
    assert len(fac.points) == 8 and fac.id != plan.id
    recs = sweep_recipes(plan, a)
    assert set(recs) == {"design", "floor"}
    d = recs["design"]
    pts = plan_points(d)
    assert len(pts) == 6 and pts[0].name == "base" and pts[-1].name == "A again"
    argvs = [render_argv(d, p, masked) for p in pts]
    want_a = render_argv(d, pts[0], masked)
    assert "-ctk" in want_a and want_a[want_a.index("-ctk") + 1] == "f16" and "ours.jinja" in want_a
    b_argv = next(x for x, p in zip(argvs, pts, strict=True) if p.name == "B")
    assert b_argv[b_argv.index("-ctk") + 1] == "q8_0" and "ours.jinja" not in b_argv
    assert b_argv[b_argv.index("--spec-type") + 1] == "ngram-mod"
    assert sorted(b_argv) == sorted(["${llama_server}", *b.recipe.serve.command.split()[1:]])  # type: ignore[union-attr]
    assert all(render_env(d, p, masked) == {} for p in pts[:-1])
    assert render_env(d, pts[-1], masked) == {"STACKEVAL_ATTRIBUTE_REPEAT": "1"}
    assert render_argv(d, pts[-1], masked) == want_a
    f = recs["floor"]
    assert len(plan_points(f)) == 1 and [w.concurrency for w in f.workloads] == [2, 1]  # type: ignore[union-attr]
    assert plan.cost is not None and plan.cost.servers == 7
    assert plan.cost.requests == 6 * 3 * 2 + 2 * 3 * 2


def test_factorial_refuses_more_than_three_variables() -> None:
    a = side(CMD)
    b = side(CMD + " --a 1 --b 2 --c 3 --d 4")
    with pytest.raises(UserError, match="up to three"):
        make_plan(a, b, design="factorial")


def test_exact_paired_interval() -> None:
    assert clopper_pearson(0, 10)[1] == pytest.approx(1 - 0.025 ** 0.1, abs=1e-9)
    assert clopper_pearson(9, 9)[0] == pytest.approx(0.025 ** (1 / 9), abs=1e-9)
    d, lo, hi, p = paired_exact_delta(0, 9, 30)
    assert d == pytest.approx(0.3) and hi == pytest.approx(0.3) and 0 < lo < 0.3 and p == pytest.approx(2 / 512)
    assert paired_exact_delta(0, 0, 10) == (0.0, 0.0, 0.0, 1.0)
    d, lo, hi, p = paired_exact_delta(3, 3, 20)
    assert d == 0 and lo < 0 < hi and p == 1.0


def _pt(label: str, levels: dict[str, str], passing: dict[str, list[bool]], dec: float) -> PointData:
    return PointData(label=label, levels=levels, verdicts=passing,  # type: ignore[arg-type]
                     decode_tok_s=[dec + 0.1 * (i % 5) for i in range(20)], ttft_ms=[50.0 + (i % 3) for i in range(20)])


def test_analysis_counts_only_effects_beyond_the_measured_floor() -> None:
    a = side(CMD)
    b = side(CMD + " --q --s")
    plan = make_plan(a, b, profile="smoke")
    plan.selected = [f"t{i}" for i in range(8)]
    base = {f"t{i}": [True] * 3 for i in range(8)}
    q_on = {**base, **{f"t{i}": [False] * 3 for i in range(4)}}  # --q breaks 4 tests
    pts = [_pt("A", {"--q": "A", "--s": "A"}, base, 100), _pt("B", {"--q": "B", "--s": "B"}, q_on, 150),
           _pt("A + q", {"--q": "B", "--s": "A"}, q_on, 100), _pt("A + s", {"--q": "A", "--s": "B"}, base, 150)]
    noisy = {**base, "t0": [False] * 3}  # the rerun flips one test on its own
    rep = build_attribution(plan, pts, rerun=_pt("A rerun", {}, noisy, 100), conc1=_pt("c1", {}, base, 100))
    q, s = rep.effects
    assert q.quality == "effect" and [f.direction for f in q.step.flips] == ["pass->fail"] * 4  # type: ignore[union-attr]
    assert [f.in_noise for f in q.step.flips] == [True, False, False, False]  # type: ignore[union-attr]
    assert q.speed == "noise" and s.speed == "effect" and s.quality == "noise"
    assert rep.floor.max_flips == 1 and q.share_pass == pytest.approx(1.0) and s.share_decode == pytest.approx(1.0)
    # one real flip is not more than the floor's one: not distinguishable from noise
    one = {**base, "t5": [False] * 3}
    pts[2] = _pt("A + q", {"--q": "B", "--s": "A"}, one, 100)
    rep = build_attribution(plan, pts, rerun=_pt("A rerun", {}, noisy, 100))
    assert rep.effects[0].quality == "noise"
    c = contrast(pts[0], pts[2], "x")
    assert c.pass_delta is not None and c.pass_delta.only_before == 3 and c.pass_delta.only_after == 0


def test_cli_dry_run_prints_plan_and_cost(tmp_path: Path) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(yaml.safe_dump({"engine": "llamacpp", "serve": {"command": CMD + " -ctk f16"}}))
    b.write_text(yaml.safe_dump({"engine": "llamacpp", "serve": {"command": CMD + " -ctk q8_0 --spec-type ngram-mod"}}))
    r = stackeval("attribute", str(a), str(b), "--dry-run", "--db", str(tmp_path / "x.db"), "--design", "factorial")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout[:r.stdout.rindex("}") + 1])
    assert [v["name"] for v in doc["variables"]] == ["-ctk", "--spec-type"]
    assert len(doc["points"]) == 4 and doc["plan"]["screen"] is True
    assert "estimated cost: 6 server start(s)" in r.stdout and "screen of 2 server(s)" in r.stdout
    assert not (tmp_path / "x.db").exists()


def test_cli_bad_input_is_one_line(tmp_path: Path) -> None:
    a = tmp_path / "a.yaml"
    a.write_text(yaml.safe_dump({"engine": "llamacpp", "serve": {"command": CMD}}))
    r = stackeval("attribute", str(a), str(a), "--dry-run", "--db", str(tmp_path / "x.db"))
    assert r.returncode == 2 and r.stderr.strip().startswith("stackeval: error:") and "do not differ" in r.stderr
    r = stackeval("attribute", str(a), "nope", "--dry-run", "--db", str(tmp_path / "x.db"))
    assert r.returncode == 2 and "not a file" in r.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump({"engine": "x", "serve": {"command": "srv --flag"}}))
    r = stackeval("attribute", str(bad), str(a), "--dry-run", "--db", str(tmp_path / "x.db"))
    assert r.returncode == 2 and "${host}" in r.stderr


def test_flags_named_together_are_one_variable() -> None:
    a = side(CMD + " -ctk f16 -ctv f16")
    b = side(CMD + " -ctk q8_0 -ctv q8_0 --spec-type ngram-mod")
    plan = make_plan(a, b, profile="smoke", together=[["ctk", "-ctv"]])
    v = plan.variables[0]
    assert v.name == "-ctk+-ctv" and v.members == {"-ctk": ["f16", "q8_0"], "-ctv": ["f16", "q8_0"]}
    assert [p.label for p in plan.points] == ["A", "B", "A + ctk+ctv", "A + spec-type"]
    step = plan.points[2].params
    assert step == {"-ctk": "q8_0", "-ctv": "q8_0", "--spec-type": None}
    with pytest.raises(UserError, match="does not differ"):
        make_plan(a, b, profile="smoke", together=[["-ctk", "-c"]])
