"""The HTML report in a real headless Chromium: it renders, logs no console errors, and every image loads.

Chromium comes from Debian (scripts/setup-chromium.sh). Console errors, exceptions and image state are
read over the DevTools protocol (aiohttp websocket); --dump-dom and --screenshot are checked too. A page
with a broken image and a console error shows that the checks can fail.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from tests.unit.report.test_compare import _k_sweep, _suite_col

from stackeval.records.run import TestResult
from stackeval.report.compare import compare
from stackeval.report.render import render_comparison, render_run

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: run scripts/setup-chromium.sh")
        pytest.skip("chromium is not installed (scripts/setup-chromium.sh)")
    return exe


class Page:
    """A Chromium started with a DevTools port; ``load(url)`` returns what the page reported."""

    def __init__(self, exe: str) -> None:
        self.exe = exe
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-")
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Page:
        self.proc = subprocess.Popen([self.exe, *FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-port=0",
                                      "--window-size=1280,2000", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if port_file.exists() and port_file.read_text().strip():
                self.port = int(port_file.read_text().split()[0])
                return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.__exit__()
        raise RuntimeError("chromium did not open its DevTools port")

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        shutil.rmtree(self.profile, ignore_errors=True)

    async def load(self, url: str) -> dict[str, Any]:
        async with aiohttp.ClientSession() as s:
            async with s.get(f"http://127.0.0.1:{self.port}/json/list") as r:
                targets = await r.json(content_type=None)
            ws_url = next(t["webSocketDebuggerUrl"] for t in targets if t.get("type") == "page")
            async with s.ws_connect(ws_url, max_msg_size=64 * 1024 * 1024) as ws:
                return await _drive(ws, url)


async def _drive(ws: aiohttp.ClientWebSocketResponse, url: str) -> dict[str, Any]:
    seq = 0
    errors: list[str] = []
    loaded = asyncio.Event()
    replies: dict[int, asyncio.Future[dict[str, Any]]] = {}

    async def reader() -> None:
        async for msg in ws:
            m = json.loads(msg.data)
            if "id" in m and m["id"] in replies:
                replies.pop(m["id"]).set_result(m)
            method = m.get("method")
            p = m.get("params", {})
            if method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                errors.append("console: " + " ".join(str(a.get("value", a.get("description"))) for a in p.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                errors.append("exception: " + p.get("exceptionDetails", {}).get("text", ""))
            elif method == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                errors.append("log: " + p["entry"].get("text", ""))
            elif method == "Page.loadEventFired":
                loaded.set()

    async def call(method: str, **params: Any) -> dict[str, Any]:
        nonlocal seq
        seq += 1
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        replies[seq] = fut
        await ws.send_json({"id": seq, "method": method, "params": params})
        return (await asyncio.wait_for(fut, 30)).get("result", {})

    task = asyncio.create_task(reader())
    try:
        for domain in ("Runtime", "Log", "Page"):
            await call(f"{domain}.enable")
        await call("Page.navigate", url=url)
        await asyncio.wait_for(loaded.wait(), 30)
        await asyncio.sleep(0.3)  # late console messages
        probe = ("JSON.stringify({images: document.images.length, "
                 "loaded: Array.from(document.images).filter(i => i.complete && i.naturalWidth > 0).length, "
                 "h2: Array.from(document.querySelectorAll('h2')).map(h => h.textContent), "
                 "tables: document.querySelectorAll('table').length, height: document.body.scrollHeight})")
        res = await call("Runtime.evaluate", expression=probe, returnByValue=True)
        facts = json.loads(res["result"]["value"])
        shot = await call("Page.captureScreenshot", format="png")
        facts["screenshot_bytes"] = len(shot.get("data", "")) * 3 // 4
        facts["errors"] = errors
        return facts
    finally:
        task.cancel()


def _cli(exe: str, *args: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory(prefix="chromium-cli-") as prof:
        return subprocess.run([exe, *FLAGS, f"--user-data-dir={prof}", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("html")
    sweep = _k_sweep(None, [1, 2, 4, 8, 16])
    a = {f"t{i:02d}": ["pass"] for i in range(12)}
    b = {k: (["fail"] if i < 10 else ["pass"]) for i, k in enumerate(a)}
    flips = compare([_suite_col("twin", a), _suite_col("worse", b)])
    from tests.unit.report.test_compare import _info, _stack

    st = _stack()
    rs = [TestResult(test_id=f"s1.math.{t}.01", category="math", tier=t, status=s, wall_s=1.0)  # type: ignore[arg-type]
          for t, s in (("easy", "pass"), ("hard", "fail"))]
    out = {"sweep": render_comparison(sweep, "html"), "flips": render_comparison(flips, "html"),
           "run": render_run(_info("r1", st), st, rs, {}, "html"),
           "broken": "<!DOCTYPE html><html><body><h2>x</h2><img src='missing.png'><script>console.error('boom')</script></body></html>"}
    paths = {}
    for name, text in out.items():
        p = d / f"{name}.html"
        p.write_text(text, encoding="utf-8")
        paths[name] = p
    return paths


@pytest.mark.parametrize("name", ["sweep", "flips", "run"])
def test_report_renders_without_console_errors_and_images_load(pages: dict[str, Path], name: str) -> None:
    exe = _chromium()
    with Page(exe) as page:
        facts = asyncio.run(page.load(pages[name].as_uri()))
    assert facts["errors"] == []
    assert facts["images"] >= 1 and facts["loaded"] == facts["images"]
    assert facts["tables"] >= 2 and facts["height"] > 500 and facts["screenshot_bytes"] > 10_000
    if name == "sweep":
        assert {"Runs side by side", "Variables that differ", "Differences and flips"} <= set(facts["h2"])
        assert any(h.startswith("Sweep ks") for h in facts["h2"])


def test_the_checks_catch_a_broken_page(pages: dict[str, Path]) -> None:
    exe = _chromium()
    with Page(exe) as page:
        facts = asyncio.run(page.load(pages["broken"].as_uri()))
    assert facts["loaded"] < facts["images"]
    assert any("boom" in e for e in facts["errors"])


def test_dump_dom_and_screenshot(pages: dict[str, Path], tmp_path: Path) -> None:
    exe = _chromium()
    dom = _cli(exe, "--dump-dom", pages["sweep"].as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "<h2>Variables that differ</h2>" in dom.stdout and 'src="data:image/svg+xml;base64,' in dom.stdout
    shot = tmp_path / "sweep.png"
    r = _cli(exe, f"--screenshot={shot}", "--window-size=1280,3000", pages["sweep"].as_uri())
    assert r.returncode == 0 and shot.exists() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 20_000
