"""Comparison math and rendering: exact McNemar, t intervals, variables that differ, flips, noise floor,
speed deltas, the CUDA-graph padding advisor, and the one renderer (Markdown and self-contained HTML)."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest

from stackeval.records.recipe import Recipe
from stackeval.records.run import RunInfo, RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import ColumnInput, RunData, SweepContext, SweepPoint, SweepPointRecord
from stackeval.report.charts import bar_chart
from stackeval.report.compare import compare
from stackeval.report.render import render_comparison, render_run
from stackeval.report.summary import pass_at_1
from stackeval.stack.logs import parse_startup_log

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


# ------------------------------------------------------------------------------------------ builders


def _stack(**settings: Any) -> StackProfile:
    p = StackProfile(endpoint="http://127.0.0.1:1", engine="llamacpp", engine_version="b1", models=["m"],
                     settings={"props.total_slots": 4, **settings})
    p.fingerprint = p.compute_fingerprint()
    return p


def _info(rid: str, stack: StackProfile, kind: str = "suite") -> RunInfo:
    return RunInfo(id=rid, kind=kind, started_at="2026-01-01T00:00:00Z", finished_at="2026-01-01T00:01:00Z",
                   status="complete", profile="p", suite_hash="h1", stack_fingerprint=stack.fingerprint, model="m",
                   endpoint=stack.endpoint, engine=stack.engine, stackeval_version="0", spec=RunSpec(endpoint="x", model="m", profile="p"))


def _results(statuses: dict[str, list[str]], cat: str = "math") -> list[TestResult]:
    out = []
    for tid, sts in statuses.items():
        for rep, s in enumerate(sts):
            out.append(TestResult(test_id=tid, category=tid.split(".")[0] if "." in tid else cat, tier="easy",
                                  repeat=rep, status=s, decode_tok_s=50.0, ttft_ms=20.0))  # type: ignore[arg-type]
    return out


def _suite_col(label: str, statuses: dict[str, list[str]], stack: StackProfile | None = None) -> ColumnInput:
    st = stack or _stack()
    return ColumnInput(label=label, runs=[RunData(info=_info(f"r-{label}", st), stack=st, results=_results(statuses))])


def _bench_doc(decode: float, out_c2: float, spec: dict[str, Any] | None = None) -> dict[str, Any]:
    lv = {"concurrency": 2, "output_tok_s": out_c2, "ttft_ms": {"p50": 30.0}}
    d: dict[str, Any] = {"single_stream": {"decode_tok_s": {"median": decode}, "ttft_ms": {"p50": 20.0}}, "levels": [lv]}
    if spec:
        d["spec_decode"] = spec
    return d


def _bench_runs(label: str, decodes: list[float], stack: StackProfile, spec: dict[str, Any] | None = None) -> list[RunData]:
    return [RunData(info=_info(f"b-{label}-{i}", stack, "bench"), stack=stack, docs={"bench": _bench_doc(d, 2 * d, spec)})
            for i, d in enumerate(decodes)]


# ------------------------------------------------------------------------------------------ statistics


def test_pass_at_1_with_repeats() -> None:
    rs = _results({"a": ["pass", "pass", "pass"], "b": ["pass", "fail", "fail"], "c": ["fail", "fail", "fail"]})
    pa = pass_at_1(rs)
    assert pa.tests == 3 and pa.max_repeats == 3 and pa.mean == pytest.approx(4 / 9, abs=1e-4)
    assert [(u.test_id, u.passed, u.n) for u in pa.unstable] == [("b", 1, 3)]
    assert 0 <= pa.low < pa.mean < pa.high <= 1
    once = pass_at_1(_results({"a": ["pass"], "b": ["fail"]}))
    assert once.mean == 0.5 and once.low is not None and once.low < 0.5


# ------------------------------------------------------------------------------------------ pairs and noise


def test_same_stack_twins_are_not_significantly_different() -> None:
    same = {f"t{i:02d}": ["pass" if i % 3 else "fail"] for i in range(30)}
    cmp = compare([_suite_col("A", same), _suite_col("B", same)])
    p = cmp.pairs[0]
    assert p.same_stack and p.verdict == "not significantly different"
    assert "not distinguishable from noise" in p.summary and p.overall.p_value == 1.0
    assert p.a_better == [] and p.b_better == []
    assert cmp.noise is not None and cmp.noise.max_rate == 0  # the two columns measure the noise of one stack


def test_ten_more_failures_are_significantly_worse_with_the_flipped_ids() -> None:
    a = {f"t{i:02d}": ["pass"] for i in range(30)}
    b = {k: (["fail"] if i < 10 else ["pass"]) for i, k in enumerate(a)}
    cmp = compare([_suite_col("twin", a, _stack(**{"recipe.name": "a"})), _suite_col("worse", b, _stack(**{"recipe.name": "b"}))])
    p = cmp.pairs[0]
    assert p.verdict == "significantly worse" and not p.same_stack
    assert p.overall.a_only == 10 and p.overall.b_only == 0 and p.overall.p_value == pytest.approx(2 / 1024)
    assert [f.test_id for f in p.a_better] == [f"t{i:02d}" for i in range(10)] and p.b_better == []
    assert p.a_better[0].a == "1/1" and p.a_better[0].b == "0/1"
    assert cmp.noise is None and "noise floor unknown" in cmp.noise_note


def test_per_category_mcnemar() -> None:
    a = {**{f"math.{i}": ["pass"] for i in range(8)}, **{f"prose.{i}": ["pass"] for i in range(8)}}
    b = {**{f"math.{i}": ["fail"] for i in range(8)}, **{f"prose.{i}": ["pass"] for i in range(8)}}
    p = compare([_suite_col("A", a, _stack(x=1)), _suite_col("B", b, _stack(x=2))]).pairs[0]
    by = {m.scope: m for m in p.by_category}
    assert by["math"].significant and by["math"].a_only == 8
    assert not by["prose"].significant and by["prose"].units == 8


def test_a_difference_within_the_noise_floor_is_not_distinguishable() -> None:
    # repeats of A itself disagree on 6 tests, all one way: a 6-test drop in B is within that noise
    a = {f"t{i:02d}": (["pass", "fail"] if i < 6 else ["pass", "pass"]) for i in range(20)}
    b = {k: (["fail", "fail"] if i < 6 else ["pass", "pass"]) for i, k in enumerate(a)}
    cmp = compare([_suite_col("A", a, _stack(x=1)), _suite_col("B", b, _stack(x=2))])
    p = cmp.pairs[0]
    assert p.overall.a_only == 6 and p.overall.b_only == 0 and p.overall.p_value < 0.05
    assert p.verdict == "not significantly different" and "within the noise floor" in p.summary
    assert cmp.noise is not None and cmp.noise.max_net == 6 and cmp.noise.pairs[0].source == "A: repeat 0 vs 1"
    assert [(f.test_id, f.a, f.b) for f in p.a_better][:1] == [("t00", "1/2", "0/2")]


def test_speed_deltas_with_intervals_from_repeats() -> None:
    s1, s2 = _stack(k=1), _stack(k=2)
    fast = ColumnInput(label="fast", runs=_bench_runs("f", [100.0, 101.0, 99.0], s1))
    slow = ColumnInput(label="slow", runs=_bench_runs("s", [80.0, 81.0, 79.0], s2))
    same = ColumnInput(label="same", runs=_bench_runs("m", [100.5, 99.0, 101.5], s2))
    once = ColumnInput(label="once", runs=_bench_runs("o", [90.0], s2))
    cmp = compare([fast, slow, same, once])
    col = cmp.columns[0]
    dec = col.speed["single-stream decode"]
    assert dec.n == 3 and dec.mean == 100 and dec.low < 100 < dec.high and col.speed["c=2 output"].mean == 200
    verdicts = {p.b: {s.metric: s.verdict for s in p.speed} for p in cmp.pairs}
    assert verdicts["slow"]["single-stream decode"] == "slower"
    assert verdicts["same"]["single-stream decode"] == "within noise"
    assert verdicts["once"]["single-stream decode"] == "no interval (no repeats)"
    d = next(s for s in cmp.pairs[0].speed if s.metric == "single-stream decode")
    assert d.delta == -20 and d.relative == pytest.approx(-0.2) and d.low < -20 < d.high


# ------------------------------------------------------------------------------------------ variables


def test_variables_that_differ_side_by_side_and_equal_keys_summarised() -> None:
    a = _stack(**{"serve.flags.k": 3, "props.build_info": "b1", "state.load": 0.1, "recipe.name": "x"})
    b = _stack(**{"serve.flags.k": 5, "props.build_info": "b1", "state.load": 0.9, "slots.speculative": True, "recipe.name": "x"})
    cols = [_suite_col("k3", {"t": ["pass"]}, a), _suite_col("k5", {"t": ["pass"]}, b),
            ColumnInput(label="broken", point=_rec(2, "broken", "failed_to_start", "ERROR bad"),
                        settings={"serve.flags.k": 3, "recipe.name": "x"})]
    v = compare(cols).variables
    rows = {r.key: r.values for r in v.differ}
    assert rows["serve.flags.k"] == [3, 5, 3]
    assert rows["slots.speculative"] == [None, True, None] and "slots.speculative" in v.only_some
    assert "state.load" not in rows and "state.load" not in v.equal
    assert v.equal["props.build_info"] == "b1" and v.equal["engine"] == "llamacpp"
    # the point that never started knows only its recipe keys: its missing discovered keys are no difference
    assert v.equal["recipe.name"] == "x" and "props.total_slots" in v.equal


# ------------------------------------------------------------------------------------------ sweeps


def _rec(i: int, name: str, status: str = "complete", reason: str | None = None, k: int | None = None,
         startup_log: str | None = None) -> SweepPointRecord:
    params = {"k": k} if k is not None else {}
    pt = SweepPoint(index=i, name=name, params=params, varied=params if i else {}, key=f"k{i}")
    return SweepPointRecord(point=pt, status=status, reason=reason,  # type: ignore[arg-type]
                            startup=parse_startup_log(startup_log) if startup_log else None)


def _k_sweep(log: str | None, sizes: list[int] | None = None):  # noqa: ANN202
    cols = []
    for i, k in enumerate((3, 5, 7)):
        st = _stack(**{"serve.flags.k": k})
        spec = {"acceptance_rate": 0.8 - 0.1 * i, "mean_accepted_length": 1 + k * 0.5, "k": k, "source": "vllm_metrics",
                "per_position": [0.9 - 0.1 * j for j in range(k)]}
        cols.append(ColumnInput(label=f"k={k}", runs=_bench_runs(str(k), [100.0 + 10 * i, 102.0 + 10 * i], st, spec),
                                point=_rec(i, f"k={k}", k=k, startup_log=log)))
    cols.append(ColumnInput(label="broken", point=_rec(3, "broken", "failed_to_start", "ValueError: bad backend", k=3),
                            settings={"serve.flags.k": 3}))
    return compare(cols, SweepContext(sweep_id="sw-1", name="ks", design="one-at-a-time", k_param="k", capture_sizes=sizes))


def test_padding_advisor_from_the_startup_log() -> None:
    log = (FIXTURES / "logs" / "vllm-v1-new-eagle3-tp2.log").read_text()
    sizes = parse_startup_log(log).cudagraph_capture_sizes
    assert sizes
    sw = _k_sweep(log).sweep
    assert sw is not None and sw.capture_sizes == sizes
    padded = {p.k: p.padded for p in sw.points if p.status == "complete"}
    assert padded == {k: (k + 1) not in sizes for k in (3, 5, 7)}
    assert sw.recommendation.startswith("choose K with K+1 in {")
    assert sw.points[3].status == "failed_to_start" and sw.points[3].reason == "ValueError: bad backend"
    assert sw.points[0].spec.per_position[0] == 0.9 and sw.points[1].decode_tok_s.n == 2


def test_padding_advisor_with_explicit_sizes_and_without_any() -> None:
    sw = _k_sweep(None, [1, 2, 4, 8, 16]).sweep
    assert [p.padded for p in sw.points[:3]] == [False, True, False]
    assert sw.recommendation == "choose K with K+1 in {2, 4, 8, 16} (K in {1, 3, 7, 15}); padded here: K=5"
    none = _k_sweep(None).sweep
    assert all(p.padded is None for p in none.points) and "not applicable" in none.recommendation


# ------------------------------------------------------------------------------------------ rendering


def _svgs(html: str) -> list[str]:
    return [base64.b64decode(m).decode() for m in re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)]


def test_comparison_html_is_self_contained_with_hatched_padded_bars() -> None:
    cmp = _k_sweep(None, [1, 2, 4, 8, 16])
    html = render_comparison(cmp, "html")
    assert html.startswith("<!DOCTYPE html>") and "<style>" in html
    assert "<script" not in html and "<link" not in html
    assert not re.search(r'(src|href)="(?!data:)', html)  # every resource is inline
    svgs = _svgs(html)
    assert len(svgs) >= 2 and all(s.startswith("<svg xmlns=") for s in svgs)
    k_chart = next(s for s in svgs if "K sweep" in s)
    assert k_chart.count('fill="url(#hatch)"') == 2  # the K=5 bar and the legend swatch
    assert "ValueError: bad backend" in html and "Variables that differ" in html and "serve.flags.k" in html
    assert "choose K with K+1 in {2, 4, 8, 16}" in html and "per-position acceptance" in html


def test_comparison_markdown_and_json_from_the_same_comparison() -> None:
    cmp = _k_sweep(None, [1, 2, 4, 8, 16])
    md = render_comparison(cmp, "md")
    assert md.startswith("# stackeval sweep: ks")
    assert "| 1 (padded) | k=5 |" in md and "| K=5 (padded) |" in md  # the points table and the chart's data
    assert "## Variables that differ" in md and "failed_to_start" in md
    assert '"recommendation"' in render_comparison(cmp, "json")


def test_flips_and_verdict_rendered() -> None:
    a = {f"t{i:02d}": ["pass"] for i in range(12)}
    b = {k: (["fail"] if i < 10 else ["pass"]) for i, k in enumerate(a)}
    cmp = compare([_suite_col("twin", a, _stack(x=1)), _suite_col("worse", b, _stack(x=2))])
    for fmt in ("md", "html"):
        text = render_comparison(cmp, fmt)
        assert "worse is significantly worse than twin" in text and "t09" in text and "twin better" in text


def test_run_report_html_sections() -> None:
    st = _stack()
    rs = [TestResult(test_id=f"s1.{c}.{t}.01", category=c, tier=t, status=s, wall_s=w, failure_class=None if s == "pass" else "wrong_answer",
                     repeat=r)  # type: ignore[arg-type]
          for c, t, s, w in (("math", "easy", "pass", 1.0), ("math", "hard", "fail", 3.0), ("prose", "core", "pass", 2.0))
          for r in (0, 1)]
    html = render_run(_info("r1", st), st, rs, {}, "html")
    for section in ("Per capability", "Difficulty gradient", "Failure modes", "Slowest tests", "Speed per category", "Repeats"):
        assert f"<h2>{section}</h2>" in html
    assert "pass@1" in html and len(_svgs(html)) == 1
    md = render_run(_info("r1", st), st, rs, {}, "md")
    assert "## Per capability" in md and "wrong_answer" in md


def test_bench_run_report_has_speed_and_acceptance_curve() -> None:
    st = _stack()
    doc = _bench_doc(50.0, 90.0, {"acceptance_rate": 0.75, "mean_accepted_length": 3.2, "per_position": [0.9, 0.7, 0.5],
                                  "source": "llamacpp_metrics"})
    doc["params"] = {"output_tokens": 32, "input_words": 64, "runs": 2}
    doc["levels"][0].update(n=4, errors={}, per_stream_tok_s=45.0, ttft_ms={"p50": 30.0, "p99": 40.0},
                            tpot_ms={"p50": 10.0}, e2e_ms={"p50": 400.0})
    html = render_run(_info("b1", st, "bench"), st, [], {"bench": doc}, "html")
    assert "<h2>Speed</h2>" in html and "75.0%" in html and len(_svgs(html)) == 1


def test_bar_chart_notes_for_missing_values() -> None:
    svg = bar_chart(["a", "b"], [1.0, None], title="t", ylabel="y", notes=["", "failed to start"])
    assert "failed to start" in svg and svg.count("<rect") >= 2


def test_recipe_stays_a_plain_recipe() -> None:
    assert Recipe().serve.command is None  # records/recipe.py is untouched by the sweep model


# ------------------------------------------------------------------------------------------ real harness


async def test_scripted_endpoints_through_the_harness_and_the_cli(tmp_path: Path) -> None:
    """Twin runs of one scripted stack are not significantly different; a scripted endpoint that answers
    10 more tests wrongly than its twin is significantly worse (stored runs, `stackeval compare`)."""
    from tests.helpers.cli import stackeval

    from stackeval.runner.session import execute_suite
    from stackeval.sandbox.local import LocalExecutor
    from stackeval.suites import load_profile
    from stackeval.testing.fakeserver import FakeServer, Reply, replay_responder

    items = [i for i in load_profile("strict").items if i.category == "math"]
    assert len(items) >= 20
    wrong_ids = {i.id for i in items[:10]}
    good = replay_responder(items, "reference")
    bad_table = replay_responder([i for i in items if i.id in wrong_ids], "wrong")

    def worse(body: dict) -> Reply:
        r = bad_table(body)
        return good(body) if r.content == "(no scripted answer)" else r

    db = tmp_path / "cmp.db"

    async def run(responder, name: str) -> str:  # noqa: ANN001
        async with FakeServer(responder) as srv:
            out = await execute_suite(
                db_path=db, endpoint=srv.base_url, profile="strict", model=None, concurrency=8, api_key=None,
                api_key_env=None, recipe=Recipe(name=name), recipe_path=None, only=["s1.math.*"], thinking="default",
                repeats=1, resume=None, force=False, retry_errors=False, executor=LocalExecutor(), timeouts={"total": 30.0})
        return out.run_id

    twin1, twin2 = await run(good, "scripted"), await run(good, "scripted")
    bad = await run(worse, "scripted-worse")
    same = stackeval("compare", twin1, twin2, "--db", str(db), "--format", "json")
    assert same.returncode == 0, same.stderr
    import json

    pair = json.loads(same.stdout)["pairs"][0]
    assert pair["same_stack"] and pair["verdict"] == "not significantly different"
    md = stackeval("compare", twin1, bad, "--db", str(db)).stdout
    assert "is significantly worse than" in md and "10 tests pass only in" in md
    for tid in wrong_ids:
        assert tid in md
    assert "recipe.name" in md  # the variable that differs
    html = tmp_path / "c.html"
    r = stackeval("compare", twin1, twin2, bad, "--db", str(db), "--format", "html", "--out", str(html))
    assert r.returncode == 0, r.stderr
    text = html.read_text()
    assert "significantly worse" in text and "same-stack" in text.replace("same stack", "same-stack")
    bad_fmt = stackeval("compare", twin1, "--db", str(db), "--format", "pdf")
    assert bad_fmt.returncode == 2 and "--format" in bad_fmt.stderr
