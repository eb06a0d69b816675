"""Server child processes: wait until healthy (a death during start names its signal), stop the whole
process group (TERM, then KILL after a grace period). Shared by the llama.cpp and vLLM launchers and the
build probe."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from stackeval.errors import UserError


class LocalServerError(UserError):
    pass


def signal_reason(returncode: int) -> str:
    """Words for a child's exit code; negative codes are signals (``-4`` is SIGILL)."""
    if returncode >= 0:
        return f"exited with code {returncode}"
    try:
        name = signal.Signals(-returncode).name
    except ValueError:
        return f"killed by signal {-returncode}"
    why = {
        "SIGILL": "this build needs CPU instructions this machine lacks",
        "SIGSEGV": "the server crashed (segmentation fault)",
        "SIGBUS": "the server crashed (bus error)",
        "SIGABRT": "the server aborted",
        "SIGKILL": "killed (out of memory?)",
        "SIGFPE": "the server crashed (arithmetic fault)",
    }.get(name, "the server was stopped by a signal")
    return f"{name}: {why}"


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def log_tail(path: Path | None, n: int = 3) -> str:
    if path is None:
        return ""
    with contextlib.suppress(OSError):
        lines = [ln.strip() for ln in path.read_text(errors="replace").splitlines() if ln.strip()]
        return " | ".join(lines[-n:])[-400:]
    return ""


def wait_healthy(proc: subprocess.Popen[bytes], base_url: str, timeout_s: float, name: str,
                 log_path: Path | None = None, poll_s: float = 0.2) -> None:
    """Return when ``base_url/health`` answers 200; raise LocalServerError if the process dies first
    (naming the signal) or the time runs out."""
    def where() -> str:
        return f" (log: {log_path}: {log_tail(log_path)})" if log_path else ""

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise LocalServerError(f"{name} {signal_reason(proc.returncode)} during start{where()}")
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(base_url + "/health", timeout=2) as r:  # noqa: S310 (loopback)
                if r.status == 200:
                    return
        time.sleep(poll_s)
    raise LocalServerError(f"{name} not ready after {timeout_s:.0f}s{where()}")


def stop_group(proc: subprocess.Popen[bytes], grace_s: float = 5.0, kill_wait_s: float = 5.0) -> None:
    """SIGTERM the child's process group, SIGKILL it after ``grace_s``."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(grace_s)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(kill_wait_s)
