"""The judge's process hygiene and its verdict file (standard library only; runs inside the sandbox).

Part of the judge (``judge.py``, shipped as ``_run_tests.py``): makes the judge non-dumpable and a
subreaper, kills everything below it, and writes the progress and verdict files. ``NONCE`` is set by
the judge from its config.
"""

import builtins
import json
import os

_open, _replace, _unlink, _exit = builtins.open, os.replace, os.unlink, os._exit
RESULT, PROGRESS = "_verdict.json", "_progress.json"
NONCE = ""


# ------------------------------------------------------------------------------ process hygiene
def _harden():
    """Non-dumpable (no ptrace, no /proc/<pid>/mem|environ|fd for the same uid) and a subreaper."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except BaseException:
        pass


def _descendants():
    out, stack = [], [os.getpid()]
    while stack:
        p = stack.pop()
        try:
            tids = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with _open(f"/proc/{p}/task/{tid}/children") as f:
                    kids = [int(x) for x in f.read().split()]
            except (OSError, ValueError):
                continue
            out.extend(kids)
            stack.extend(kids)
    return out


def _kill_everything_else():
    """Kill the host and all it started (they are all below us: we are their subreaper), reap them."""
    for _ in range(2000):
        kids = _descendants()
        for p in kids:
            try:
                os.kill(p, 9)
            except OSError:
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            if not kids:
                return
        if not kids and not _descendants():
            return


def _write(path, obj):
    tmp = path + ".tmp"
    try:
        _unlink(tmp)
    except OSError:
        pass
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(json.dumps(obj))
    _replace(tmp, path)


def _progress(stage):
    try:
        _write(PROGRESS, {"stage": stage})  # no nonce: the host can read this file
    except BaseException:
        pass


def _finish(verdict):
    """The only way out: nothing of the solution is alive when the verdict is written."""
    try:
        _kill_everything_else()
        verdict["nonce"] = NONCE
        _write(RESULT, verdict)
    finally:
        _exit(0)
