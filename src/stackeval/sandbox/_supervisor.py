"""The supervisor that runs inside the sandbox, between ``unshare`` and the program under test.

Run as ``python -I -S _supervisor.py <config-json>``; it imports only the standard library and
never imports stackeval. In order it:

1. (as root, in its own mount namespace) mounts private tmpfs over /tmp, /var/tmp and /dev/shm,
   puts the work dir back at its own path, and exposes directories the program needs that an
   unprivileged uid could not reach (the interpreter under /root, say) through read-only bind mounts
   under a fresh tmpfs that hides the rest of their parent;
2. drops to the run's own unprivileged uid/gid (no supplementary groups), sets no_new_privs and
   becomes a child subreaper;
3. forks the program, which sets its rlimits and execs;
4. reaps every process until the program ends, then kills whatever the program left behind
   (``kill(-1)`` as the run's private uid, or inside the PID namespace) and reports.

It talks to the executor through the status fd: one JSON line ``{"isolation": [...]}`` once set up,
then one final line with ``exit`` or ``signal`` (plus the program's CPU seconds), or ``exec_error``.
The program never holds that fd (it is close-on-exec in the child). As PID 1 of a PID namespace,
signals from inside the sandbox without a handler are ignored by the kernel, so the program cannot
kill its supervisor.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import signal
import sys
import time

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_REMOUNT = 32
MS_BIND = 4096
MS_REC = 16384
PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _mount(libc: ctypes.CDLL, src: str | None, tgt: str, fstype: str | None, flags: int, data: str | None) -> None:
    rc = libc.mount(
        src.encode() if src else None,
        tgt.encode(),
        fstype.encode() if fstype else None,
        ctypes.c_ulong(flags),
        data.encode() if data else None,
    )
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {tgt}: {os.strerror(err)}")


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def _setup_mounts(cfg: dict, libc: ctypes.CDLL) -> None:
    workdir = cfg["workdir"]
    wd_fd = os.open(workdir, os.O_PATH | os.O_DIRECTORY)
    expose_fds = [(os.open(src, os.O_PATH | os.O_DIRECTORY), src) for src in cfg["expose"]]
    hidden_wd = False
    for d in cfg["private_tmp"]:
        if os.path.isdir(d) and not os.path.islink(d):
            _mount(libc, "tmpfs", d, "tmpfs", MS_NOSUID | MS_NODEV, f"size={cfg['tmpfs_kb']}k,mode=1777")
            hidden_wd = hidden_wd or _under(workdir, d)
    if hidden_wd:
        os.makedirs(workdir, mode=0o700)
        _mount(libc, f"/proc/self/fd/{wd_fd}", workdir, None, MS_BIND, None)
    for hide in cfg["hide"]:
        if os.path.isdir(hide):  # gone already if it was under one of the private tmp dirs
            _mount(libc, "tmpfs", hide, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,mode=755")
    for fd, src in expose_fds:
        os.makedirs(src, mode=0o755, exist_ok=True)
        _mount(libc, f"/proc/self/fd/{fd}", src, None, MS_BIND | MS_REC, None)
        _mount(libc, None, src, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, None)
    for fd in [wd_fd, *(f for f, _ in expose_fds)]:
        os.close(fd)


def _descendants(pid: int) -> list[int]:
    out: list[int] = []
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            tids = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{p}/task/{tid}/children") as f:
                    kids = [int(x) for x in f.read().split()]
            except OSError:
                continue
            out.extend(kids)
            stack.extend(kids)
    return out


def _sweep(scoped_kill: bool) -> None:
    """Kill everything the program left behind and reap it (we are its subreaper)."""
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        if scoped_kill:
            # our uid is private to this run (or we are PID 1 of the run's namespace): kill(-1)
            # reaches exactly the run's processes, wherever they moved in the process tree
            try:
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                pass
        else:
            for p in _descendants(os.getpid()):
                try:
                    os.kill(p, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        try:
            while True:
                pid, _ = os.waitpid(-1, os.WNOHANG)
                if pid == 0:
                    break
        except ChildProcessError:
            return
        time.sleep(0.002)


def _report(fd: int, obj: dict) -> None:
    os.write(fd, (json.dumps(obj) + "\n").encode())


def main() -> int:
    cfg = json.loads(sys.argv[1])
    status_fd: int = cfg["status_fd"]
    isolation: list[str] = []
    notes: list[str] = []
    libc = _libc()
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)

    if cfg["mounts"] and os.stat("/proc/self/ns/mnt").st_ino == cfg["host_mntns"]:
        notes.append("mounts skipped: not in a private mount namespace")
    elif cfg["mounts"]:
        try:
            _setup_mounts(cfg, libc)
            isolation.append("mountns")
        except OSError as e:
            notes.append(str(e))
    uid = cfg["uid"]
    if uid is not None:
        try:
            os.setgroups([])
            os.setgid(cfg["gid"])
            os.setuid(uid)
            isolation.append("uid")
        except OSError as e:
            notes.append(f"setuid: {e}")
            uid = None
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0:
        isolation.append("no_new_privs")
    libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    pid_ns = os.getpid() == 1
    if uid is not None:
        # RLIMIT_NPROC is not enforced for root; under the run's private uid it bounds the whole run
        isolation.append("nproc")
    _report(status_fd, {"isolation": isolation, "notes": notes})

    argv: list[str] = cfg["argv"]
    rlimits: dict[str, list[int]] = cfg["rlimits"]
    child = os.fork()
    if child == 0:
        try:
            os.set_inheritable(status_fd, False)
            for s in (signal.SIGPIPE, signal.SIGXFSZ):
                signal.signal(s, signal.SIG_DFL)
            for name, (soft, hard) in rlimits.items():
                res = getattr(resource, name)
                cur_hard = resource.getrlimit(res)[1]
                if cur_hard != resource.RLIM_INFINITY and os.getuid() != 0:
                    soft, hard = min(soft, cur_hard), min(hard, cur_hard)
                resource.setrlimit(res, (soft, hard))
            os.chdir(cfg["workdir"])
            os.execve(argv[0], argv, os.environ)
        except BaseException as e:  # noqa: BLE001 - anything here means the program never started
            try:
                _report(status_fd, {"exec_error": f"{type(e).__name__}: {e}", "errno": getattr(e, "errno", None)})
            finally:
                os._exit(127)

    deadline = cfg.get("deadline_s")
    if deadline:
        # The executor enforces the wall limit; this is the backstop for when the executor itself was
        # killed and nobody is left to do it: the program is killed a little after its limit.
        def _expire(_sig: int, _frm: object) -> None:
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass

        signal.signal(signal.SIGALRM, _expire)
        signal.setitimer(signal.ITIMER_REAL, float(deadline))
    final: dict = {}
    while True:
        try:
            pid, status, ru = os.wait4(-1, 0)
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        if pid == child:
            final["cpu_s"] = round(ru.ru_utime + ru.ru_stime, 4)
            final["maxrss_kb"] = ru.ru_maxrss
            if os.WIFSIGNALED(status):
                final["signal"] = os.WTERMSIG(status)
            else:
                final["exit"] = os.waitstatus_to_exitcode(status)
            break
    _sweep(scoped_kill=uid is not None or pid_ns)
    _report(status_fd, final)
    return 0


if __name__ == "__main__":
    sys.exit(main())
