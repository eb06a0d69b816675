"""A stand-in for ``pynvml`` that replays recorded NVML responses, behind the same functions the sampler
calls (``NvmlGpus`` cannot tell them apart). Used by the tests and by ``--nvml-replay``; ``record`` writes
such a recording from the real NVML on a GPU machine (``python -m stackeval.perf.resource_probe --record-nvml``).

Recording format::

    {"source": "...", "devices": [{"name": "NVIDIA H100 80GB HBM3",
       "memory": "NOT_SUPPORTED",            # optional: the device reports no memory info (unified memory)
       "ticks": [{"memory": {"total": .., "used": .., "free": ..}, "utilization": {"gpu": 37, "memory": 12},
                  "power_mw": 312000, "processes": [{"pid": 4242 | "root", "usedGpuMemory": ..}]}, ...]}]}

Each device's readings advance one tick per process query (the sampler's last query of a device in a sample)
and stay on the last tick.
A process ``pid`` of ``"root"`` stands for the sampled server's pid.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

__all__ = ["RecordedNvml", "NVMLError", "record"]

NVML_ERROR_NOT_SUPPORTED = 3
NVML_ERROR_LIBRARY_NOT_FOUND = 12


class NVMLError(Exception):
    def __init__(self, value: int) -> None:
        super().__init__(f"NVML error {value}")
        self.value = value


class RecordedNvml:
    NVMLError = NVMLError
    NVML_ERROR_NOT_SUPPORTED = NVML_ERROR_NOT_SUPPORTED

    def __init__(self, data: dict[str, Any], root_pid: int | None = None) -> None:
        self.data = data
        self.root_pid = root_pid
        self.tick = [0] * len(data.get("devices", []))
        self.initialized = False
        self.calls: list[str] = []

    @classmethod
    def load(cls, path: str | Path, root_pid: int | None = None) -> RecordedNvml:
        return cls(json.loads(Path(path).read_text()), root_pid)

    def _dev(self, h: int) -> dict[str, Any]:
        if not self.initialized:
            raise NVMLError(1)  # NVML_ERROR_UNINITIALIZED
        return self.data["devices"][h]

    def _now(self, h: int) -> dict[str, Any]:
        ticks = self._dev(h).get("ticks") or [{}]
        return ticks[min(self.tick[h], len(ticks) - 1)]

    # ---- the pynvml functions the sampler uses -----------------------------------------------
    def nvmlInit(self) -> None:  # noqa: N802 (pynvml's names)
        self.calls.append("nvmlInit")
        if self.data.get("init_error") is not None:
            raise NVMLError(int(self.data["init_error"]))
        self.initialized = True

    def nvmlShutdown(self) -> None:  # noqa: N802
        self.calls.append("nvmlShutdown")
        self.initialized = False

    def nvmlDeviceGetCount(self) -> int:  # noqa: N802
        if not self.initialized:
            raise NVMLError(1)
        return len(self.data.get("devices", []))

    def nvmlDeviceGetHandleByIndex(self, i: int) -> int:  # noqa: N802
        self._dev(i)
        return i

    def nvmlDeviceGetName(self, h: int) -> str:  # noqa: N802
        return str(self._dev(h)["name"])

    def nvmlDeviceGetMemoryInfo(self, h: int) -> Any:  # noqa: N802
        if self._dev(h).get("memory") == "NOT_SUPPORTED":
            raise NVMLError(NVML_ERROR_NOT_SUPPORTED)
        m = self._now(h).get("memory")
        if m is None:
            raise NVMLError(NVML_ERROR_NOT_SUPPORTED)
        return SimpleNamespace(total=m["total"], used=m["used"], free=m.get("free", m["total"] - m["used"]))

    def nvmlDeviceGetUtilizationRates(self, h: int) -> Any:  # noqa: N802
        u = self._now(h).get("utilization")
        if u is None:
            raise NVMLError(NVML_ERROR_NOT_SUPPORTED)
        return SimpleNamespace(gpu=u["gpu"], memory=u.get("memory", 0))

    def nvmlDeviceGetPowerUsage(self, h: int) -> int:  # noqa: N802
        p = self._now(h).get("power_mw")
        if p is None:
            raise NVMLError(NVML_ERROR_NOT_SUPPORTED)
        return int(p)

    def nvmlDeviceGetComputeRunningProcesses(self, h: int) -> list[Any]:  # noqa: N802
        out = []
        for p in self._now(h).get("processes") or []:
            pid = self.root_pid if p["pid"] == "root" else p["pid"]
            out.append(SimpleNamespace(pid=pid, usedGpuMemory=p.get("usedGpuMemory")))
        self.tick[h] += 1  # the sampler's last query of a device per sample: the next sample reads the next tick
        return out


def _call(fn: Any, *a: Any) -> Any:
    try:
        return fn(*a), None
    except Exception as e:  # noqa: BLE001
        return None, getattr(e, "value", str(e))


def record(nvml: Any, ticks: int = 3, every_s: float = 0.5) -> dict[str, Any]:
    """What the real NVML (``pynvml``) answers, in the replay format."""
    nvml.nvmlInit()
    try:
        devs = []
        handles = [nvml.nvmlDeviceGetHandleByIndex(i) for i in range(nvml.nvmlDeviceGetCount())]
        for h in handles:
            name = nvml.nvmlDeviceGetName(h)
            devs.append({"name": name.decode() if isinstance(name, bytes) else str(name), "ticks": []})
        for _ in range(ticks):
            for d, h in zip(devs, handles, strict=True):
                tick: dict[str, Any] = {}
                mem, err = _call(nvml.nvmlDeviceGetMemoryInfo, h)
                if mem is not None:
                    tick["memory"] = {"total": int(mem.total), "used": int(mem.used), "free": int(mem.free)}
                elif err == NVML_ERROR_NOT_SUPPORTED:
                    d["memory"] = "NOT_SUPPORTED"
                util, _ = _call(nvml.nvmlDeviceGetUtilizationRates, h)
                if util is not None:
                    tick["utilization"] = {"gpu": int(util.gpu), "memory": int(util.memory)}
                power, _ = _call(nvml.nvmlDeviceGetPowerUsage, h)
                if power is not None:
                    tick["power_mw"] = int(power)
                procs, _ = _call(nvml.nvmlDeviceGetComputeRunningProcesses, h)
                tick["processes"] = [{"pid": int(p.pid), "usedGpuMemory": p.usedGpuMemory} for p in procs or []]
                d["ticks"].append(tick)
            time.sleep(every_s)
        return {"source": "recorded by stackeval.perf.resource_probe --record-nvml", "devices": devs}
    finally:
        nvml.nvmlShutdown()
