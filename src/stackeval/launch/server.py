"""A serve command as a child process: own process group, log streamed to a file, health wait with a
timeout, clean stop (SIGTERM to the group) then forceful (SIGKILL).

A server that exits or never becomes healthy is not an exception: ``start`` returns a ``StartOutcome``
whose ``reason`` is the first fatal line of its log (see ``stack.logs.parse_startup_log``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from stackeval.client.http import Client, ClientOptions
from stackeval.localserver.manager import child_preexec
from stackeval.records.perf import StartupInfo
from stackeval.stack.logs import parse_startup_log

__all__ = ["ServerProcess", "StartOutcome", "first_fatal_line", "read_log"]


@dataclass
class StartOutcome:
    ok: bool
    reason: str | None = None
    ready_s: float | None = None
    exit_code: int | None = None
    startup: StartupInfo = field(default_factory=StartupInfo)


def read_log(path: Path, limit: int = 8 * 1024 * 1024) -> str:
    try:
        with open(path, "rb") as f:
            return f.read(limit).decode("utf-8", "replace")
    except OSError:
        return ""


_FATALISH = re.compile(r"\b(error|fatal|exception|panic|failed|cannot|unable|no such file|not found)\b", re.I)


def first_fatal_line(text: str, fallback: str) -> str:
    """The fatal line the log parser finds (engine formats), else the first line that reads like an
    error, else the last non-empty line, else ``fallback``."""
    info = parse_startup_log(text)
    if info.fatal_error:
        return info.fatal_error
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for ln in lines:
        if _FATALISH.search(ln):
            return ln[:500]
    return lines[-1][:500] if lines else fallback


@dataclass
class ServerProcess:
    argv: list[str]
    base_url: str
    log_path: Path
    env: dict[str, str | None] = field(default_factory=dict)  # overrides of the inherited environment
    cwd: str | None = None
    health_path: str = "/health"
    proc: subprocess.Popen[bytes] | None = None
    on_spawn: Callable[[int, float], None] | None = None  # (pid, spawn time): e.g. start the resource sampler
    spawned_at: float | None = None

    def spawn(self) -> None:
        env = dict(os.environ)
        for k, v in self.env.items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = v
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "wb") as log:
            try:
                self.spawned_at = time.time()
                self.proc = subprocess.Popen(self.argv, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                             env=env, cwd=self.cwd, start_new_session=True,
                                             preexec_fn=child_preexec())  # noqa: PLW1509 (dies with us)
            except OSError as e:  # the program is missing or not executable: the point fails to start
                log.write(f"stackeval: cannot execute {self.argv[0]!r}: {e.strerror or e}\n".encode())
                self.proc = None
        if self.proc is not None and self.on_spawn is not None:
            self.on_spawn(self.proc.pid, self.spawned_at or time.time())

    async def start(self, timeout_s: float, poll_s: float = 0.25) -> StartOutcome:
        t0 = time.monotonic()
        self.spawn()
        if self.proc is None:
            text = read_log(self.log_path)
            return StartOutcome(False, first_fatal_line(text, "cannot execute the serve command"),
                                startup=parse_startup_log(text))
        deadline = t0 + timeout_s
        async with Client(ClientOptions(base_url=self.base_url, max_retries=0, connect_timeout_s=2.0)) as c:
            while True:
                code = self.proc.poll()
                if code is not None:
                    text = read_log(self.log_path)
                    return StartOutcome(False, first_fatal_line(text, f"exited with code {code} during start"),
                                        exit_code=code, startup=parse_startup_log(text))
                status, _ct, _body = await c.get(self.health_path, timeout_s=2.0)
                if status == 200:
                    text = read_log(self.log_path)
                    return StartOutcome(True, ready_s=round(time.monotonic() - t0, 3), startup=parse_startup_log(text))
                if time.monotonic() >= deadline:
                    text = read_log(self.log_path)
                    info = parse_startup_log(text)
                    why = f"not healthy after {timeout_s:.0f}s"
                    if info.fatal_error:
                        why += f": {info.fatal_error}"
                    return StartOutcome(False, why, startup=info)
                await asyncio.sleep(poll_s)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, grace_s: float = 10.0) -> str | None:
        """SIGTERM to the process group, wait, then SIGKILL. Returns exited | terminated | killed."""
        p = self.proc
        if p is None:
            return None
        how = "exited"
        if p.poll() is None:
            how = "terminated"
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(p.pid, signal.SIGTERM)
            try:
                p.wait(grace_s)
            except subprocess.TimeoutExpired:
                how = "killed"
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(p.pid, signal.SIGKILL)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    p.wait(10)
        return how
