"""Run the real `stackeval` console entry point in a subprocess."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path


def stackeval(*args: str, env: dict[str, str] | None = None, timeout: float = 600, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    e = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "stackeval", *args], capture_output=True, text=True,
                          timeout=timeout, env=e, cwd=cwd)


def digest(path: Path) -> str | None:
    if not path.exists():
        return None
    h = hashlib.sha256()
    for suffix in ("", "-wal"):
        p = Path(str(path) + suffix)
        if p.exists():
            h.update(p.read_bytes())
    return h.hexdigest()
