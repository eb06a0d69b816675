"""`stackeval demo`: the embedded default end to end, on a fresh machine."""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
from pathlib import Path

from stackeval.cli.render import console, summary_table
from stackeval.client.http import Client, ClientOptions
from stackeval.localserver import LocalServer
from stackeval.localserver.manager import MODEL_ALIAS
from stackeval.records.recipe import Recipe, ServeSpec
from stackeval.records.request import ChatRequest
from stackeval.report.summary import summarize
from stackeval.runner.outcome import decode_rate
from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor


async def speed_check(base_url: str, model: str, n_tokens: int = 128, runs: int = 3) -> dict[str, float]:
    """Single-stream decode rate at a fixed output length (median of runs; unique prompts)."""
    rates, ttfts = [], []
    async with Client(ClientOptions(base_url=base_url)) as c:
        for i in range(runs + 1):
            body = {"model": model, "max_tokens": n_tokens, "temperature": 0, "ignore_eos": True, "cache_prompt": False,
                    "messages": [{"role": "user", "content": f"[{i}] Write a long story about a lighthouse keeper."}]}
            res = await c.chat(ChatRequest(body=body))
            if i == 0 or not res.ok:  # the first request is an unmeasured warm-up
                continue
            r = decode_rate(res)
            if r is not None:
                rates.append(r)
            if res.timings.ttft_ms is not None:
                ttfts.append(res.timings.ttft_ms)
    return {"decode_tok_s": statistics.median(rates) if rates else float("nan"),
            "ttft_ms": statistics.median(ttfts) if ttfts else float("nan"), "runs": float(len(rates))}


def _cli_hint() -> str:
    """How to call this stackeval from a fresh shell: the venv's script by its path when we run from a
    virtual environment the shell may not have activated."""
    exe = Path(sys.executable).parent / "stackeval"
    if sys.prefix != sys.base_prefix and exe.exists():
        rel = os.path.relpath(exe)
        return rel if not rel.startswith("..") else str(exe)
    return "stackeval"


def run_demo(db: Path, build: str | None = None, *, explicit_db: bool = False) -> None:
    """Everything lands in ``db`` (the default DB unless --db), the server log beside it in
    ``<db stem>-logs/`` (never in the working tree root); the DB is appended to, never wiped."""
    log_dir = db.parent / f"{db.stem}-logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    log = log_dir / "demo-server.log"
    console.print("starting the local llama.cpp server with SmolLM2-135M-Instruct ...")
    with LocalServer(log_path=log, force_build=build) as srv:
        console.print(f"server {srv.base_url} (pid {srv.proc.pid if srv.proc else '?'})")
        console.print(f"build: {srv.build}")
        # the build is a stack variable; why it was picked is a note (it says "cached" on later runs)
        argv = [("${port}" if a == str(srv.port) else a) for a in srv.argv_used]
        recipe = Recipe(name="stackeval-demo", engine="llamacpp", model=MODEL_ALIAS, notes=f"build: {srv.build}",
                        serve=ServeSpec(command=" ".join(argv), flags={"local.build": srv.build_name}))
        out = asyncio.run(execute_suite(
            db_path=db, endpoint=srv.base_url, profile="smoke", model=None, concurrency=2, api_key=None,
            api_key_env=None, recipe=recipe, recipe_path=None, only=[], thinking="default", repeats=1, resume=None,
            force=False, retry_errors=False, executor=LocalExecutor(), timeouts={"total": 120.0},
        ))
        console.print(summary_table(summarize(out.results), f"smoke on {out.stack.engine} {out.stack.engine_version}"))
        speed = asyncio.run(speed_check(srv.base_url, out.stack.models[0] if out.stack.models else "default"))
    console.print(f"speed: single-stream decode {speed['decode_tok_s']:.1f} tok/s at 128 tokens, "
                  f"TTFT {speed['ttft_ms']:.0f} ms (median of {int(speed['runs'])})")
    cli = _cli_hint()
    db_arg = f" --db {db}" if explicit_db or os.environ.get("STACKEVAL_DB") else ""
    console.print(f"results: {db} (run {out.run_id}); the server has been stopped; its log: {log}")
    console.print("next, from this directory:")
    for cmd in (f"report {out.run_id}", f"export {out.run_id} --format json", "runs",
                f"bench -e http://127.0.0.1:PORT  (after: {cli} serve-local)"):
        console.print(f"  {cli} {cmd}{db_arg if not cmd.startswith('bench') else ''}", highlight=False)
    if cli != "stackeval":
        console.print(f"  (or activate the environment first: . {Path(cli).parent}/activate)", highlight=False)
