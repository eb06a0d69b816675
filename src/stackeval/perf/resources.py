"""The resource sampler, seen from the client: start the probe process (``perf.resource_probe``) beside a
server, mark phases on the same timeline, read the profile back, stop it.

The probe is a separate process: it reads /proc, NVML and /metrics at its own interval and writes JSON lines
to a file, so the event loop that stamps tokens neither waits for it nor shares a GIL with it. The client's
only cost is ``mark`` (a list append with a timestamp) at phase boundaries, and reading the file at the end.

Which server: a launched one (its pid and log are known), or, for ``bench``/``run`` against an endpoint, the
process listening on the endpoint's loopback port (``for_endpoint``); any other endpoint is remote and gets
its /metrics gauges only, with host figures said to be unavailable.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

from stackeval.perf.resource_probe import listening_pid
from stackeval.perf.resource_summary import parse_probe_lines, summarize
from stackeval.records.endpoint import parse_endpoint
from stackeval.records.perf import StartupInfo
from stackeval.records.resources import PhaseMark, ResourceProfile, ResourceSample

__all__ = ["ResourceSampler", "for_endpoint", "is_loopback", "metrics_url_for"]

_LOOPBACK = ("127.0.0.1", "localhost", "::1", "0.0.0.0", "")


def is_loopback(endpoint: str) -> bool:
    host = urlparse(endpoint).hostname or ""
    return host in _LOOPBACK or host.startswith("127.")


def metrics_url_for(endpoint: str) -> str:
    """/metrics hangs off the server root, whichever way the endpoint is written (``…/v1``, a prefix)."""
    return parse_endpoint(endpoint).url("/metrics")


class ResourceSampler:
    """One probe process over one timeline. ``pid`` None: a remote endpoint (``metrics_url`` only)."""

    def __init__(self, *, pid: int | None = None, metrics_url: str | None = None, log_path: Path | str | None = None,
                 t_start: float | None = None, interval_s: float = 0.25, gpu: bool = True,
                 nvml_replay: str | None = None, out_path: Path | None = None, remote: bool = False) -> None:
        self.pid, self.metrics_url, self.log_path = pid, metrics_url, log_path
        self.t_start, self.interval_s, self.gpu, self.nvml_replay = t_start, interval_s, gpu, nvml_replay
        self.remote = remote or pid is None
        self._own_file = out_path is None
        self.out_path = out_path or Path(tempfile.gettempdir()) / f"stackeval-res-{os.getpid()}-{uuid.uuid4().hex[:12]}.jsonl"
        self.marks: list[PhaseMark] = []
        self.proc: subprocess.Popen[bytes] | None = None
        self.stopped_at: float | None = None

    # ---- lifecycle ---------------------------------------------------------------------------
    def argv(self) -> list[str]:
        a = [sys.executable, "-m", "stackeval.perf.resource_probe", "--out", str(self.out_path),
             "--interval", str(self.interval_s)]
        if self.pid is not None:
            a += ["--pid", str(self.pid)]
        if self.log_path:
            a += ["--log", str(self.log_path)]
        if self.t_start is not None:
            a += ["--t-start", f"{self.t_start:.4f}"]
        if self.metrics_url:
            a += ["--metrics-url", self.metrics_url]
        if not self.gpu or self.remote:  # a remote server's GPUs are not this machine's
            a.append("--no-gpu")
        if self.nvml_replay:
            a += ["--nvml-replay", self.nvml_replay]
        if self.remote:
            a.append("--no-host")
        if self._own_file:
            a.append("--orphan-unlink")  # nobody will read the file once this process is gone
        return a

    def start(self) -> ResourceSampler:
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[2])  # the probe imports only this package and the stdlib
        env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen(self.argv(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, env=env, start_new_session=True)
        return self

    def mark(self, name: str, t: float | None = None) -> None:
        """Phase ``name`` starts now. Cheap enough for the event loop: a timestamp and an append."""
        self.marks.append(PhaseMark(name=name, t=t if t is not None else time.time()))

    def wait_first_sample(self, timeout_s: float = 10.0) -> bool:
        """Block until the probe has written a sample (call before the measured work, not inside it)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                return False
            with contextlib.suppress(OSError):
                if b'"k": "s"' in self.out_path.read_bytes():
                    return True
            time.sleep(0.05)
        return False

    def wait_sample_after(self, t: float, timeout_s: float | None = None) -> bool:
        """Block until the probe has written a sample taken after ``t`` (so the last phase has one)."""
        deadline = time.monotonic() + (timeout_s if timeout_s is not None else 2 * self.interval_s + 0.5)
        while time.monotonic() < deadline:
            if self.proc is None or self.proc.poll() is not None:
                return False
            _info, samples, _m = self.read()
            if samples and samples[-1].t > t:
                return True
            time.sleep(min(0.05, self.interval_s / 2))
        return False

    def stop(self) -> None:
        p = self.proc
        if p is not None and p.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                p.send_signal(signal.SIGTERM)
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        if self.stopped_at is None:
            self.stopped_at = time.time()

    def close(self) -> None:
        self.stop()
        if self._own_file:
            with contextlib.suppress(OSError):
                self.out_path.unlink()

    def __enter__(self) -> ResourceSampler:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- reading -----------------------------------------------------------------------------
    def read(self) -> tuple[dict, list[ResourceSample], list[PhaseMark]]:
        """(probe info, samples, all marks: the client's and the log's) so far."""
        try:
            text = self.out_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        info, samples, log_marks = parse_probe_lines(text.splitlines())
        if not info:
            info = {"pid": self.pid, "interval_s": self.interval_s, "notes": ["the sampler wrote nothing"]}
        return info, samples, [*log_marks, *self.marks]

    def profile(self, *, startup: StartupInfo | None = None, window: tuple[float, float] | None = None,
                end_t: float | None = None) -> ResourceProfile:
        info, samples, marks = self.read()
        return summarize(info, samples, marks, source="remote" if self.remote else "local", startup=startup,
                         window=window, end_t=end_t, interval_s=self.interval_s)


def for_endpoint(endpoint: str, *, metrics: bool = True, interval_s: float = 0.25, gpu: bool = True) -> ResourceSampler:
    """The sampler for a bench or suite run against ``endpoint``: the local process tree listening on its
    loopback port, else the remote endpoint's /metrics."""
    pid = None
    with contextlib.suppress(OSError, ValueError):  # a malformed URL is refused later, with its reason
        if is_loopback(endpoint):
            pid = listening_pid(urlparse(endpoint).port or 80)
    return ResourceSampler(pid=pid, metrics_url=metrics_url_for(endpoint) if metrics else None, interval_s=interval_s,
                           gpu=gpu and pid is not None, remote=pid is None)
