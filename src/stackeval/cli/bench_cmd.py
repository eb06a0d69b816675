"""`stackeval bench` and `stackeval logs parse`, registered on the main app."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Annotated

import typer

from stackeval.cli.app import DbOpt, KeyEnvOpt, _db, app
from stackeval.errors import UserError

logs_app = typer.Typer(no_args_is_help=True, help="Parse server logs.")
app.add_typer(logs_app, name="logs")


def _levels(s: str) -> tuple[int, ...]:
    try:
        out = tuple(int(x) for x in s.split(",") if x.strip())
    except ValueError:
        raise UserError(f"--concurrency takes a comma list of integers, not {s!r}") from None
    if not out or any(c < 1 for c in out):
        raise UserError(f"--concurrency takes positive integers, not {s!r}")
    return out


@app.command()
def bench(
    endpoint: Annotated[str | None, typer.Option("--endpoint", "-e")] = None,
    model: Annotated[str | None, typer.Option("--model", "-m")] = None,
    output_tokens: Annotated[int, typer.Option("--output-tokens", "-n", min=2)] = 256,
    input_words: Annotated[int, typer.Option("--input-words", min=1, help="prompt length in words")] = 64,
    runs: Annotated[int, typer.Option("--runs", min=1, help="single-stream repeats")] = 3,
    concurrency: Annotated[str, typer.Option("--concurrency", "-c", help="levels, e.g. 1,2,4,8,16")] = "8",
    requests: Annotated[int | None, typer.Option("--requests", help="requests per level (default 2x concurrency, >= 8)")] = None,
    rate: Annotated[float | None, typer.Option("--rate", help="open-loop Poisson arrivals, req/s")] = None,
    no_single: Annotated[bool, typer.Option("--no-single-stream")] = False,
    recipe: Annotated[Path | None, typer.Option("--recipe")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the bench document here")] = None,
    md_out: Annotated[Path | None, typer.Option("--md", help="write a Markdown report here")] = None,
    charts: Annotated[Path | None, typer.Option("--charts", help="write PNG charts into this folder")] = None,
    db: DbOpt = None,
    self_test: Annotated[bool, typer.Option("--self-test", help="measure the client's own ceiling and exit")] = False,
    api_key_env: KeyEnvOpt = "OPENAI_API_KEY",
) -> None:
    """Serving performance: single-stream decode, load levels, /metrics windows, speculative decoding."""
    from stackeval.cli.render import console

    if self_test:
        from stackeval.runner.selftest import self_test as run_self_test

        res = run_self_test()
        console.print(f"client ceiling against an instant server (64 streams, 16 one-token chunks each): "
                      f"{res['requests_per_s']} req/s, {res['chunks_per_s']} chunks/s, "
                      f"{res['client_cpu_s_per_1000']} client CPU s per 1000 requests")
        if json_out:
            json_out.write_text(json.dumps(res, indent=2))
        return
    from stackeval._version import __version__
    from stackeval.client.http import Client
    from stackeval.records.run import RunSpec
    from stackeval.report.bench_report import render_bench_markdown, write_bench_charts
    from stackeval.runner.bench import BenchParams, run_bench
    from stackeval.runner.session import client_options, git_rev
    from stackeval.stack.discover import discover
    from stackeval.stack.recipe import load_recipe
    from stackeval.store.db import Store

    rec = load_recipe(recipe) if recipe else None
    endpoint = endpoint or (rec.endpoint if rec else None)
    if not endpoint:
        raise UserError("--endpoint is required")
    levels = _levels(concurrency)
    key = os.environ.get(api_key_env) or None

    async def go() -> tuple[dict, str]:
        async with Client(client_options(endpoint, key, {"total": 1800.0})) as c:
            stack = await discover(c, endpoint, rec)
            chosen = model or (stack.models[0] if stack.models else None)
            if not chosen:
                raise UserError(f"{endpoint} lists no models; pass --model")
            p = BenchParams(model=chosen, output_tokens=output_tokens, input_words=input_words, runs=runs,
                            concurrency=levels, requests_per_level=requests, rate=rate, single_stream=not no_single)
            with Store(_db(db)) as st:
                spec = RunSpec(kind="bench", endpoint=endpoint, model=chosen, profile="bench",
                               concurrency=max(levels), api_key_env=api_key_env,
                               recipe_path=str(recipe) if recipe else None, defaults={"params": p.__dict__ | {"concurrency": list(levels)}})
                rid = st.create_run(spec, stack, "-", __version__, git_rev())
                try:
                    doc = await run_bench(c, stack, p, progress=lambda m: console.print(m, style="dim"),
                                          on_snapshot=lambda label, text: st.put_snapshot(rid, label, text))
                except BaseException:
                    st.set_run_status(rid, "interrupted")
                    raise
                doc["run_id"] = rid
                st.put_doc(rid, "bench", doc)
                st.set_run_status(rid, "complete", finished=True)
            return doc, rid

    doc, rid = asyncio.run(go())
    md = render_bench_markdown(doc)
    if json_out:
        json_out.write_text(json.dumps(doc, indent=2, default=str))
    if md_out:
        md_out.write_text(md)
    if charts:
        for pth in write_bench_charts(doc, charts):
            console.print(f"chart: {pth}", style="dim")
    from rich.markdown import Markdown

    console.print(Markdown(md))
    console.print(f"bench run id: {rid} (db {_db(db)})")


@logs_app.command("parse")
def logs_parse(
    file: Annotated[Path, typer.Argument(help="a server startup log")],
    engine: Annotated[str | None, typer.Option("--engine", help="vllm|sglang|llama.cpp (default: detect)")] = None,
) -> None:
    """Startup facts from a server log: version, KV capacity, backends, CUDA graphs, first fatal error."""
    from stackeval.stack.logs import parse_startup_log

    try:
        text = file.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise UserError(f"{file}: cannot read: {e.strerror or e}") from e
    info = parse_startup_log(text, engine)
    print(info.model_dump_json(indent=2, exclude_none=True))
