"""Bench runs as stored runs: one run per repeat, kind "bench", the bench document as doc "bench", opened
and finished by the same ``runner.lifecycle`` steps as suite and agentic runs.

``bench_runs`` is what a ``bench --repeats N`` command needs (N runs of the same stack); a sweep's bench
workload stores each repeat through ``bench_run`` as its point host measures it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

from stackeval.client.http import Client
from stackeval.errors import UserError
from stackeval.launch.resources import RunResources, attach_to_bench_doc, pop_bench_samples
from stackeval.records.recipe import Recipe
from stackeval.records.run import RunSpec
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import BenchWorkload
from stackeval.runner.bench import BenchParams, run_bench
from stackeval.runner.lifecycle import open_run
from stackeval.runner.session import client_options
from stackeval.stack.discover import discover
from stackeval.store.db import Store

__all__ = ["bench_params", "bench_plan", "bench_run", "bench_runs", "store_bench_doc"]

Progress = Callable[[str], None]


def bench_params(w: BenchWorkload, model: str) -> BenchParams:
    return BenchParams(model=model, output_tokens=w.output_tokens, input_words=w.input_words, runs=w.runs,
                       concurrency=tuple(w.concurrency), requests_per_level=w.requests_per_level, rate=w.rate,
                       single_stream=w.single_stream)


def bench_plan(stack: StackProfile, endpoint: str, *, params: BenchParams | None = None,
               workload: BenchWorkload | None = None, model: str | None = None) -> BenchParams:
    """The bench's parameters, for the model asked for (else the params' model, else the first served)."""
    chosen = model or (params.model if params else None) or (stack.models[0] if stack.models else None)
    if not chosen:
        raise UserError(f"{endpoint} lists no models; pass a model")
    p = params or bench_params(workload or BenchWorkload(kind="bench"), chosen)
    return p if p.model == chosen else BenchParams(**{**asdict(p), "model": chosen})


@contextmanager
def bench_run(db_path: Path, *, endpoint: str, stack: StackProfile, params: BenchParams, repeat: int, repeats: int,
              api_key_env: str | None = None, recipe_path: str | None = None,
              extra_docs: dict[str, Any] | None = None) -> Iterator[tuple[Store, str]]:
    """One bench repeat as a stored run (``runner.lifecycle.open_run``): complete when the block ends,
    interrupted when anything escapes it. Store the document with ``store_bench_doc``."""
    spec = RunSpec(kind="bench", endpoint=endpoint, model=params.model, profile="bench",
                   concurrency=max(params.concurrency), api_key_env=api_key_env, recipe_path=recipe_path,
                   defaults={"params": asdict(params) | {"concurrency": list(params.concurrency)},
                             "repeat": repeat, "repeats": repeats})
    with open_run(db_path, spec, stack, "-") as (st, rid):
        for name, doc in (extra_docs or {}).items():
            st.put_doc(rid, name, doc)
        yield st, rid


def store_bench_doc(st: Store, rid: str, doc: dict[str, Any], repeat: int) -> None:
    pop_bench_samples(st, rid, doc)  # the resource time series goes to its own table
    doc["run_id"] = rid
    doc["repeat"] = repeat
    st.put_doc(rid, "bench", doc)


async def bench_runs(
    *, db_path: Path, endpoint: str, params: BenchParams | None = None, workload: BenchWorkload | None = None,
    model: str | None = None, repeats: int = 1, recipe: Recipe | None = None, recipe_path: str | None = None,
    api_key: str | None = None, api_key_env: str | None = None, extra_docs: dict[str, Any] | None = None,
    progress: Progress | None = None, on_created: Callable[[str, int], None] | None = None,
    on_done: Callable[[str, int], None] | None = None, skip: int = 0, resources: bool = True,
) -> list[tuple[str, dict[str, Any]]]:
    """Run the bench ``repeats`` times against one endpoint; each repeat is its own stored run.
    Returns (run_id, document) per repeat. ``skip`` repeats already stored (a resumed sweep).
    ``resources``: sample the server's memory and CPU (a loopback server's process tree, else /metrics)."""
    out: list[tuple[str, dict[str, Any]]] = []
    async with Client(client_options(endpoint, api_key, {"total": 1800.0})) as c:
        stack = await discover(c, endpoint, recipe)
        p = bench_plan(stack, endpoint, params=params, workload=workload, model=model)
        res = RunResources.for_endpoint(endpoint, metrics=stack.metrics_available) if resources and skip < repeats else None
        for rep in range(skip, repeats):
            with bench_run(db_path, endpoint=endpoint, stack=stack, params=p, repeat=rep, repeats=repeats,
                           api_key_env=api_key_env, recipe_path=recipe_path, extra_docs=extra_docs) as (st, rid):
                if on_created:
                    on_created(rid, rep)
                if progress:
                    progress(f"bench repeat {rep + 1}/{repeats}: run {rid}")
                t_from = res.begin() if res else 0.0
                doc = await run_bench(c, stack, p, progress=progress, on_phase=res.mark if res else None,
                                      on_snapshot=lambda label, text, st=st, rid=rid: st.put_snapshot(rid, label, text),
                                      on_requests=lambda level, rs, st=st, rid=rid: st.put_bench_requests(rid, level, rs, p.output_tokens))
                if res:
                    attach_to_bench_doc(doc, res, t_from)
                    if rep == repeats - 1:
                        res.close()
                store_bench_doc(st, rid, doc, rep)
            out.append((rid, doc))
            if on_done:
                on_done(rid, rep)
    return out
