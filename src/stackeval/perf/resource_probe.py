"""The resource sampler's own process: reads /proc, NVML and /metrics at an interval and appends one JSON
line per reading to a file. It runs as ``python -m stackeval.perf.resource_probe`` beside the client, so
the client's event loop (which stamps tokens) never waits for it and never shares a GIL with it.

Standard library only (NVML through ``pynvml`` from ``nvidia-ml-py`` when installed), so it starts fast.

Lines written (``k`` is the kind):
  {"k": "info", "pid": ..., "host_total_bytes": ..., "gpus": [...], "unified_memory": ..., "notes": [...]}
  {"k": "s", "t": ..., "host_total_bytes", "host_available_bytes", "rss_bytes", "cpu_s", "procs", "gpus": [...],
   "kv_cache_usage", "running", "waiting"}
  {"k": "m", "name": "weights_loaded" | "kv_allocated" | "ready" | "server_exited", "t": ..., "source": "log", "detail": line}
  {"k": "end", "t": ..., "why": ...}

On a GPU machine, ``python -m stackeval.perf.resource_probe --record-nvml FILE`` writes what NVML answers
(the format ``perf.nvml_replay.RecordedNvml`` replays), so a real device's responses can become a test fixture.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["read_meminfo", "tree_pids", "tree_usage", "listening_pid", "NvmlGpus", "LogWatcher", "gauges_from_metrics",
           "LOG_MARKERS", "main"]

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

# startup-log lines that end a launch phase, for llama.cpp, vLLM and SGLang (see stack/logs.py for the facts
# read from the same lines). First match wins; a phase whose line is not printed is simply not marked.
LOG_MARKERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("weights_loaded", re.compile(r"load_tensors: .*model buffer size|llama_context: constructing|Model loading took"
                                  r"|Loading weights took|Load weight end")),
    ("kv_allocated", re.compile(r"llama_kv_cache\w*: +size =|llama_kv_cache\w*: .*KV buffer size|Available KV cache memory"
                                r"|KV cache size: [\d,]+ tokens|# (?:GPU|CPU) blocks:|KV Cache is allocated"
                                r"|llama threadpool init")),
    ("ready", re.compile(r"server is listening on|listening on http|Application startup complete"
                         r"|fired up and ready to roll")),
)
_LCPP_TS = re.compile(r"^(\d+)\.(\d\d)\.(\d{3})\.(\d{3}) ")  # llama.cpp: minutes.seconds.ms.us since start

# /metrics gauges per engine: (kv usage 0..1, running, waiting)
_GAUGES = {
    "kv_cache_usage": ("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc", "llamacpp:kv_cache_usage_ratio",
                       "sglang:token_usage"),
    "running": ("vllm:num_requests_running", "llamacpp:requests_processing", "sglang:num_running_reqs"),
    "waiting": ("vllm:num_requests_waiting", "llamacpp:requests_deferred", "sglang:num_queue_reqs"),
}
_METRIC_LINE = re.compile(r"^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)", re.M)


# ------------------------------------------------------------------------------------------ /proc


def read_meminfo(path: str = "/proc/meminfo") -> tuple[int | None, int | None]:
    """(MemTotal, MemAvailable) in bytes."""
    total = avail = None
    try:
        with open(path, encoding="ascii") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    total = int(line.split()[1]) * 1024
                elif line.startswith("MemAvailable:"):
                    avail = int(line.split()[1]) * 1024
                if total is not None and avail is not None:
                    break
    except OSError:
        pass
    return total, avail


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", encoding="ascii") as f:
                out += [int(x) for x in f.read().split()]
        except OSError:
            continue
    return out


def tree_pids(root: int) -> list[int]:
    """``root`` and all its descendants (through /proc/<pid>/task/<tid>/children)."""
    seen, todo = [], [root]
    while todo:
        p = todo.pop()
        if p in seen or not os.path.exists(f"/proc/{p}"):
            continue
        seen.append(p)
        todo += _children(p)
    return seen


def _stat(pid: int) -> tuple[int, float] | None:
    """(rss bytes, user+system CPU seconds) of one process."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            s = f.read()
    except OSError:
        return None
    fields = s[s.rindex(")") + 2:].split()
    # fields[0] is field 3 (state): utime=14, stime=15, rss=24 -> indices 11, 12, 21
    return int(fields[21]) * PAGE, (int(fields[11]) + int(fields[12])) / TICKS


