"""Fixtures of the agentic tests: a sandbox executor (the real one when present) and a fake clock."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time

import pytest

from stackeval.records.execution import ExecResult, Limits


class SubprocessExecutor:
    """A minimal stand-in for the sandbox: fresh temp dir, plain subprocess, wall-clock limit only."""

    def run(self, files: dict[str, str], argv: list[str], limits: Limits,
            collect: list[str] | None = None) -> ExecResult:
        work = tempfile.mkdtemp(prefix="stackeval-test-exec-")
        try:
            for rel, text in files.items():
                path = os.path.join(work, rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
            cmd = [sys.executable if argv[0] == "python" else argv[0], *argv[1:]]
            t0 = time.monotonic()
            try:
                proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=limits.wall_s,
                                      env={"PATH": os.environ.get("PATH", ""), "PYTHONDONTWRITEBYTECODE": "1",
                                           "HOME": work, "TMPDIR": work})
            except subprocess.TimeoutExpired:
                return ExecResult(exit_code=None, ended_by="timeout", wall_s=time.monotonic() - t0)
            got = {}
            for name in collect or []:
                p = os.path.join(work, name)
                if os.path.isfile(p):
                    with open(p, encoding="utf-8") as fh:
                        got[name] = fh.read()
            return ExecResult(exit_code=proc.returncode, ended_by="exit", stdout=proc.stdout, stderr=proc.stderr,
                              wall_s=time.monotonic() - t0, files=got, isolation=["tmpdir"])
        finally:
            shutil.rmtree(work, ignore_errors=True)


def _make_executor():
    try:
        from stackeval.sandbox.local import LocalExecutor
    except ModuleNotFoundError:  # pragma: no cover - the sandbox is optional for these tests
        return SubprocessExecutor()
    return LocalExecutor()


@pytest.fixture(scope="session")
def executor():
    return _make_executor()


class FakeClock:
    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
