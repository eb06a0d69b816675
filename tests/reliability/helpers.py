"""Shared pieces of the reliability battery: a fault-injecting scripted server, process scans, and
store checks. Nothing here talks to anything but loopback and the test's own temp dirs."""

from __future__ import annotations

import ctypes
import json
import os
import signal
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from stackeval.records.items import Item
from stackeval.testing.fakeserver import FakeServer, Reply

# ------------------------------------------------------------------------------ fault server


@dataclass
class FaultReply(Reply):
    """A Reply that can also reset the connection before sending a single byte."""

    reset: bool = False


@dataclass
class Fault:
    """How the server answers one test: ``replies[k]`` for attempt k (the last one repeats)."""

    kind: str
    replies: list[Reply | None]  # None: answer with the test's reference
    expect_status: str  # final status of the test: error | timeout | answered (pass or fail)
    expect_class: str | None  # failure_class when status is error/timeout
    expect_attempts: int  # client attempts (1 + retries)


def fault_catalogue(retry_after_s: str = "1", stall_s: float = 5.0) -> dict[str, Callable[[], Fault]]:
    """Every fault kind of the battery, with what the harness must make of it (max_retries=2)."""
    return {
        "429_retry_after": lambda: Fault("429_retry_after", [Reply(status=429, headers={"Retry-After": retry_after_s})],
                                         "error", "http_429", 3),
        "429_no_retry_after": lambda: Fault("429_no_retry_after", [Reply(status=429)], "error", "http_429", 3),
        "429_then_ok": lambda: Fault("429_then_ok", [Reply(status=429, headers={"Retry-After": "0"}), None],
                                     "answered", None, 2),
        "500": lambda: Fault("500", [Reply(status=500)], "error", "http_500", 1),
        "503": lambda: Fault("503", [Reply(status=503)], "error", "http_503", 3),
        "503_then_ok": lambda: Fault("503_then_ok", [Reply(status=503), None], "answered", None, 2),
        "reset": lambda: Fault("reset", [FaultReply(reset=True)], "error", "connection", 3),
        "reset_then_ok": lambda: Fault("reset_then_ok", [FaultReply(reset=True), None], "answered", None, 2),
        "drop_mid_stream": lambda: Fault("drop_mid_stream", [Reply(content="partial answer text here",
                                                                   drop_after_chunks=3)], "error", "disconnected", 1),
        "malformed_chunk": lambda: Fault("malformed_chunk", [Reply(content="some text", malformed_after_chunks=2)],
                                         "error", "stream_malformed", 1),
        "no_done": lambda: Fault("no_done", [Reply(content="ends without done", no_done=True)],
                                 "error", "stream_incomplete", 1),
        "never_end": lambda: Fault("never_end", [Reply(content="keeps going", never_end=True)], "timeout", "timeout", 1),
        "stall": lambda: Fault("stall", [Reply(content="late", ttft_s=stall_s)], "timeout", "timeout", 1),
        "huge": lambda: Fault("huge", [Reply(content="big", huge_bytes=33 * 1024 * 1024)],
                              "error", "response_too_large", 1),
        "invalid_utf8": lambda: Fault("invalid_utf8", [Reply(content="bad bytes", invalid_utf8=True)],
                                      "error", "stream_malformed", 1),
        "empty_200": lambda: Fault("empty_200", [Reply(empty_200=True)], "error", "empty_response", 1),
    }


def _key(messages: list[dict[str, Any]]) -> str:
    return json.dumps([(m.get("role"), m.get("content")) for m in messages], sort_keys=True)


class FaultPlan:
    """Answers each suite item with its reference, except items given a Fault, which get the fault's
    reply for each attempt. Counts the requests per test. ``clean = True`` turns every fault off."""

    def __init__(self, items: tuple[Item, ...] | list[Item], faults: dict[str, Fault] | None = None,
                 delay_s: float = 0.0) -> None:
        self.by_key = {_key(it.chat_messages()): it for it in items}
        self.faults = dict(faults or {})
        self.delay_s = delay_s
        self.clean = False
        self.seen: Counter[str] = Counter()
        self.lock = threading.Lock()

    def reference(self, it: Item) -> Reply:
        ans = it.reference
        return Reply(content=ans.content, tool_calls=list(ans.tool_calls), ttft_s=self.delay_s,
                     finish_reason="tool_calls" if ans.tool_calls else "stop")

    def __call__(self, body: dict[str, Any]) -> Reply:
        it = self.by_key.get(_key(body.get("messages", [])))
        if it is None:
            return Reply(content="(no scripted answer)")
        with self.lock:
            self.seen[it.id] += 1
            n = self.seen[it.id]
        f = None if self.clean else self.faults.get(it.id)
        if f is None:
            return self.reference(it)
        r = f.replies[min(n, len(f.replies)) - 1]
        return self.reference(it) if r is None else r


