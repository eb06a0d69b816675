"""What a run wrote: stdout and stderr up to a cap, and the supervisor's status lines (used by ``local``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass
class _Capture:
    cap: int
    stdout: bytearray = field(default_factory=bytearray)
    stderr: bytearray = field(default_factory=bytearray)
    total: int = 0
    status: list[dict] = field(default_factory=list)
    status_buf: bytearray = field(default_factory=bytearray)

    def add(self, name: str, data: bytes) -> bool:
        """Keep what fits under the cap; False once the cap is exceeded."""
        keep = max(0, self.cap - self.total)
        getattr(self, name).extend(data[:keep])
        self.total += len(data)
        return self.total <= self.cap

    def add_status(self, data: bytes) -> None:
        self.status_buf.extend(data)
        while b"\n" in self.status_buf:
            line, _, rest = bytes(self.status_buf).partition(b"\n")
            self.status_buf = bytearray(rest)
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict):
                self.status.append(obj)
