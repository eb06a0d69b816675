"""Measure the Ray executor's overhead against the local one: the same sweep (3 points over the local
llama.cpp server, a smoke suite and a small bench at each), once through ``launch.run_sweep`` and once
through ``launch.run_sweep`` with ``distributed.RayHosts`` on a local single-machine Ray instance (loopback, 2 CPUs).

    python -m tests.distributed.overhead [--json out.json]

Prints wall times (whole sweep, per point, per suite run) for both executors and Ray's start-up cost.
Not a test: one run each, on whatever load the machine has (see docs/ray.md for a recorded result).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

RECIPE: dict[str, Any] = {
    "name": "overhead", "engine": "llamacpp",
    "serve": {"command": "${llama_server} -m ${local_model} --host ${host} --port ${port} -c 2048 -t 1 --metrics "
                         "-a smollm2-135m"},
    "matrix": {"-np": [1, 2, 3]},
    "hardware": {"ray_resources": {"FAKE_GPU": 1, "CPU": 0}},
    "workloads": [
        {"kind": "suite", "profile": "smoke", "concurrency": 2},
        {"kind": "bench", "output_tokens": 16, "input_words": 16, "concurrency": [2], "runs": 1,
         "requests_per_level": 4, "single_stream": False},
    ],
    "launch": {"health_timeout_s": 120, "max_parallel": 1, "stop_grace_s": 5},
}


def _secs(a: str | None, b: str | None) -> float | None:
    if not a or not b:
        return None
    f = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))  # noqa: E731
    return round((f(b) - f(a)).total_seconds(), 2)


def _summary(db: Path, sweep_id: str) -> dict[str, Any]:
    from stackeval.store.db import Store
    from stackeval.store.sweeps import SweepStore

    with Store(db, create=False) as st:
        ss = SweepStore(st)
        points = ss.points(sweep_id)
        runs = ss.runs_of(sweep_id)
        suite_s: list[float] = []
        for recs in runs.values():
            for rid in recs:
                info = st.run_info(rid)
                if info.kind == "suite":
                    suite_s.append(_secs(info.started_at, info.finished_at) or 0.0)
    return {"points": [{"name": p.point.name, "status": p.status, "wall_s": _secs(p.started_at, p.finished_at),
                        "ready_s": p.ready_s} for p in points],
            "suite_run_s": suite_s, "suite_run_median_s": statistics.median(suite_s) if suite_s else None}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    from stackeval.distributed.cluster import connected
    from stackeval.distributed.host import RayHosts
    from stackeval.distributed.records import RayOptions
    from stackeval.launch.sweep import run_sweep
    from stackeval.records.sweep import SweepRecipe
    from stackeval.sandbox.local import LocalExecutor

    recipe = SweepRecipe.model_validate(RECIPE)
    out: dict[str, Any] = {"load_avg_before": os.getloadavg(), "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "overhead.db"
        t = time.perf_counter()
        local = asyncio.run(run_sweep(recipe, db_path=db, executor=LocalExecutor()))
        out["local"] = {"sweep_s": round(time.perf_counter() - t, 2), **_summary(db, local.sweep_id)}
        t = time.perf_counter()
        opts = RayOptions(local_num_cpus=2, local_resources={"FAKE_GPU": 2})
        with connected(opts):
            out["ray_start_s"] = round(time.perf_counter() - t, 2)
            t = time.perf_counter()
            remote = asyncio.run(run_sweep(recipe, db_path=db, hosts=RayHosts(opts)))
            out["ray"] = {"sweep_s": round(time.perf_counter() - t, 2), **_summary(db, remote.sweep_id)}
            t = time.perf_counter()
        out["ray_stop_s"] = round(time.perf_counter() - t, 2)
    out["load_avg_after"] = os.getloadavg()
    out["overhead_s"] = round(out["ray"]["sweep_s"] - out["local"]["sweep_s"], 2)
    out["overhead_pct"] = round(100 * out["overhead_s"] / out["local"]["sweep_s"], 1)
    text = json.dumps(out, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text)


if __name__ == "__main__":
    main()
