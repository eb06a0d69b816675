"""Finding and killing processes from the executor's side (the host PID namespace)."""

from __future__ import annotations

import os
import signal
import time


def children(pid: int) -> list[int]:
    """Direct children of ``pid`` (all threads)."""
    out: list[int] = []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                out.extend(int(x) for x in f.read().split())
        except OSError:
            continue
    return out


def descendants(pid: int) -> list[int]:
    out: list[int] = []
    stack = [pid]
    while stack:
        kids = children(stack.pop())
        out.extend(kids)
        stack.extend(kids)
    return out


def _status(pid: str) -> tuple[int, str] | None:
    """(real uid, state letter) of a process, read from /proc/<pid>/status."""
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            text = f.read().decode("ascii", "replace")
    except OSError:
        return None
    uid = -1
    state = "?"
    for line in text.splitlines():
        if line.startswith("Uid:"):
            uid = int(line.split()[1])
        elif line.startswith("State:"):
            state = line.split()[1]
    return uid, state


def pids_of_uid(uid: int) -> list[int]:
    """Live (non-zombie) processes whose real uid is ``uid``; about 2 ms for 100 processes."""
    out: list[int] = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        st = _status(name)
        if st is not None and st[0] == uid and st[1] not in ("Z", "X"):
            out.append(int(name))
    return out


def kill(pids: list[int]) -> None:
    for p in pids:
        try:
            os.kill(p, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def sweep_uid(uid: int, timeout_s: float = 3.0) -> list[int]:
    """SIGKILL every process of ``uid`` until none is left; returns what is still alive at the deadline."""
    deadline = time.monotonic() + timeout_s
    while True:
        left = pids_of_uid(uid)
        if not left or time.monotonic() > deadline:
            return left
        kill(left)
        time.sleep(0.005)
