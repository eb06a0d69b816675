"""The run's work dir and the paths around it: who can reach a path, safe names inside the work dir,
removal, and the sweep of work dirs a killed process left behind (used by ``local``)."""

from __future__ import annotations

import os
import shutil
import stat
import threading
import time
from pathlib import Path

from stackeval.sandbox import _procs

_UID_BASE = 1_900_000_000
_UID_SPAN = 200_000_000


def _world_reachable(path: str, *, executable: bool = False) -> bool:
    """Can a uid with no special rights reach (and, with ``executable``, run) ``path``?"""
    p = Path(os.path.realpath(path))
    try:
        for d in [*reversed(p.parents)]:
            if not os.stat(d).st_mode & stat.S_IXOTH:
                return False
        mode = os.stat(p).st_mode
    except OSError:
        return False
    need = stat.S_IROTH | (stat.S_IXOTH if executable else 0)
    if stat.S_ISDIR(mode):
        need |= stat.S_IXOTH
    return mode & need == need


def _blocking_ancestor(path: str) -> str | None:
    """The highest ancestor of ``path`` that others cannot traverse (``/root``, say)."""
    for d in reversed(Path(path).parents):
        try:
            if not os.stat(d).st_mode & stat.S_IXOTH:
                return str(d)
        except OSError:
            return None
    return None


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def _safe_relpath(name: str) -> str:
    if not name or "\0" in name:
        raise ValueError(f"bad file name {name!r}")
    norm = os.path.normpath(name)
    if os.path.isabs(norm) or norm == ".." or norm.startswith("../") or norm == ".":
        raise ValueError(f"file name must stay inside the work dir: {name!r}")
    return norm


def _rmtree(path: str) -> None:
    root = os.path.abspath(path)

    def onerror(func, p, _exc):  # a program may leave dirs without write/exec permission
        try:
            parent = os.path.dirname(os.path.abspath(p))
            # only ever loosen permissions inside the tree being removed: never its parent (e.g. /tmp)
            if _under(parent, root):
                os.chmod(parent, 0o700)
            if _under(os.path.abspath(p), root):
                os.chmod(p, 0o700)
            func(p)
        except OSError:
            pass

    shutil.rmtree(path, onerror=onerror)


_swept: set[str] = set()
_swept_lock = threading.Lock()
_PREFIX = "stackeval-run-"


def _sweep_stale(base_dir: str) -> None:
    """Remove work dirs a killed process left behind (once per base dir and process).

    A dir owned by a sandbox uid is stale when no process runs as that uid and it is over a minute
    old; a root-owned one (no uid switch) only after six hours.
    """
    with _swept_lock:
        if base_dir in _swept:
            return
        _swept.add(base_dir)
    now = time.time()
    try:
        names = [n for n in os.listdir(base_dir) if n.startswith(_PREFIX)]
    except OSError:
        return
    for name in names:
        path = os.path.join(base_dir, name)
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode):
            continue
        age = now - st.st_mtime
        if _UID_BASE <= st.st_uid < _UID_BASE + _UID_SPAN:
            if age < 60 or _procs.pids_of_uid(st.st_uid):
                continue
        elif st.st_uid != os.geteuid() or age < 6 * 3600:
            continue
        _rmtree(path)
