"""Resource profiles of runs: one sampler timeline per server, cut into one profile per run and stored.

- a launched server (a sweep point, ``serve-local``): ``RunResources.for_launch`` right after the spawn, so
  the timeline starts at process start and the log marks weights loaded, KV allocated and ready;
- ``bench``/``run`` against an endpoint: ``RunResources.for_endpoint``, the process tree listening on the
  endpoint's loopback port (its "ready" is the idle state when sampling began), else the remote endpoint's
  /metrics only.

Each run's profile keeps the launch phases and the phases marked during the run (warm-up, each level, ...);
``store_run_resources`` writes it as the run's doc "resources" and its samples to the ``resource_samples`` table.
"""

from __future__ import annotations

import contextlib
import time
import weakref
from pathlib import Path
from typing import Any

from stackeval.perf.resource_summary import summarize
from stackeval.perf.resources import ResourceSampler, for_endpoint, metrics_url_for
from stackeval.records.perf import StartupInfo
from stackeval.records.resources import LAUNCH_PHASES, ResourceProfile, ResourceSample
from stackeval.store.db import Store
from stackeval.store.resources import ResourceStore

__all__ = ["RunResources", "ServeResources", "SuiteResources", "attach_to_bench_doc", "pop_bench_samples", "resource_self_test",
           "store_run_resources"]


class RunResources:
    def __init__(self, sampler: ResourceSampler, *, launched: bool) -> None:
        self.sampler = sampler
        self.launched = launched
        # a run that ends in an exception may not reach close(): the probe still stops with this object
        weakref.finalize(self, sampler.close)

    @classmethod
    def for_endpoint(cls, endpoint: str, *, metrics: bool = True, interval_s: float = 0.25) -> RunResources:
        s = for_endpoint(endpoint, metrics=metrics, interval_s=interval_s).start()
        s.wait_first_sample(5.0)
        return cls(s, launched=False)

    @classmethod
    def for_launch(cls, pid: int, *, log_path: Path | str | None, t_start: float, endpoint: str | None = None,
                   interval_s: float = 0.25) -> RunResources:
        s = ResourceSampler(pid=pid, log_path=log_path, t_start=t_start, interval_s=interval_s,
                            metrics_url=metrics_url_for(endpoint) if endpoint else None).start()
        s.mark("process_start", t_start)
        return cls(s, launched=True)

    @property
    def mark(self) -> Any:
        return self.sampler.mark

    def begin(self) -> float:
        """A run starts: the start of its window (a server not launched by us: its idle phase starts here)."""
        t = time.time()
        if not self.launched:
            self.sampler.mark("idle", t)
            self.sampler.wait_sample_after(t)  # the idle reading, before any load (costs the run nothing)
        return t

    def result(self, t_from: float, *, startup: StartupInfo | None = None) -> tuple[ResourceProfile, list[ResourceSample]]:
        """The profile of the run whose window started at ``t_from`` (launch phases included), and its samples."""
        t_to = time.time()
        self.sampler.wait_sample_after(t_to)  # the run is over: a moment's wait costs it nothing
        info, samples, marks = self.sampler.read()
        prof = summarize(info, samples, marks, source="remote" if self.sampler.remote else "local", startup=startup,
                         window=(t_from, t_to), end_t=t_to, interval_s=self.sampler.interval_s)
        launch_end = min((m.t for m in marks if m.name not in LAUNCH_PHASES), default=t_from)
        launched = any(m.name in LAUNCH_PHASES for m in marks)
        mine = [s for s in samples if t_from <= s.t <= t_to or (launched and s.t < launch_end)]
        mine += [s for s in samples if s.t > t_to][:1]
        return prof, mine

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.sampler.close()


def store_run_resources(st: Store, run_id: str, kind: str, profile: ResourceProfile | dict[str, Any],
                        samples: list[ResourceSample] | list[dict[str, Any]]) -> None:
    prof = profile if isinstance(profile, ResourceProfile) else ResourceProfile.model_validate(profile)
    ss = [s if isinstance(s, ResourceSample) else ResourceSample.model_validate(s) for s in samples]
    ResourceStore(st).put(run_id, kind, prof, ss)
    st.put_doc(run_id, "resources", prof.model_dump(mode="json"))


def attach_to_bench_doc(doc: dict[str, Any], res: RunResources, t_from: float, startup: StartupInfo | None = None) -> None:
    """Put the run's profile into the bench document (``resources``) and its samples beside it
    (``resource_samples``, taken out again by ``pop_bench_samples`` before the document is stored)."""
    prof, samples = res.result(t_from, startup=startup)
    doc["resources"] = prof.model_dump(mode="json")
    doc["resource_samples"] = [s.model_dump(mode="json", exclude_none=True) for s in samples]


def pop_bench_samples(st: Store, rid: str, doc: dict[str, Any]) -> None:
    samples = doc.pop("resource_samples", None)
    if doc.get("resources") and samples is not None:
        store_run_resources(st, rid, "bench", doc["resources"], samples)


