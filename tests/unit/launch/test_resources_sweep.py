"""A sweep point's resource timeline: the sampler starts at the spawn, the point's bench run carries the launch
phases and its own, the samples land in the store, and ``compare`` lists memory per point."""

from __future__ import annotations

from pathlib import Path

from tests.unit.launch.conftest import fake_recipe

from stackeval.launch.collect import collect
from stackeval.launch.sweep import run_sweep
from stackeval.report.compare import compare
from stackeval.report.render import render_comparison
from stackeval.store.db import Store
from stackeval.store.resources import ResourceStore
from stackeval.store.sweeps import SweepStore


async def test_point_runs_carry_the_launch_and_their_load_phases(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    out = await run_sweep(fake_recipe(), db_path=db)
    assert [p.status for p in out.points] == ["complete", "complete"]
    with Store(db) as st:
        runs = SweepStore(st).runs_of(out.sweep_id)
        for idx in (0, 1):
            rid = runs[idx][0]
            res = st.docs(rid)["resources"]
            assert res == st.docs(rid)["bench"]["resources"] and "resource_samples" not in st.docs(rid)["bench"]
            names = [p["name"] for p in res["phases"]]
            assert names[0] == "process_start" and "ready" in names
            assert names[-3:] == ["warmup", "single_stream", "c1"]
            assert res["source"] == "local" and res["pid"] and res["fits"]["at_ready"]["phase"] == "ready"
            assert res["fits"]["at_ready"]["rss_bytes"] > 1024**2  # a Python server: several MiB
            stored = ResourceStore(st).samples(rid)
            assert stored and stored[0][0] == "process_start" and len(stored) >= res["samples"]
        cols, ctx = collect(st, [out.sweep_id])
    cmp = compare(cols, ctx)
    assert cmp.memory is not None and [r.label for r in cmp.memory.columns] == ["base", "tokens=8"]
    assert all(r.runs == 1 and r.rss_at_ready for r in cmp.memory.columns)
    assert {d.metric for d in cmp.memory.deltas} >= {"server RSS at ready", "server RSS peak under load"}
    assert "## Memory" in render_comparison(cmp, "md")


async def test_a_suite_at_a_point_is_one_suite_phase_after_the_launch(tmp_path: Path) -> None:
    suite = {"kind": "suite", "profile": "smoke", "concurrency": 2, "timeouts": {"total": 30.0}}
    db = tmp_path / "s.db"
    out = await run_sweep(fake_recipe(workloads=[suite]), db_path=db)
    assert [p.status for p in out.points] == ["complete", "complete"]
    with Store(db) as st:
        rid = SweepStore(st).runs_of(out.sweep_id)[0][0]
        res = st.docs(rid)["resources"]
        assert st.run_info(rid).kind == "suite"
        names = [p["name"] for p in res["phases"]]
        assert names[0] == "process_start" and names[-1] == "suite" and "ready" in names
        assert ResourceStore(st).profile(rid) is not None
        cols, ctx = collect(st, [out.sweep_id])
    assert "server RSS at ready" in render_comparison(compare(cols, ctx), "md")
