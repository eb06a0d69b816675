"""`stackeval demo`: the embedded default end to end, on a fresh machine."""

from __future__ import annotations

import asyncio
import statistics
from pathlib import Path

from stackeval.cli.render import console, summary_table
from stackeval.client.http import Client, ClientOptions
from stackeval.localserver import LocalServer
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


def run_demo(db: Path, keep: bool) -> None:
    if db.exists() and not keep:
        for suffix in ("", "-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
    log = db.with_suffix(".server.log")
    console.print("starting the local llama.cpp server with SmolLM2-135M-Instruct ...")
    with LocalServer(log_path=log) as srv:
        console.print(f"server {srv.base_url} (pid {srv.proc.pid if srv.proc else '?'}; {srv.build})")
        out = asyncio.run(execute_suite(
            db_path=db, endpoint=srv.base_url, profile="smoke", model=None, concurrency=2, api_key=None,
            api_key_env=None, recipe=None, recipe_path=None, only=[], thinking="default", repeats=1, resume=None,
            force=False, retry_errors=False, executor=LocalExecutor(), timeouts={"total": 120.0},
        ))
        console.print(summary_table(summarize(out.results), f"smoke on {out.stack.engine} {out.stack.engine_version}"))
        speed = asyncio.run(speed_check(srv.base_url, out.stack.models[0] if out.stack.models else "default"))
    console.print(f"speed: single-stream decode {speed['decode_tok_s']:.1f} tok/s at 128 tokens, "
                  f"TTFT {speed['ttft_ms']:.0f} ms (median of {int(speed['runs'])})")
    console.print(f"results: {db} (run {out.run_id}); try: stackeval export {out.run_id} --db {db}")
    console.print(f"server log: {log}; the server has been stopped")
