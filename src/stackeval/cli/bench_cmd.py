"""`stackeval bench` and `stackeval logs parse`, registered on the main app."""

from __future__ import annotations

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
    prompt: Annotated[str, typer.Option("--prompt", help="continue (default) | repeat: a repetitive prompt for "
                                        "n-gram speculative decoding")] = "continue",
    recipe: Annotated[Path | None, typer.Option("--recipe")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the bench document here")] = None,
    md_out: Annotated[Path | None, typer.Option("--md", help="write a Markdown report here")] = None,
    charts: Annotated[Path | None, typer.Option("--charts", help="write PNG charts into this folder")] = None,
    db: DbOpt = None,
    repeats: Annotated[int, typer.Option("--repeats", min=1, max=100, help="repeat the whole bench; each is a stored run")] = 1,
    self_test: Annotated[bool, typer.Option("--self-test", help="measure the client's own ceiling and exit")] = False,
    resources_check: Annotated[bool, typer.Option("--resources", help="with --self-test: check the resource sampler "
                                                  "(host, process tree, NVML per GPU) and its cost to the client")] = False,
    no_resources: Annotated[bool, typer.Option("--no-resources", help="do not sample the server's memory and CPU")] = False,
    workers: Annotated[int, typer.Option("--workers", min=0, max=64, help="client processes per load level, each "
                                         "its own event loop on one clock (0: enough for the requested load)")] = 0,
    api_key_env: KeyEnvOpt = "OPENAI_API_KEY",
) -> None:
    """Serving performance: single-stream decode, load levels, /metrics windows, speculative decoding."""
    from stackeval.cli.render import console

    if self_test and resources_check:
        from stackeval.cli.resources_cmd import print_resource_self_test

        print_resource_self_test(json_out)
        return
    if self_test:
        from stackeval.runner.selftest import self_test as run_self_test

        res = run_self_test()
        console.print(f"client ceiling against an instant server (64 streams, 16 one-token chunks each): "
                      f"{res['requests_per_s']} req/s, {res['chunks_per_s']} chunks/s, "
                      f"{res['client_cpu_s_per_1000']} client CPU s per 1000 requests")
        if json_out:
            json_out.write_text(json.dumps(res, indent=2))
        return
    from stackeval.report.bench_report import write_bench_charts
    from stackeval.report.render import render_bench_markdown
    from stackeval.runner.bench import BenchParams
    from stackeval.stack.recipe import load_recipe

    rec = load_recipe(recipe) if recipe else None
    endpoint = endpoint or (rec.endpoint if rec else None)
    if not endpoint:
        raise UserError("--endpoint is required")
    levels = _levels(concurrency)
    from stackeval.runner.bench import PROMPT_STYLES

    if prompt not in PROMPT_STYLES:
        raise UserError(f"--prompt takes one of {', '.join(PROMPT_STYLES)}, not {prompt!r}")
    key = os.environ.get(api_key_env) or None

    async def go() -> list[tuple[str, dict]]:
        from stackeval.launch.workloads import bench_runs

        p = BenchParams(model=model or "", output_tokens=output_tokens, input_words=input_words, runs=runs,
                        concurrency=levels, requests_per_level=requests, rate=rate, single_stream=not no_single,
                        prompt_style=prompt, workers=workers)
        return await bench_runs(db_path=_db(db), endpoint=endpoint, params=p, model=model, repeats=repeats, recipe=rec,
                                recipe_path=str(recipe) if recipe else None, api_key=key, api_key_env=api_key_env,
                                progress=lambda m: console.print(m, style="dim"), resources=not no_resources)

    from stackeval.runner.selftest import run_loop

    runs_done = run_loop(go())  # uvloop when installed: less client CPU per streamed chunk
    rid, doc = runs_done[-1]
    md = render_bench_markdown(doc)
    if json_out:
        json_out.write_text(json.dumps(doc, indent=2, default=str))
    if md_out:
        md_out.write_text(md)
    if charts:
        for pth in write_bench_charts(doc, charts):
            console.print(f"chart: {pth}", style="dim")
    from stackeval.cli.render import print_markdown

    print_markdown(md)
    ids = ", ".join(r for r, _ in runs_done)
    console.print(f"bench run id{'s' if len(runs_done) > 1 else ''}: {ids} (db {_db(db)})")


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
