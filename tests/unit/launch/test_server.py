"""The launcher against a scripted child process: health wait, failure reasons, clean and forceful stop."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from stackeval.launch.server import ServerProcess, first_fatal_line
from stackeval.localserver.manager import free_port

FAKE = str(Path(__file__).parent / "fake_serve.py")


def _srv(tmp_path: Path, *extra: str) -> ServerProcess:
    port = free_port()
    return ServerProcess([sys.executable, FAKE, "--host", "127.0.0.1", "--port", str(port), *extra],
                         f"http://127.0.0.1:{port}", tmp_path / "logs" / "srv.log")


async def test_starts_healthy_streams_log_and_stops_cleanly(tmp_path: Path) -> None:
    s = _srv(tmp_path)
    out = await s.start(timeout_s=20, poll_s=0.05)
    try:
        assert out.ok and out.ready_s is not None and out.reason is None
        assert s.alive()
        assert os.getpgid(s.proc.pid) == s.proc.pid  # its own process group  # type: ignore[union-attr]
    finally:
        how = s.stop(grace_s=5)
    assert how == "terminated" and not s.alive()
    assert "listening on 127.0.0.1" in s.log_path.read_text()


async def test_exit_during_start_is_a_result_with_the_first_fatal_line(tmp_path: Path) -> None:
    s = _srv(tmp_path, "--fail", "boom: address already in use")
    out = await s.start(timeout_s=20, poll_s=0.05)
    assert not out.ok and out.exit_code == 1
    assert out.reason == "ERROR boom: address already in use"
    assert s.stop() == "exited"


async def test_health_timeout(tmp_path: Path) -> None:
    s = _srv(tmp_path, "--delay", "30")
    out = await s.start(timeout_s=0.5, poll_s=0.05)
    assert not out.ok and out.reason is not None and out.reason.startswith("not healthy after")
    assert s.stop(grace_s=5) == "terminated"


async def test_a_server_that_ignores_sigterm_is_killed(tmp_path: Path) -> None:
    s = _srv(tmp_path, "--ignore-term")
    out = await s.start(timeout_s=20, poll_s=0.05)
    assert out.ok
    assert s.stop(grace_s=0.5) == "killed"
    assert s.proc is not None and s.proc.returncode is not None


async def test_missing_program(tmp_path: Path) -> None:
    s = ServerProcess(["/nonexistent/serve-binary", "--port", "1"], "http://127.0.0.1:1", tmp_path / "x.log")
    out = await s.start(timeout_s=5)
    assert not out.ok and "cannot execute" in (out.reason or "")


def test_first_fatal_line_prefers_the_engine_parser() -> None:
    fixtures = Path(__file__).resolve().parents[2] / "fixtures" / "logs"
    text = (fixtures / "llamacpp-load-failure.log").read_text()
    assert "fail" in first_fatal_line(text, "x").lower()
    vllm = (fixtures / "vllm-failed-moe-backend.log").read_text()
    assert first_fatal_line(vllm, "x").startswith("ValueError: moe_backend='triton' is not supported")
    assert first_fatal_line("", "fallback") == "fallback"
    assert first_fatal_line("a\nb\n", "f") == "b"
