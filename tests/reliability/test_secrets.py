"""Secrets: a recognisable API key is set for real CLI runs against a server that requires it and, for
some tests, echoes the Authorization header back (in an error page, in the answer, in a 429 body), and
a generated program tries to read it from the environment. The key must then appear in no artefact:
the DB (and its WAL), exports, reports, the bench document, stdout/stderr of every command, error lines."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from aiohttp import web

from stackeval.suites import load_profile
from stackeval.testing.fakeserver import Reply
from tests.helpers.cli import stackeval
from tests.reliability.helpers import FaultPlan, FaultServer

KEY = f"sk-stackeval-canary-{uuid.uuid4().hex}"
ENV = {"OPENAI_API_KEY": KEY, "STACKEVAL_DB": ""}

LEAKY_CODE = """```python
import os, glob
def add(a, b):
    seen = [repr(dict(os.environ))]
    for p in glob.glob("/proc/[0-9]*/environ"):
        try:
            seen.append(open(p, "rb").read().decode("latin-1"))
        except OSError:
            pass
    raise RuntimeError(" ".join(seen))
```"""


class EchoServer(FaultServer):
    """Requires the key, and echoes the Authorization header for chosen tests (a hostile or debug proxy)."""

    echo: dict[str, str] = {}

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        if not self._auth_ok(request):
            return web.json_response({"error": {"message": "invalid api key"}}, status=401)
        body = await request.json()
        text = json.dumps(body.get("messages", []))
        auth = request.headers.get("Authorization", "")
        for needle, how in self.echo.items():
            if needle in text:
                if how == "error_page":
                    return web.Response(status=500, text=f"<pre>upstream failed; request headers: Authorization: {auth}</pre>")
                if how == "rate_limit_body":
                    return web.json_response({"error": {"message": f"slow down, {auth}"}}, status=429,
                                             headers={"Retry-After": "0"})
                if how == "in_answer":
                    self.requests.append(body)
                    return await self._stream(request, Reply(content=f"Your header was: {auth}\nANSWER: Raj"))
                if how == "leaky_code":
                    self.requests.append(body)
                    return await self._stream(request, Reply(content=LEAKY_CODE))
        return await super()._chat(request)


@pytest.fixture(scope="module")
def server():
    items = load_profile("smoke").items
    srv = EchoServer(FaultPlan(items), api_key=KEY)
    srv.echo = {"What is 9 + 6": "error_page", "Tom is taller": "in_answer", "one short sentence about the sea":
                "rate_limit_body", "`add(a: int, b: int)": "leaky_code"}
    with srv:
        yield srv


def _scan(paths: list[Path], texts: dict[str, str]) -> list[str]:
    hits = []
    for p in paths:
        for q in [p, Path(f"{p}-wal"), Path(f"{p}-shm"), Path(f"{p}-journal")]:
            if q.exists() and KEY.encode() in q.read_bytes():
                hits.append(str(q))
    hits += [name for name, t in texts.items() if KEY in t]
    return hits


def test_api_key_never_reaches_any_artefact(tmp_path: Path, server: EchoServer) -> None:
    db = tmp_path / "secret.db"
    out: dict[str, str] = {}

    def cli(name: str, *args: str, env: dict[str, str] | None = None, ok: bool = True) -> None:
        r = stackeval(*args, env={**ENV, **(env or {})}, cwd=tmp_path)
        out[f"{name}.stdout"], out[f"{name}.stderr"] = r.stdout, r.stderr
        assert (r.returncode == 0) == ok, (name, r.returncode, r.stderr[-600:])

    # a second key variable name: only the name is stored
    cli("run-env", "run", "-e", server.base_url, "-p", "smoke", "--only", "k1.math.*", "--db", str(db),
        "--api-key-env", "MY_GATEWAY_KEY", env={"MY_GATEWAY_KEY": KEY, "OPENAI_API_KEY": ""})
    cli("run", "run", "-e", server.base_url, "-p", "smoke", "--db", str(db), "--repeats", "2")
    cli("resume", "run", "--resume", "latest", "--retry-errors", "--db", str(db))
    cli("stack", "stack", "-e", server.base_url, "--json")
    cli("runs", "runs", "--db", str(db), "--json")
    files = []
    for fmt in ("json", "csv"):
        f = tmp_path / f"export.{fmt}"
        cli(f"export-{fmt}", "export", "latest", "--db", str(db), "--format", fmt, "--out", str(f))
        cli(f"export-{fmt}-stdout", "export", "latest", "--db", str(db), "--format", fmt)
        files.append(f)
    for fmt in ("md", "json"):
        f = tmp_path / f"report.{fmt}"
        cli(f"report-{fmt}", "report", "latest", "--db", str(db), "--format", fmt, "--out", str(f))
        files.append(f)
    cli("report-term", "report", "latest", "--db", str(db))
    bench_json, bench_md = tmp_path / "bench.json", tmp_path / "bench.md"
    cli("bench", "bench", "-e", server.base_url, "-n", "4", "--runs", "1", "-c", "2", "--requests", "4",
        "--json", str(bench_json), "--md", str(bench_md), "--db", str(db))
    files += [bench_json, bench_md]
    # a wrong key: the error line names the problem, never the key (neither the wrong nor the right one)
    wrong = KEY[::-1]
    cli("wrong-key", "run", "-e", server.base_url, "-p", "smoke", "--db", str(db), env={"OPENAI_API_KEY": wrong},
        ok=False)
    assert "refused the API key" in out["wrong-key.stderr"] and wrong not in out["wrong-key.stderr"]

    # the hostile server did echo the key: the harness saw it and redacted it
    doc = json.loads((tmp_path / "export.json").read_text())
    assert {r["test_id"] for r in doc["results"]} == {i.id for i in load_profile("smoke").items}
    hits = _scan([db, *files, *tmp_path.glob("*.db")], out)
    assert hits == [], f"the API key leaked into: {hits}"
    assert b"[redacted]" in db.read_bytes() + Path(f"{db}-wal").read_bytes() if Path(f"{db}-wal").exists() \
        else b"[redacted]" in db.read_bytes()
    assert "MY_GATEWAY_KEY" in db.read_bytes().decode("latin-1") + (
        Path(f"{db}-wal").read_bytes().decode("latin-1") if Path(f"{db}-wal").exists() else "")
