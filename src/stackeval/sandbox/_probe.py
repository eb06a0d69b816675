"""What isolation this machine offers, probed once per process."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class Capabilities:
    """Namespaces ``unshare`` can create here, and whether we may switch uids."""

    unshare: str | None
    netns: bool
    pidns: bool  # --pid --fork --kill-child --mount-proc (implies a mount namespace)
    mountns: bool
    ipcns: bool
    root: bool


_lock = threading.Lock()
_cached: Capabilities | None = None


def _works(unshare: str, flags: list[str], true: str) -> bool:
    try:
        r = subprocess.run([unshare, *flags, "--", true], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=5, env={"PATH": "/usr/bin:/bin"})
    except (OSError, subprocess.SubprocessError):
        return False
    return r.returncode == 0


def probe(*, refresh: bool = False) -> Capabilities:
    """Try each namespace once (a few ms each) and cache the answer."""
    global _cached
    with _lock:
        if _cached is not None and not refresh:
            return _cached
        unshare = shutil.which("unshare", path="/usr/bin:/bin:/usr/sbin:/sbin")
        true = shutil.which("true", path="/usr/bin:/bin") or "/bin/true"
        root = os.geteuid() == 0
        if unshare is None:
            caps = Capabilities(None, False, False, False, False, root)
        elif _works(unshare, ["--net", "--pid", "--fork", "--kill-child", "--mount-proc", "--ipc"], true):
            caps = Capabilities(unshare, True, True, True, True, root)
        else:
            caps = Capabilities(
                unshare,
                netns=_works(unshare, ["--net"], true),
                pidns=_works(unshare, ["--pid", "--fork", "--kill-child", "--mount-proc"], true),
                mountns=_works(unshare, ["--mount"], true),
                ipcns=_works(unshare, ["--ipc"], true),
                root=root,
            )
        _cached = caps
        return caps
