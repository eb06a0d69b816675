"""``LocalExecutor``: run untrusted programs on this machine under limits.

Every run gets a fresh work dir (removed afterwards) and is started as

    unshare --fork --kill-child --pid --mount-proc --ipc [--net] \\
        python -I -S _supervisor.py <config>     # PID 1 of the run, root until it drops
            -> the program (PID 2), under its rlimits, as the run's private uid

with whatever of that the machine supports (probed once, see ``_probe``). What was really in force
is listed in ``ExecResult.isolation``:

- ``tmpdir``: fresh work dir as cwd, HOME and TMPDIR; removed after the run.
- ``env``: scrubbed environment (PATH, LANG, HOME, TMPDIR, PYTHONDONTWRITEBYTECODE, PYTHONHASHSEED=0).
- ``rlimits``: RLIMIT_CPU, RLIMIT_AS (memory_mb), RLIMIT_FSIZE, RLIMIT_NOFILE, RLIMIT_CORE=0, and
  RLIMIT_NPROC when it bites (see ``nproc``). The supervisor sets them in the program's process
  between fork and exec (no ``preexec_fn``), so ``run`` is safe to call from several threads.
- ``uid``: as root, the program runs as a random unprivileged uid/gid used by no other process, no
  supplementary groups. ``nproc``: so RLIMIT_NPROC (not enforced for root) bounds the run's tasks.
  ``no_new_privs``: setuid binaries cannot regain privileges.
- ``pidns``: own PID namespace; when its PID 1 (the supervisor) ends, the kernel kills every process
  in it, so daemons that setsid or double-fork cannot survive. ``mountns``: private tmpfs on /tmp,
  /var/tmp, /dev/shm and a fresh /proc showing only the run's processes; directories the program
  needs under a non-world-readable parent (the interpreter under /root) are bind-mounted read-only
  under a tmpfs that hides the rest. ``ipcns``: own SysV IPC. ``netns``: own network namespace with
  only a down loopback (only when ``limits.network`` is False): no connection goes anywhere.
  With a mount namespace, stackeval's own package directory (its suites hold the hidden tests) is
  hidden under an empty tmpfs (``hide_sources``).

Whatever happens, ``run`` kills the whole tree before returning: the supervisor (which takes the
PID namespace down with it), the process group, and every process left with the run's uid. Kills
go through pidfds checked against the expected parent or uid, so a recycled pid is never hit.

Not bounded yet: the total disk use of the work dir itself (each file is capped by RLIMIT_FSIZE,
the private /tmp, /var/tmp and /dev/shm by their tmpfs size), and CPU use across many processes
(RLIMIT_CPU is per process; the process count is bounded by ``nproc``).

How a run ended (``ended_by``):
- ``timeout``: wall clock ran out (we kill), or the CPU rlimit fired (SIGXCPU, or SIGKILL at the
  hard limit with the CPU time used at the limit).
- ``output_limit``: stdout+stderr exceeded ``output_bytes``; we stop reading and kill.
- ``memory_limit``: RLIMIT_AS makes allocations fail, so the program dies by itself; we recognise
  it by its failing exit/signal together with an out-of-memory report in the tail of stderr
  (Python's ``MemoryError``, ``Cannot allocate memory``/ENOMEM, ``std::bad_alloc``, ``out of memory``).
  A program that catches its MemoryError and exits 0 is an ``exit`` (its own business).
- ``signal``: any other death by signal (exit_code is minus the signal number).
- ``start_failed``: the program could not be started (missing binary, bad file name, ...).
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import selectors
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from stackeval.records.execution import ExecResult, Limits
from stackeval.sandbox import _procs
from stackeval.sandbox._capture import _Capture
from stackeval.sandbox._probe import Capabilities, probe
from stackeval.sandbox._workdir import (
    _PREFIX,
    _UID_BASE,
    _UID_SPAN,
    _blocking_ancestor,
    _rmtree,
    _safe_relpath,
    _sweep_stale,
    _under,
    _world_reachable,
)

__all__ = ["LocalExecutor"]

SUPERVISOR = str(Path(__file__).with_name("_supervisor.py"))
# stackeval's own package: its builtin suites hold the hidden tests and reference answers
PACKAGE_DIR = str(Path(__file__).resolve().parents[1])
PRIVATE_TMP = ("/tmp", "/var/tmp", "/dev/shm")
_MEMORY_PATTERNS = re.compile(
    r"\bMemoryError\b|Cannot allocate memory|\bENOMEM\b|std::bad_alloc|out of memory", re.IGNORECASE
)
_MiB = 1024 * 1024


def _default_python() -> str:
    base = getattr(sys, "_base_executable", None) or sys.executable
    return os.path.realpath(base)


class LocalExecutor:
    """Runs programs in this machine's strongest available sandbox; implements ``Executor``.

    ``argv[0]`` is looked up on the sandbox PATH, whose first entry is the directory of ``python``
    (default: the interpreter running stackeval, outside any venv), so ``["python", ...]`` runs it.
    Thread-safe: concurrent runs get separate work dirs and uids.
    """

    def __init__(
        self,
        *,
        python: str | None = None,
        file_bytes: int = 64 * _MiB,
        open_files: int = 256,
        tmpfs_mb: int = 64,
        namespaces: bool = True,
        drop_privileges: bool = True,
        base_dir: str | None = None,
        hide_sources: bool = True,
    ) -> None:
        self.python = os.path.realpath(python) if python else _default_python()
        self.file_bytes = file_bytes
        self.open_files = open_files
        self.tmpfs_mb = tmpfs_mb
        self.namespaces = namespaces
        self.drop_privileges = drop_privileges
        self.hide_sources = hide_sources
        tmp = base_dir or tempfile.gettempdir()
        self.base_dir = tmp if _world_reachable(tmp) else "/tmp"
        _sweep_stale(self.base_dir)
        self.caps: Capabilities = probe() if namespaces else Capabilities(None, False, False, False, False,
                                                                          os.geteuid() == 0)
        self._uid_lock = threading.Lock()
        self._uids_in_use: set[int] = set()

    # ----------------------------------------------------------------- environment and plan
    def _env(self, workdir: str) -> dict[str, str]:
        path = ":".join(dict.fromkeys([os.path.dirname(self.python), "/usr/local/bin", "/usr/bin", "/bin"]))
        return {
            "PATH": path,
            "LANG": "C.UTF-8",
            "HOME": workdir,
            "TMPDIR": os.path.join(workdir, "tmp"),
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONHASHSEED": "0",
        }

    def _take_uid(self) -> int:
        with self._uid_lock:
            for _ in range(50):
                uid = _UID_BASE + secrets.randbelow(_UID_SPAN)
                if uid not in self._uids_in_use and not _procs.pids_of_uid(uid):
                    self._uids_in_use.add(uid)
                    return uid
        raise RuntimeError("no free sandbox uid")

    def _release_uid(self, uid: int) -> None:
        with self._uid_lock:
            self._uids_in_use.discard(uid)

    def _plan_exposure(self, exe: str, mounts: bool) -> tuple[list[str], list[str]] | None:
        """Directories to hide and to bind back (read-only, in the private mount namespace) so an
        unprivileged uid can run ``exe``: ``([hide...], [expose...])``, or None if impossible."""
        real = os.path.realpath(exe)
        reachable = _world_reachable(real, executable=True)
        under_tmp = mounts and any(_under(real, d) for d in PRIVATE_TMP)
        if reachable and not under_tmp:
            return [], []
        prefix = os.path.dirname(os.path.dirname(real))  # <prefix>/bin/<exe>: expose all of <prefix>
        if not mounts or prefix in ("/", ""):
            return None
        hide: list[str] = []
        if not reachable:
            blocker = _blocking_ancestor(real)
            if blocker is None or not _under(prefix, blocker) or prefix == blocker:
                return None
            hide = [blocker]
        return hide, [prefix]

    def _hidden_sources(self, workdir: str, exe: str, mounts: bool) -> list[str]:
        """stackeval's package directory, hidden under an empty tmpfs so a program cannot read the suites'
        hidden tests (unless the program or the work dir lives inside it)."""
        pkg = PACKAGE_DIR
        if not (mounts and self.hide_sources) or any(
                _under(p, pkg) for p in (workdir, os.path.realpath(exe), self.python)):
            return []
        return [pkg]

    def _command(self, limits: Limits) -> tuple[list[str], list[str], bool]:
        """The ``unshare`` prefix, the namespace tags it gives, and whether it has a private mount namespace."""
        caps = self.caps
        flags: list[str] = []
        tags: list[str] = []
        mounts = False
        if caps.unshare and self.namespaces:
            if caps.pidns:
                flags += ["--fork", "--kill-child", "--pid", "--mount-proc"]
                tags += ["pidns"]
                mounts = True
            elif caps.mountns:
                flags += ["--mount"]
                mounts = True
            if caps.ipcns:
                flags += ["--ipc"]
                tags += ["ipcns"]
            if not limits.network and caps.netns:
                flags += ["--net"]
                tags += ["netns"]
        if flags and caps.unshare:
            return [caps.unshare, *flags, "--"], tags, mounts
        return [], [], False

    # ----------------------------------------------------------------- the run
    def run(
        self, files: dict[str, str], argv: list[str], limits: Limits, collect: list[str] | None = None
    ) -> ExecResult:
        t0 = time.monotonic()
        workdir = tempfile.mkdtemp(prefix=_PREFIX, dir=self.base_dir)
        uid: int | None = None
        proc: subprocess.Popen[bytes] | None = None
        status_r = -1
        done = False
        ns_tags: list[str] = []
        try:
            env = self._env(workdir)
            exe = shutil.which(argv[0], path=env["PATH"]) if argv else None
            if exe is None:
                return ExecResult(exit_code=None, ended_by="start_failed",
                                  stderr=f"program not found: {argv[:1]}", wall_s=time.monotonic() - t0)
            prefix, ns_tags, mounts = self._command(limits)
            exposure = self._plan_exposure(exe, mounts)
            if self.drop_privileges and self.caps.root and exposure is not None:
                uid = self._take_uid()
            try:
                self._write_files(workdir, files, uid)
            except (OSError, ValueError) as e:
                return ExecResult(exit_code=None, ended_by="start_failed", stderr=f"cannot write files: {e}",
                                  wall_s=time.monotonic() - t0)
            hide, expose = exposure if (exposure is not None and uid is not None) else ([], [])
            hide = [*hide, *self._hidden_sources(workdir, exe, mounts)]
            rlimits = self._rlimits(limits, uid is not None)
            status_r, status_w = os.pipe()
            cfg = {
                "status_fd": status_w,
                "workdir": workdir,
                "argv": [exe, *argv[1:]],
                "uid": uid,
                "gid": uid,
                "rlimits": rlimits,
                "mounts": mounts,
                "host_mntns": os.stat("/proc/self/ns/mnt").st_ino,
                "private_tmp": list(PRIVATE_TMP),
                "tmpfs_kb": self.tmpfs_mb * 1024,
                "hide": hide,
                "expose": expose,
                # the supervisor's own deadline: if this process dies (SIGKILL), the program still ends
                "deadline_s": limits.wall_s + 2.0,
            }
            cmd = [*prefix, sys.executable, "-I", "-S", SUPERVISOR, json.dumps(cfg)]
            started = time.monotonic()  # limits.wall_s counts from here
            try:
                proc = subprocess.Popen(cmd, cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, pass_fds=(status_w,),
                                        start_new_session=True)
            except OSError as e:
                os.close(status_w)
                return ExecResult(exit_code=None, ended_by="start_failed", stderr=f"cannot start sandbox: {e}",
                                  wall_s=time.monotonic() - t0)
            os.close(status_w)
            cap = _Capture(limits.output_bytes)
            stopped = self._pump(proc, status_r, cap, limits, started)
            self._terminate(proc, uid, pidns="pidns" in ns_tags)
            done = True
            wall = time.monotonic() - started
            collected = self._collect(workdir, collect or [], limits.output_bytes)
            return self._result(proc, cap, stopped, limits, wall, collected, ns_tags)
        finally:
            if proc is not None:
                if not done:
                    self._terminate(proc, uid, pidns="pidns" in ns_tags)
                for s in (proc.stdout, proc.stderr):
                    if s is not None:
                        s.close()
            if status_r >= 0:
                os.close(status_r)
            if uid is not None:
                self._release_uid(uid)
            _rmtree(workdir)

    def _rlimits(self, limits: Limits, private_uid: bool) -> dict[str, list[int]]:
        cpu = max(1, math.ceil(limits.cpu_s))
        mem = max(16, limits.memory_mb) * _MiB
        out = {
            "RLIMIT_CPU": [cpu, cpu + 1],
            "RLIMIT_AS": [mem, mem],
            "RLIMIT_FSIZE": [self.file_bytes, self.file_bytes],
            "RLIMIT_NOFILE": [self.open_files, self.open_files],
            "RLIMIT_CORE": [0, 0],
        }
        if private_uid:  # +1: the supervisor runs under the same uid
            out["RLIMIT_NPROC"] = [limits.processes + 1, limits.processes + 1]
        return out

    def _write_files(self, workdir: str, files: dict[str, str], uid: int | None) -> None:
        os.mkdir(os.path.join(workdir, "tmp"))
        for name, text in files.items():
            rel = _safe_relpath(name)
            dest = os.path.join(workdir, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "w", encoding="utf-8") as f:
                f.write(text)
        if uid is not None:
            for root, dirs, fnames in os.walk(workdir):
                os.chown(root, uid, uid)
                for n in [*dirs, *fnames]:
                    os.lchown(os.path.join(root, n), uid, uid)

    def _pump(self, proc: subprocess.Popen[bytes], status_r: int, cap: _Capture, limits: Limits,
              started: float) -> str | None:
        """Read output and status until everything closes; returns "timeout"/"output_limit" if we stopped it."""
        assert proc.stdout is not None and proc.stderr is not None
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout.fileno(), selectors.EVENT_READ, "stdout")
        sel.register(proc.stderr.fileno(), selectors.EVENT_READ, "stderr")
        sel.register(status_r, selectors.EVENT_READ, "status")
        deadline = started + limits.wall_s
        exited_at: float | None = None
        try:
            while sel.get_map():
                now = time.monotonic()
                if now >= deadline:
                    return "timeout"
                if exited_at is None and _procs.exited(proc.pid):
                    exited_at = now
                if exited_at is not None and now - exited_at > 0.2:
                    return None  # leftovers outside a PID namespace hold the pipes: they get killed
                for key, _ in sel.select(min(deadline - now, 0.1)):
                    data = os.read(key.fd, 65536)
                    if not data:
                        sel.unregister(key.fd)
                    elif key.data == "status":
                        cap.add_status(data)
                    elif not cap.add(key.data, data):
                        return "output_limit"
            return None
        finally:
            sel.close()

    def _terminate(self, proc: subprocess.Popen[bytes], uid: int | None, *, pidns: bool) -> None:
        """Kill the run's whole tree and reap the sandbox's top process. Idempotent.

        ``proc`` stays unreaped until the end, so its pid and process group id cannot be reused
        while we signal them.
        """
        if proc.returncode is None and not _procs.exited(proc.pid):
            if pidns:
                # the supervisor is PID 1 of the run's namespace: killing it makes the kernel kill
                # everything inside, and unshare's wait for it returns only once that is done
                for pid in _procs.children(proc.pid):
                    _procs.kill_checked(pid, _procs.is_child_of(proc.pid))
            else:
                _procs.kill_tree(proc.pid, include_root=True)
            if not _procs.wait_exited(proc.pid, 2.0):
                _procs.os_kill_quiet(proc.pid)
                _procs.wait_exited(proc.pid, 2.0)
        if proc.returncode is None:
            _procs.kill_group(proc.pid)
            proc.wait()
        if uid is not None:
            _procs.sweep_uid(uid)

    # ----------------------------------------------------------------- results
    def _collect(self, workdir: str, names: list[str], cap: int) -> dict[str, str]:
        out: dict[str, str] = {}
        real_wd = os.path.realpath(workdir)
        for name in names:
            try:
                rel = _safe_relpath(name)
            except ValueError:
                continue
            path = os.path.join(real_wd, rel)
            # every process of the run is dead by now, so nothing can swap a link in after this check
            if os.path.realpath(os.path.dirname(path)) != os.path.dirname(path):
                continue  # a symlinked directory on the way: never follow the program's links
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                continue
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    continue
                with os.fdopen(fd, "rb", closefd=False) as f:
                    data = f.read(cap)
            finally:
                os.close(fd)
            out[name] = data.decode("utf-8", "replace")
        return out

    def _result(self, proc: subprocess.Popen[bytes], cap: _Capture, stopped: str | None, limits: Limits,
                wall: float, files: dict[str, str], ns_tags: list[str]) -> ExecResult:
        isolation = ["tmpdir", "env", "rlimits"]
        final: dict = {}
        exec_error: str | None = None
        for s in cap.status:
            if "isolation" in s:
                isolation += [t for t in s["isolation"] if isinstance(t, str)]
            if "exec_error" in s:
                exec_error = str(s["exec_error"])
            if "exit" in s or "signal" in s:
                final = s
        isolation += ns_tags
        stdout = cap.stdout.decode("utf-8", "replace")
        stderr = cap.stderr.decode("utf-8", "replace")
        exit_code: int | None
        if "signal" in final:
            exit_code = -int(final["signal"])
        elif "exit" in final:
            exit_code = int(final["exit"])
        else:
            exit_code = proc.returncode if stopped is None else None
        ended: str
        if stopped is not None:
            ended = stopped
            exit_code = None
        elif exec_error is not None:
            ended, exit_code = "start_failed", None
            stderr = (stderr + "\n" if stderr else "") + f"exec failed: {exec_error}"
        elif not cap.status:
            ended = "start_failed"  # the supervisor never reported: the sandbox could not start
        elif "signal" in final:
            sig = int(final["signal"])
            cpu = float(final.get("cpu_s", 0.0))
            if sig == signal.SIGXCPU or (sig == signal.SIGKILL and cpu >= math.ceil(limits.cpu_s) - 0.05):
                ended = "timeout"
            elif _MEMORY_PATTERNS.search(stderr[-4000:]):
                ended = "memory_limit"
            else:
                ended = "signal"
        elif exit_code not in (0, None) and _MEMORY_PATTERNS.search(stderr[-4000:]):
            ended = "memory_limit"
        else:
            ended = "exit"
        return ExecResult(exit_code=exit_code, ended_by=ended, stdout=stdout, stderr=stderr,  # type: ignore[arg-type]
                          wall_s=round(wall, 4), files=files, isolation=list(dict.fromkeys(isolation)))
