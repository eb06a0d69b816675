"""The workloads run at a sweep point, each stored as ordinary runs: ``bench`` (one run per repeat, kind
"bench", the bench document as doc "bench") and ``suite`` (one run; repeats inside it).

``bench_runs`` is also what a ``bench --repeats N`` command needs: N runs of the same stack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from stackeval._version import __version__
from stackeval.client.http import Client
from stackeval.errors import UserError
from stackeval.records.execution import Executor
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.sweep import BenchWorkload, SuiteWorkload
from stackeval.runner.bench import BenchParams, run_bench
from stackeval.runner.session import client_options, execute_suite, git_rev
from stackeval.stack.discover import discover
from stackeval.store.db import Store

__all__ = ["bench_params", "bench_runs", "suite_run"]

Progress = Callable[[str], None]


def bench_params(w: BenchWorkload, model: str) -> BenchParams:
    return BenchParams(model=model, output_tokens=w.output_tokens, input_words=w.input_words, runs=w.runs,
                       concurrency=tuple(w.concurrency), requests_per_level=w.requests_per_level, rate=w.rate,
                       single_stream=w.single_stream)


async def bench_runs(
    *, db_path: Path, endpoint: str, params: BenchParams | None = None, workload: BenchWorkload | None = None,
    model: str | None = None, repeats: int = 1, recipe: Recipe | None = None, recipe_path: str | None = None,
    api_key: str | None = None, api_key_env: str | None = None, extra_docs: dict[str, Any] | None = None,
    progress: Progress | None = None, on_created: Callable[[str, int], None] | None = None,
    on_done: Callable[[str, int], None] | None = None, skip: int = 0,
) -> list[tuple[str, dict[str, Any]]]:
    """Run the bench ``repeats`` times against one endpoint; each repeat is its own stored run.
    Returns (run_id, document) per repeat. ``skip`` repeats already stored (a resumed sweep)."""
    out: list[tuple[str, dict[str, Any]]] = []
    async with Client(client_options(endpoint, api_key, {"total": 1800.0})) as c:
        stack = await discover(c, endpoint, recipe)
        chosen = model or (params.model if params else None) or (stack.models[0] if stack.models else None)
        if not chosen:
            raise UserError(f"{endpoint} lists no models; pass a model")
        p = params or bench_params(workload or BenchWorkload(kind="bench"), chosen)
        if p.model != chosen:
            p = BenchParams(**{**asdict(p), "model": chosen})
        for rep in range(skip, repeats):
            with Store(db_path) as st:
                spec = RunSpec(kind="bench", endpoint=endpoint, model=chosen, profile="bench",
                               concurrency=max(p.concurrency), api_key_env=api_key_env, recipe_path=recipe_path,
                               defaults={"params": asdict(p) | {"concurrency": list(p.concurrency)},
                                         "repeat": rep, "repeats": repeats})
                rid = st.create_run(spec, stack, "-", __version__, git_rev())
                for name, doc in (extra_docs or {}).items():
                    st.put_doc(rid, name, doc)
                if on_created:
                    on_created(rid, rep)
                if progress:
                    progress(f"bench repeat {rep + 1}/{repeats}: run {rid}")
                try:
                    doc = await run_bench(c, stack, p, progress=progress,
                                          on_snapshot=lambda label, text, st=st, rid=rid: st.put_snapshot(rid, label, text))
                except BaseException:
                    st.set_run_status(rid, "interrupted")
                    raise
                doc["run_id"] = rid
                doc["repeat"] = rep
                st.put_doc(rid, "bench", doc)
                st.set_run_status(rid, "complete", finished=True)
            out.append((rid, doc))
            if on_done:
                on_done(rid, rep)
    return out


async def suite_run(
    *, db_path: Path, endpoint: str, workload: SuiteWorkload, recipe: Recipe | None, recipe_path: str | None,
    executor: Executor | None, resume: str | None = None, extra_docs: dict[str, Any] | None = None,
    on_created: Callable[[str, int], None] | None = None, progress: Callable[[TestResult], None] | None = None,
) -> str:
    """One suite run (``workload.repeats`` repeats inside it); returns its run id."""
    created: dict[str, str] = {}

    def on_start(run_id: str, n: int) -> None:
        created["id"] = run_id
        if extra_docs:
            with Store(db_path) as st:
                for name, doc in extra_docs.items():
                    st.put_doc(run_id, name, doc)
        if on_created:
            on_created(run_id, n)

    out = await execute_suite(
        db_path=db_path, endpoint=endpoint, profile=workload.profile, model=None, concurrency=workload.concurrency,
        api_key=None, api_key_env=None, recipe=recipe, recipe_path=recipe_path, only=list(workload.only),
        thinking=workload.thinking, repeats=workload.repeats, resume=resume, force=False, retry_errors=False,
        executor=executor, timeouts=dict(workload.timeouts), progress=progress, on_start=on_start,
    )
    return out.run_id