class FaultServer(FakeServer):
    """FakeServer plus a connection reset before any byte of the response (``FaultReply(reset=True)``)."""

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        if not self._auth_ok(request):
            return web.json_response({"error": {"message": "invalid api key"}}, status=401)
        body = await request.json()
        self.requests.append(body)
        r = self.responder(body)
        reply = await r if hasattr(r, "__await__") else r
        assert isinstance(reply, Reply)
        if isinstance(reply, FaultReply) and reply.reset:
            assert request.transport is not None
            request.transport.abort()
            return web.Response(status=204)  # never sent: the transport is gone
        if reply.status != 200:
            return web.Response(status=reply.status, text=reply.error_body, headers=reply.headers,
                                content_type="application/json")
        if reply.empty_200:
            return web.Response(status=200, body=b"", content_type="application/json")
        if not body.get("stream"):
            return await self._whole(reply)
        return await self._stream(request, reply)


# ------------------------------------------------------------------------------ processes

PR_SET_CHILD_SUBREAPER = 36


def set_subreaper(on: bool) -> bool:
    """Make this process the reaper of orphans from its own tree, so nothing can hide from ``descendants``."""
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(PR_SET_CHILD_SUBREAPER, 1 if on else 0, 0, 0, 0) == 0


def _children(pid: int) -> list[int]:
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


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError):
        return "X"


def live_descendants(pid: int | None = None) -> list[int]:
    """Non-zombie processes below ``pid`` (default: this process)."""
    out: list[int] = []
    stack = [pid or os.getpid()]
    while stack:
        kids = _children(stack.pop())
        stack.extend(kids)
        out.extend(k for k in kids if _state(k) not in ("Z", "X"))
    return out


def reap_zombies_of_orphans(known: set[int]) -> None:
    """Reap zombie children we did not start ourselves (orphans handed to us as subreaper)."""
    for k in _children(os.getpid()):
        if k not in known and _state(k) == "Z":
            try:
                os.waitpid(k, os.WNOHANG)
            except ChildProcessError:
                pass


def pids_with_marker(marker: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                if marker.encode() in f.read() and _state(int(name)) not in ("Z", "X"):
                    found.append(int(name))
        except OSError:
            pass
    return found


def wait_gone(check: Callable[[], list[int]], timeout_s: float = 3.0) -> list[int]:
    deadline = time.monotonic() + timeout_s
    left = check()
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = check()
    return left


def kill_all(pids: list[int]) -> None:
    for p in pids:
        try:
            os.kill(p, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


# ------------------------------------------------------------------------------ store checks


def integrity(db: Path) -> str:
    with sqlite3.connect(db, timeout=30) as con:
        return str(con.execute("PRAGMA integrity_check").fetchone()[0])


def result_rows(db: Path) -> dict[tuple[str, str, str, int, int], tuple[str, str]]:
    """(run, test, arm, repeat, attempt) -> (result_json, created_at), read without the harness."""
    with sqlite3.connect(db, timeout=30) as con:
        rows = con.execute("SELECT run_id,test_id,arm,repeat,attempt,result_json,created_at FROM results").fetchall()
    return {(r[0], r[1], r[2], r[3], r[4]): (r[5], r[6]) for r in rows}


def orphan_results(db: Path) -> list[tuple[Any, ...]]:
    """Results without the request records written in the same transaction (should be none)."""
    with sqlite3.connect(db, timeout=30) as con:
        return con.execute("""SELECT r.run_id, r.test_id FROM results r WHERE NOT EXISTS (
            SELECT 1 FROM requests q WHERE q.run_id=r.run_id AND q.test_id=r.test_id AND q.arm=r.arm
            AND q.repeat=r.repeat AND q.attempt=r.attempt)""").fetchall()


def count_results(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as con:
            return int(con.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    except sqlite3.Error:
        return 0


@dataclass
class Snapshot:
    """Names, sizes and mtimes of a directory's direct entries (to see that nothing outside changed)."""

    root: Path
    entries: dict[str, tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def take(cls, root: Path, prefix: str = "") -> Snapshot:
        out: dict[str, tuple[int, int]] = {}
        try:
            names = os.listdir(root)
        except OSError:
            names = []
        for n in names:
            if prefix and not n.startswith(prefix):
                continue
            try:
                st = os.lstat(root / n)
            except OSError:
                continue
            out[n] = (st.st_size, st.st_mtime_ns)
        return cls(root, out)


def dump(obj: Any) -> str:
    return json.dumps(obj, default=str, sort_keys=True)


# ------------------------------------------------------------------------------ the CLI, in this process


@dataclass
class CliResult:
    returncode: int
    stdout: str
    stderr: str


def cli_inproc(*args: str, env: dict[str, str] | None = None) -> CliResult:
    """``stackeval ARGS`` through the real entry point (``stackeval.cli.app.main``), in this process:
    the same parsing, error handling and exit codes as the console script, without a second or so of
    interpreter start-up per call. Subprocess runs are used where a separate process matters."""
    import contextlib
    import io
    import sys

    from stackeval.cli import app as cli_app

    out, err = io.StringIO(), io.StringIO()
    saved_env = {k: os.environ.get(k) for k in (env or {})}
    saved_argv = sys.argv
    code = 0
    try:
        for k, v in (env or {}).items():
            os.environ[k] = v
        sys.argv = ["stackeval", *args]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli_app.main()
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = saved_argv
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return CliResult(code, out.getvalue(), err.getvalue())
