"""Gather what ``compare`` needs from the store: a sweep becomes one column per point (all runs at the
point), a run id one column of its own."""

from __future__ import annotations

from stackeval.errors import ProfileNotFound
from stackeval.launch.command import point_recipe
from stackeval.launch.plan import k_param
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import ColumnInput, RunData, SweepContext
from stackeval.stack.profile import merge_recipe
from stackeval.store.db import Store
from stackeval.store.sweeps import SweepStore

__all__ = ["collect", "load_run", "is_sweep_ref"]


def is_sweep_ref(ref: str) -> bool:
    return ref.startswith(("sw-", "sweep:"))


def load_run(st: Store, run_id: str) -> RunData:
    info = st.run_info(run_id)
    return RunData(info=info, stack=st.stack(info.stack_fingerprint), results=list(st.latest_results(run_id)),
                   docs=st.docs(run_id))


def collect(st: Store, refs: list[str]) -> tuple[list[ColumnInput], SweepContext | None]:
    ss = SweepStore(st)
    cols: list[ColumnInput] = []
    ctx: SweepContext | None = None
    sweep_refs = [r for r in refs if is_sweep_ref(r)]
    for ref in refs:
        if not is_sweep_ref(ref):
            rd = load_run(st, st.resolve_run(ref))
            cols.append(ColumnInput(label=f"run {rd.info.id.rsplit('-', 1)[-1]}", runs=[rd]))
            continue
        sid = ss.resolve(ref.removeprefix("sweep:"))
        info = ss.info(sid)
        runs_by_point = ss.runs_of(sid)
        prefix = f"{sid.rsplit('-', 1)[-1]}:" if len(sweep_refs) > 1 else ""
        for rec in ss.points(sid):
            runs = []
            for rid in runs_by_point.get(rec.point.index, []):
                try:
                    rd = load_run(st, rid)
                except ProfileNotFound:
                    continue
                if rd.info.status == "complete":
                    runs.append(rd)
            settings = None
            if not runs:
                prof = StackProfile(endpoint=rec.endpoint or "-")
                merge_recipe(prof, point_recipe(info.recipe, rec.point))
                settings = prof.settings
            cols.append(ColumnInput(label=prefix + rec.point.name, runs=runs, point=rec, settings=settings))
        if ctx is None:
            r = info.recipe
            ctx = SweepContext(sweep_id=sid, name=info.name, design=r.design, k_param=k_param(r),
                               batch=r.advisor.batch, capture_sizes=r.advisor.capture_sizes)
    if not cols:
        raise ProfileNotFound("nothing to compare")
    return cols, ctx