class SuiteResources:
    """A suite run against one endpoint (``stackeval run``), or at a sweep point (``shared``: the point's
    sampler, left running): the suite's whole run is one "suite" phase on the timeline."""

    def __init__(self, endpoints: list[str] | None = None, enabled: bool = True,
                 shared: RunResources | None = None) -> None:
        self.owned = shared is None
        self.res = shared if shared is not None else (
            RunResources.for_endpoint(endpoints[0]) if enabled and endpoints and len(endpoints) == 1 else None)
        self.t_from: float | None = None

    def on_start(self, run_id: str) -> None:
        if self.res is not None and self.t_from is None:
            self.t_from = self.res.begin()
            self.res.mark("suite")

    def finish(self, db_path: Path, run_id: str, startup: StartupInfo | None = None) -> None:
        if self.res is None:
            return
        try:
            if self.t_from is not None:
                self.res.mark("end")
                prof, samples = self.res.result(self.t_from, startup=startup)
                with Store(db_path) as st:
                    store_run_resources(st, run_id, "suite", prof, samples)
        finally:
            self.close()

    def close(self) -> None:
        if self.res is not None and self.owned:
            self.res.close()
        self.res = None


def resource_self_test(requests: int = 2000, rounds: int = 3, nvml_replay: str | None = None) -> dict[str, Any]:
    """``stackeval bench --self-test --resources``: sample an instant server in another process exactly as a
    bench would (host memory, its process tree, NVML on every NVIDIA device, its /metrics), and measure the
    client's ceiling against it without and with the sampler running (``rounds`` alternating pairs, medians).
    On a GPU machine this is the one command that shows whether NVML answers (device names, memory used/total,
    utilisation, power)."""
    from statistics import median

    from stackeval.runner.selftest import measure, run_loop, start_instant_server, stop

    proc, url = start_instant_server()
    runs: dict[str, list[dict[str, Any]]] = {"without": [], "with": []}
    probe_cpu_s = probe_wall_s = 0.0
    try:
        for _ in range(rounds):
            runs["without"].append(run_loop(measure(url, requests)))
            s = ResourceSampler(pid=proc.pid, metrics_url=metrics_url_for(url), interval_s=0.25,
                                nvml_replay=nvml_replay).start()
            try:
                s.wait_first_sample(10.0)
                s.mark("idle")
                s.wait_sample_after(time.time())
                s.mark("load")
                runs["with"].append(run_loop(measure(url, requests)))
                s.mark("end")
                s.wait_sample_after(time.time())
                if s.proc is not None:  # the probe's own CPU time: its whole cost to this machine
                    from stackeval.perf.resource_probe import tree_usage

                    probe_cpu_s += tree_usage(s.proc.pid)[1] or 0.0
                    probe_wall_s += time.time() - (s.marks[0].t if s.marks else time.time())
                info, samples, marks = s.read()
                prof = summarize(info, samples, marks, source="local", interval_s=s.interval_s)
                last = samples[-1] if samples else None
            finally:
                s.close()
    finally:
        stop(proc)

    def med(key: str, arm: str) -> float:
        return round(median(r[key] for r in runs[arm]), 3)

    without = {k: med(k, "without") for k in ("requests_per_s", "client_cpu_s_per_1000")}
    with_sampler = {k: med(k, "with") for k in ("requests_per_s", "client_cpu_s_per_1000")}
    a, b = without["requests_per_s"], with_sampler["requests_per_s"]
    return {"without_sampler": without, "with_sampler": with_sampler, "rounds": rounds, "runs": runs,
            "overhead_pct": round(100 * (a - b) / a, 2) if a else None,
            "sampler_cpu_s": round(probe_cpu_s, 3), "sampler_wall_s": round(probe_wall_s, 3),
            "profile": prof.model_dump(mode="json", exclude={"series"}),
            "last_sample": last.model_dump(mode="json", exclude_none=True) if last else None}


class ServeResources:
    """``stackeval serve-local``: the sampler from the spawn on; a line at ready and one at the end."""

    def __init__(self, log_path: Path | None) -> None:
        self.log_path = log_path
        self.res: RunResources | None = None

    def on_spawn(self, pid: int, t: float) -> None:
        self.res = RunResources.for_launch(pid, log_path=self.log_path, t_start=t)

    def at_ready(self) -> str:
        if self.res is None:
            return "resources: not sampled"
        t = time.time()
        self.res.mark("ready", t)
        self.res.sampler.wait_sample_after(t)
        _info, samples, _m = self.res.sampler.read()
        s = next((x for x in samples if x.t >= t), None)
        if s is None or s.rss_bytes is None:
            return "resources: no reading yet"
        return (f"at ready: server RSS {s.rss_bytes / 1024**2:.1f} MiB, host memory available "
                f"{(s.host_available_bytes or 0) / 1024**3:.2f} of {(s.host_total_bytes or 0) / 1024**3:.2f} GiB")

    def finish(self) -> str:
        if self.res is None:
            return ""
        try:
            self.res.mark("stop")
            prof = self.res.sampler.profile()
            peak = max((p.rss_peak or 0 for p in prof.phases), default=0)
            return f"resources: {prof.samples} samples; server RSS peak {peak / 1024**2:.1f} MiB"
        finally:
            self.res.close()
