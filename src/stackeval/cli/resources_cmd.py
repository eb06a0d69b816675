"""``stackeval bench --self-test --resources``: what the resource sampler reads on this machine, and its cost."""

from __future__ import annotations

import json
from pathlib import Path


def _gib(b: float | None) -> str:
    return "–" if b is None else f"{b / 1024**3:.2f} GiB"


def print_resource_self_test(json_out: Path | None) -> None:
    from stackeval.cli.render import console
    from stackeval.launch.resources import resource_self_test

    res = resource_self_test()
    prof, last = res["profile"], res["last_sample"] or {}
    console.print(f"host memory: total {_gib(last.get('host_total_bytes'))}, available "
                  f"{_gib(last.get('host_available_bytes'))} (/proc/meminfo)")
    console.print(f"sampled process tree (an instant server, pid {prof['pid']}): RSS "
                  f"{(last.get('rss_bytes') or 0) / 1024**2:.1f} MiB, {last.get('procs')} process(es)")
    gpus = {g["index"]: g for g in last.get("gpus") or []}
    for d in prof["gpus"]:
        g = gpus.get(d["index"], {})
        mem = ("unified memory (GPU memory is system memory; host figures are its memory)" if d["unified_memory"]
               else f"memory {_gib(g.get('used_bytes'))} used of {_gib(g.get('total_bytes'))}")
        console.print(f"GPU {d['index']} {d['name']}: {mem}, utilisation {g.get('util_pct', '–')}%, "
                      f"power {g.get('power_w', '–')} W (NVML)")
    for n in prof["notes"]:
        console.print(f"note: {n}", style="dim")
    w, s = res["without_sampler"], res["with_sampler"]
    console.print(f"client ceiling without the sampler {w['requests_per_s']} req/s, with it {s['requests_per_s']} req/s "
                  f"({res['overhead_pct']}% difference; client CPU s per 1000 requests {w['client_cpu_s_per_1000']} vs "
                  f"{s['client_cpu_s_per_1000']})")
    console.print(f"the sampler process itself used {res['sampler_cpu_s']} CPU s (its interpreter's start included) in "
                  f"{res['sampler_wall_s']} s of sampling every {prof['interval_s']} s, in its own process: the client's "
                  "event loop never runs it")
    if json_out:
        json_out.write_text(json.dumps(res, indent=2))