def tree_usage(root: int) -> tuple[int | None, float | None, int]:
    """(summed RSS, summed CPU seconds, number of processes) of ``root``'s tree. Shared pages are counted in
    every process that maps them (RSS semantics, as ``ps`` reports it)."""
    rss, cpu, n = 0, 0.0, 0
    for p in tree_pids(root):
        st = _stat(p)
        if st is None:
            continue
        rss += st[0]
        cpu += st[1]
        n += 1
    return (rss, cpu, n) if n else (None, None, 0)


def _listening_inodes(port: int) -> set[str]:
    out: set[str] = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(name, encoding="ascii") as f:
                next(f, None)
                for line in f:
                    parts = line.split()
                    if len(parts) > 9 and parts[3] == "0A" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                        out.add(parts[9])
        except OSError:
            continue
    return out


def listening_pid(port: int) -> int | None:
    """The process (visible to us) with a socket listening on ``port``, or None."""
    inodes = _listening_inodes(port)
    if not inodes:
        return None
    want = {f"socket:[{i}]" for i in inodes}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            fds = os.listdir(f"/proc/{d}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"/proc/{d}/fd/{fd}") in want:
                    return int(d)
            except OSError:
                continue
    return None


# ------------------------------------------------------------------------------------------ NVML


def _nvml_not_supported(nvml: Any, e: Exception) -> bool:
    return getattr(e, "value", None) == getattr(nvml, "NVML_ERROR_NOT_SUPPORTED", 3)


# devices whose GPU memory is the system memory (NVML reports no memory info, or the OS's)
_UNIFIED_NAMES = re.compile(r"\bGB10\b|\bThor\b|\bOrin\b|\bXavier\b|\bTegra\b", re.I)


class NvmlGpus:
    """GPU memory used/total, utilisation and power per device, and the server tree's GPU memory, through
    NVML. ``nvml`` is the ``pynvml`` module (nvidia-ml-py) or a stand-in with the same functions
    (``perf.nvml_replay.RecordedNvml``)."""

    def __init__(self, nvml: Any) -> None:
        self.nvml = nvml
        self.handles: list[Any] = []
        self.devices: list[dict[str, Any]] = []

    def open(self) -> list[dict[str, Any]]:
        n = self.nvml
        n.nvmlInit()
        for i in range(n.nvmlDeviceGetCount()):
            h = n.nvmlDeviceGetHandleByIndex(i)
            name = n.nvmlDeviceGetName(h)
            name = name.decode() if isinstance(name, bytes) else str(name)
            total, unified = None, bool(_UNIFIED_NAMES.search(name))
            try:
                total = int(n.nvmlDeviceGetMemoryInfo(h).total)
            except Exception as e:  # noqa: BLE001 (NVMLError and its subclasses)
                if not _nvml_not_supported(n, e):
                    raise
                unified = True  # no dedicated memory to report: the GPU uses system memory
            self.handles.append(h)
            self.devices.append({"index": i, "name": name, "total_bytes": None if unified else total,
                                 "unified_memory": unified})
        return self.devices

    def _try(self, fn: str, h: Any) -> Any:
        try:
            return getattr(self.nvml, fn)(h)
        except Exception:  # noqa: BLE001 (a figure this device does not report is left out)
            return None

    def read(self, pids: set[int]) -> list[dict[str, Any]]:
        out = []
        for dev, h in zip(self.devices, self.handles, strict=True):
            r: dict[str, Any] = {"index": dev["index"]}
            if not dev["unified_memory"]:
                mem = self._try("nvmlDeviceGetMemoryInfo", h)
                if mem is not None:
                    r["used_bytes"], r["total_bytes"] = int(mem.used), int(mem.total)
            util = self._try("nvmlDeviceGetUtilizationRates", h)
            if util is not None:
                r["util_pct"] = float(util.gpu)
            power = self._try("nvmlDeviceGetPowerUsage", h)
            if power is not None:
                r["power_w"] = round(power / 1000.0, 3)
            procs = self._try("nvmlDeviceGetComputeRunningProcesses", h)
            if procs is not None and pids:
                mine = [p.usedGpuMemory for p in procs if p.pid in pids and p.usedGpuMemory is not None]
                if mine:
                    r["proc_used_bytes"] = int(sum(mine))
            out.append(r)
        return out

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.nvml.nvmlShutdown()


def _nvidia_present() -> bool:
    return os.path.exists("/proc/driver/nvidia/gpus") or os.path.exists("/dev/nvidia0")


def open_gpus(replay: str | None, pid: int | None = None) -> tuple[NvmlGpus | None, list[str]]:
    """NVML over the recorded responses in ``replay``, else the real pynvml; (None, why) when there is none."""
    if replay:
        from stackeval.perf.nvml_replay import RecordedNvml

        nvml: Any = RecordedNvml.load(replay, root_pid=pid)
    else:
        try:
            import pynvml  # type: ignore[import-not-found]  # nvidia-ml-py, the optional extra "gpu"
        except ImportError:
            if _nvidia_present():
                return None, ["an NVIDIA driver is present but nvidia-ml-py is not installed: pip install 'stackeval[gpu]'"]
            return None, ["no NVIDIA device"]
        nvml = pynvml
    g = NvmlGpus(nvml)
    try:
        g.open()
    except Exception as e:  # noqa: BLE001 (no driver, no device: no GPU figures, said once)
        return None, [f"no NVIDIA device (NVML: {e})"]
    return g, []


# ------------------------------------------------------------------------------------------ log, /metrics


class LogWatcher:
    """Tails a server log; the first line matching each of ``LOG_MARKERS`` marks that phase. llama.cpp lines
    carry their time since process start, which (with the spawn time) dates the mark exactly; otherwise the
    mark is dated when the line was read (within one interval)."""

    def __init__(self, path: str, t_start: float | None) -> None:
        self.path, self.t_start = path, t_start
        self.pos, self.buf = 0, ""
        self.done: set[str] = set()

    def poll(self) -> list[dict[str, Any]]:
        try:
            with open(self.path, "rb") as f:
                f.seek(self.pos)
                chunk = f.read(4 * 1024 * 1024)
        except OSError:
            return []
        self.pos += len(chunk)
        text = self.buf + chunk.decode("utf-8", "replace")
        lines = text.split("\n")
        self.buf = lines.pop()
        now = time.time()
        out = []
        for line in lines:
            for name, rx in LOG_MARKERS:
                if name in self.done or not rx.search(line):
                    continue
                self.done.add(name)
                t = now
                m = _LCPP_TS.match(line)
                if m and self.t_start is not None:
                    mins, secs, ms, us = (int(x) for x in m.groups())
                    t = min(now, self.t_start + mins * 60 + secs + ms / 1e3 + us / 1e6)
                out.append({"k": "m", "name": name, "t": round(t, 4), "source": "log", "detail": line.strip()[:300]})
        return out


def gauges_from_metrics(text: str) -> dict[str, float]:
    vals: dict[str, float] = {}
    for name, v in _METRIC_LINE.findall(text):
        for key, names in _GAUGES.items():
            if name in names and key not in vals:
                try:
                    vals[key] = float(v)
                except ValueError:
                    continue
    if "kv_cache_usage" in vals and vals["kv_cache_usage"] > 1.0:  # some versions report per cent
        vals["kv_cache_usage"] /= 100.0
    return vals


def _scrape(url: str) -> dict[str, float]:
    try:
        with urllib.request.urlopen(url, timeout=2) as r:  # noqa: S310 (the endpoint under test)
            return gauges_from_metrics(r.read().decode("utf-8", "replace"))
    except (OSError, ValueError):
        return {}


# ------------------------------------------------------------------------------------------ the loop


def sample(pid: int | None, gpus: NvmlGpus | None, metrics_url: str | None, host: bool = True) -> dict[str, Any]:
    s: dict[str, Any] = {"k": "s", "t": round(time.time(), 4)}
    if host:
        s["host_total_bytes"], s["host_available_bytes"] = read_meminfo()
    pids: set[int] = set()
    if pid is not None:
        pids = set(tree_pids(pid))
        rss, cpu, n = tree_usage(pid)
        if n:
            s.update(rss_bytes=rss, cpu_s=round(cpu or 0.0, 3), procs=n)
    if gpus is not None:
        s["gpus"] = gpus.read(pids)
    if metrics_url:
        s.update(_scrape(metrics_url))
    return s


def run(out: Path, *, pid: int | None, interval: float, log: str | None, t_start: float | None,
        metrics_url: str | None, gpu: bool, replay: str | None, host: bool = True, orphan_unlink: bool = False) -> None:
    stop = {"why": None}

    def on_term(*_a: object) -> None:
        stop["why"] = "stopped"

    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C goes to the parent, which stops us
    parent = os.getppid()
    gpus, notes = open_gpus(replay, pid) if gpu else (None, ["GPU sampling off"])
    watcher = LogWatcher(log, t_start) if log else None
    total = read_meminfo()[0] if host else None
    unified = bool(gpus and any(d["unified_memory"] for d in gpus.devices))
    with open(out, "a", encoding="utf-8", buffering=1) as f:
        f.write(json.dumps({"k": "info", "pid": pid, "host_total_bytes": total, "interval_s": interval,
                            "gpus": gpus.devices if gpus else [], "unified_memory": unified, "notes": notes}) + "\n")
        exited = False
        try:
            while stop["why"] is None:
                t = time.monotonic()
                if watcher is not None:
                    for m in watcher.poll():
                        f.write(json.dumps(m) + "\n")
                f.write(json.dumps(sample(pid if not exited else None, gpus, metrics_url, host)) + "\n")
                if pid is not None and not exited and not os.path.exists(f"/proc/{pid}"):
                    exited = True
                    f.write(json.dumps({"k": "m", "name": "server_exited", "t": round(time.time(), 4),
                                        "source": "sampler"}) + "\n")
                if os.getppid() != parent:  # the client is gone: so are we
                    stop["why"] = "parent exited"
                    break
                time.sleep(max(0.0, interval - (time.monotonic() - t)))
        finally:
            if watcher is not None:
                for m in watcher.poll():
                    f.write(json.dumps(m) + "\n")
            f.write(json.dumps({"k": "end", "t": round(time.time(), 4), "why": stop["why"]}) + "\n")
            if gpus is not None:
                gpus.close()
    if orphan_unlink and stop["why"] == "parent exited":
        with contextlib.suppress(OSError):
            out.unlink()


def record_nvml(path: str, ticks: int = 3, every_s: float = 0.5) -> None:
    """Write what the real NVML answers (a fixture for ``RecordedNvml``)."""
    import pynvml  # type: ignore[import-not-found]

    from stackeval.perf.nvml_replay import record

    Path(path).write_text(json.dumps(record(pynvml, ticks=ticks, every_s=every_s), indent=2))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m stackeval.perf.resource_probe")
    ap.add_argument("--out")
    ap.add_argument("--pid", type=int)
    ap.add_argument("--interval", type=float, default=0.25)
    ap.add_argument("--log")
    ap.add_argument("--t-start", type=float)
    ap.add_argument("--metrics-url")
    ap.add_argument("--no-gpu", action="store_true")
    ap.add_argument("--no-host", action="store_true", help="a remote endpoint: this machine's memory is not its")
    ap.add_argument("--nvml-replay")
    ap.add_argument("--record-nvml", metavar="FILE")
    ap.add_argument("--orphan-unlink", action="store_true", help="delete --out when the parent process is gone")
    a = ap.parse_args(argv)
    if a.record_nvml:
        record_nvml(a.record_nvml)
        return
    if not a.out:
        ap.error("--out is required")
    run(Path(a.out), pid=a.pid, interval=a.interval, log=a.log, t_start=a.t_start, metrics_url=a.metrics_url,
        gpu=not a.no_gpu, replay=a.nvml_replay, host=not a.no_host, orphan_unlink=a.orphan_unlink)


if __name__ == "__main__":
    sys.exit(main())
