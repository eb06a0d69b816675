"""Choosing the llama.cpp build by trying it: crashes and signals fall back, the verdict is cached."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from stackeval.localserver import builds
from stackeval.localserver.builds import Build, LocalServerError, choose_build, probe, signal_reason

# A stand-in llama-server: `--version` prints a version, a start serves /completion with one token.
# MODE (in the file name's environment) decides how it misbehaves.
SERVER = r'''
import json, os, signal, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
mode = os.environ.get("FAKE_MODE_" + os.path.basename(sys.argv[0]).replace("-", "_"), "ok")
with open(sys.argv[0] + ".calls", "a") as f:
    f.write(" ".join(sys.argv[1:2]) + "\n")
if mode == "sigill-version" or (mode == "sigill-start" and "--version" not in sys.argv):
    os.kill(os.getpid(), signal.SIGILL)
if "--version" in sys.argv:
    print("version: 9.9 (fake)"); sys.exit(0)
port = int(sys.argv[sys.argv.index("--port") + 1])
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        if mode == "sigill-answer":
            os.kill(os.getpid(), signal.SIGILL)
        b = json.dumps({"content": "Hi"}).encode()
        self.send_response(200); self.send_header("Content-Length", str(len(b))); self.end_headers()
        self.wfile.write(b)
HTTPServer(("127.0.0.1", port), H).serve_forever()
'''


def fake(tmp_path: Path, name: str, mode: str, monkeypatch: pytest.MonkeyPatch) -> Build:
    exe = tmp_path / name
    exe.write_text(f"#!{sys.executable}\n{SERVER}")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("FAKE_MODE_" + name.replace("-", "_"), mode)
    return Build(name.split("-")[0], (str(exe),), f"fake {name}", str(exe))


def calls(b: Build) -> list[str]:
    p = Path(b.argv[0] + ".calls")
    return p.read_text().splitlines() if p.exists() else []


@pytest.fixture
def model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(builds.CACHE_ENV, str(tmp_path / "cache.json"))
    monkeypatch.delenv(builds.BUILD_ENV, raising=False)
    m = tmp_path / "model.gguf"
    m.write_bytes(b"GGUF")
    return m


def test_signal_reason_names_the_signal() -> None:
    assert signal_reason(-4) == "SIGILL: this build needs CPU instructions this machine lacks"
    assert signal_reason(-11).startswith("SIGSEGV")
    assert signal_reason(3) == "exited with code 3"


@pytest.mark.parametrize("mode", ["sigill-version", "sigill-start", "sigill-answer"])
def test_a_build_that_dies_with_sigill_fails_its_probe(tmp_path: Path, model: Path, mode: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    ok, what = probe(fake(tmp_path, "skulk-bin", mode, monkeypatch), model, timeout_s=20)
    assert not ok and "SIGILL: this build needs CPU instructions this machine lacks" in what


def test_falls_back_to_the_next_build_and_says_why(tmp_path: Path, model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = fake(tmp_path, "skulk-bin", "sigill-answer", monkeypatch)
    good = fake(tmp_path, "xllamacpp-bin", "ok", monkeypatch)
    monkeypatch.setattr(builds, "candidates", lambda: [bad, good])
    choice = choose_build(model)
    assert choice.build == good
    assert "answered one token" in choice.reason and "skulk: " in choice.reason and "SIGILL" in choice.reason
    # the verdicts are cached: a second choice probes nothing
    n_bad, n_good = len(calls(bad)), len(calls(good))
    again = choose_build(model)
    assert again.build == good and "cached probe" in again.reason
    assert (len(calls(bad)), len(calls(good))) == (n_bad, n_good)


def test_no_build_runs(tmp_path: Path, model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = fake(tmp_path, "skulk-bin", "sigill-start", monkeypatch)
    monkeypatch.setattr(builds, "candidates", lambda: [bad])
    with pytest.raises(LocalServerError, match="no installed llama.cpp build runs on this machine: skulk: start SIGILL"):
        choose_build(model)


def test_forced_build_is_not_probed_and_must_be_installed(tmp_path: Path, model: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    bad = fake(tmp_path, "skulk-bin", "sigill-start", monkeypatch)
    monkeypatch.setattr(builds, "candidates", lambda: [bad])
    choice = choose_build(model, "skulk")
    assert choice.build == bad and "forced by --build=skulk" in choice.reason and calls(bad) == []
    monkeypatch.setenv(builds.BUILD_ENV, "skulk")
    assert f"${builds.BUILD_ENV}" in choose_build(model).reason
    with pytest.raises(LocalServerError, match="xllamacpp build is not installed"):
        choose_build(model, "xllamacpp")
    with pytest.raises(LocalServerError, match="unknown llama.cpp build 'vulkan'"):
        choose_build(model, "vulkan")


def test_cache_key_changes_with_the_binary(tmp_path: Path, model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = fake(tmp_path, "xllamacpp-bin", "ok", monkeypatch)
    monkeypatch.setattr(builds, "candidates", lambda: [good])
    choose_build(model)
    first = len(calls(good))
    os.utime(good.argv[0], (1, 1))
    changed = Build(good.name, good.argv, good.description, builds._file_identity(good.argv[0]))
    monkeypatch.setattr(builds, "candidates", lambda: [changed])
    choose_build(model)
    assert len(calls(good)) > first
