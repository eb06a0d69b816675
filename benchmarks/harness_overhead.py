"""Harness overhead for a whole profile against an instant scripted endpoint.

Prints the wall time of a full run (client + runner + graders + sandbox + store) replaying the
reference answers, and the grading time per grader kind measured by grading every reference directly.

    python benchmarks/harness_overhead.py [PROFILE] [--concurrency N] [--reasoning-tokens N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from stackeval.graders.base import GradeContext, grade
from stackeval.records.answer import Answer
from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.suites import load_profile
from stackeval.testing.fakeserver import FakeServer, replay_responder


async def full_run(profile: str, concurrency: int, db: Path, reasoning_tokens: int = 0) -> tuple[float, int, int]:
    suite = load_profile(profile)
    # with reasoning: N tokens of reasoning_content before each reference (16 per chunk), counted against
    # max_tokens like vLLM; the run learns that the model reasons from the first responses
    responder = replay_responder(suite.items, "reference", reasoning_tokens=reasoning_tokens,
                                 usage_reasoning_tokens=True, tokens_per_chunk=16 if reasoning_tokens else 1)
    async with FakeServer(responder, enforce_max_tokens=reasoning_tokens > 0, max_model_len=32768) as srv:
        t0 = time.perf_counter()
        out = await execute_suite(
            db_path=db, endpoint=srv.base_url, profile=profile, model=None, concurrency=concurrency, api_key=None,
            api_key_env=None, recipe=None, recipe_path=None, only=[], thinking="default", repeats=1, resume=None,
            force=False, retry_errors=False, executor=LocalExecutor(), timeouts={"total": 60.0},
        )
        wall = time.perf_counter() - t0
    return wall, sum(r.status == "pass" for r in out.results), len(out.results)


def per_kind(profile: str) -> dict[str, list[float]]:
    suite = load_profile(profile)
    ex = LocalExecutor()
    times: dict[str, list[float]] = defaultdict(list)
    for it in suite.items:
        ans = Answer(content=it.reference.content, tool_calls=it.reference.tool_calls, finish_reason="stop")
        t0 = time.perf_counter()
        grade(it.grader, ans, GradeContext(executor=ex, tools=tuple(it.tools or ())))
        times[it.grader["kind"]].append(time.perf_counter() - t0)
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", nargs="?", default="strict")
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--reasoning-tokens", type=int, default=0, help="stream N reasoning tokens before each reference")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        wall, passed, total = asyncio.run(full_run(a.profile, a.concurrency, Path(d) / "o.db", a.reasoning_tokens))
    print(f"full run of {a.profile}: {total} tests ({passed} passed) in {wall:.2f} s "
          f"= {1000 * wall / max(total, 1):.1f} ms per test at concurrency {a.concurrency}")
    print(f"{'grader':<12} {'items':>5} {'total s':>8} {'median ms':>10} {'max ms':>8}")
    for kind, ts in sorted(per_kind(a.profile).items()):
        print(f"{kind:<12} {len(ts):>5} {sum(ts):>8.2f} {1000 * statistics.median(ts):>10.1f} {1000 * max(ts):>8.1f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
