"""Bad input: one clear line, exit code 2, and the store exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.cli import digest, stackeval

from stackeval.localserver.manager import free_port
from stackeval.testing.fakeserver import FakeServer


@pytest.fixture(scope="module")
def fake():
    with FakeServer() as srv:
        yield srv


def _seeded_db(tmp_path: Path, fake: FakeServer) -> Path:
    db = tmp_path / "s.db"
    r = stackeval("run", "-e", fake.base_url, "-p", "smoke", "--only", "k1.prose.*", "--db", str(db), "-q")
    assert r.returncode == 0, r.stderr
    return db


def _one_line_exit2(r) -> str:  # noqa: ANN001
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("stackeval: error: "), r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    return lines[0]


@pytest.mark.parametrize("scenario", ["wrong_url", "bad_recipe", "unknown_key_recipe", "unknown_profile", "unknown_test",
                                      "html_page"])
def test_bad_input_exit_2_and_db_unchanged(tmp_path: Path, fake: FakeServer, scenario: str) -> None:
    db = _seeded_db(tmp_path, fake)
    before = digest(db)
    recipe = tmp_path / "r.yaml"
    args = ["run", "-e", fake.base_url, "-p", "smoke", "--db", str(db)]
    if scenario == "wrong_url":
        args[2] = f"http://127.0.0.1:{free_port()}"
        want = "cannot connect"
    elif scenario == "bad_recipe":
        recipe.write_text("engine: vllm\nserve: [1, 2\n")
        args += ["--recipe", str(recipe)]
        want = "r.yaml:"
    elif scenario == "unknown_key_recipe":
        recipe.write_text("engine: vllm\nflavour: mint\n")
        args += ["--recipe", str(recipe)]
        want = "r.yaml:2: flavour: unknown key"
    elif scenario == "unknown_profile":
        args[4] = "nosuchprofile"
        want = "unknown profile 'nosuchprofile'"
    elif scenario == "unknown_test":
        args += ["--only", "zz.*"]
        want = "no test"
    else:
        from aiohttp import web

        async def page(_r: web.Request) -> web.Response:
            return web.Response(text="<html><body>hello</body></html>", content_type="text/html")

        html = FakeServer()
        html.app = lambda: _html_app(page)  # type: ignore[method-assign]
        with html:
            args[2] = html.base_url
            line = _one_line_exit2(stackeval(*args))
        assert "does not look like an OpenAI-compatible server" in line and digest(db) == before
        return
    line = _one_line_exit2(stackeval(*args))
    assert want in line
    assert digest(db) == before


def _html_app(handler):  # noqa: ANN001, ANN202
    from aiohttp import web

    app = web.Application()
    app.router.add_get("/{tail:.*}", handler)
    return app


def test_wrong_url_creates_no_db(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    _one_line_exit2(stackeval("run", "-e", f"http://127.0.0.1:{free_port()}", "-p", "smoke", "--db", str(db)))
    assert not db.exists()


def test_wrong_api_key(tmp_path: Path) -> None:
    with FakeServer(api_key="sk-right") as srv:
        line = _one_line_exit2(stackeval("run", "-e", srv.base_url, "-p", "smoke", "--db", str(tmp_path / "k.db"),
                                         env={"OPENAI_API_KEY": "sk-wrong-KEY987"}))
    assert "refused the API key" in line and "KEY987" not in line


def test_db_not_sqlite(tmp_path: Path, fake: FakeServer) -> None:
    db = tmp_path / "notes.db"
    db.write_text("just text")
    line = _one_line_exit2(stackeval("run", "-e", fake.base_url, "-p", "smoke", "--db", str(db)))
    assert "not an SQLite database" in line and db.read_text() == "just text"


def test_export_and_runs_on_missing_db(tmp_path: Path) -> None:
    _one_line_exit2(stackeval("runs", "--db", str(tmp_path / "none.db")))
    _one_line_exit2(stackeval("export", "latest", "--db", str(tmp_path / "none.db")))


@pytest.mark.parametrize(("args", "want"), [
    (["run", "-e", "http://127.0.0.1:9", "-p", "smoke", "--concurrency", "0"], "--concurrency"),
    (["run", "-e", "http://127.0.0.1:9", "-p", "smoke", "--reasoning-budget", "-1"], "--reasoning-budget"),
    (["run", "-e", "http://127.0.0.1:9", "-p", "smoke", "--max-tokens", "0"], "--max-tokens"),
    (["bench", "-e", "http://127.0.0.1:9", "-n", "1"], "--output-tokens"),
    (["run", "--bogus"], "No such option: --bogus"),
    (["report"], "Missing argument"),
    (["bench", "-e", "127.0.0.1:8080"], "lacks a scheme: write http://127.0.0.1:8080"),
    (["stack", "-e", "localhost:8000/v1"], "lacks a scheme"),
    (["serve-local", "--build", "vulkan"], "unknown llama.cpp build 'vulkan'"),
])
def test_usage_errors_are_one_line_without_a_box(args: list[str], want: str) -> None:
    r = stackeval(*args)
    line = _one_line_exit2(r)
    assert want in line, line
    assert not any(ch in r.stderr + r.stdout for ch in "╭│╰─"), r.stderr
