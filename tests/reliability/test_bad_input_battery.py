"""Bad input, beyond tests/unit/cli/test_bad_input.py: malformed suite files (with file and line), recipe
files of the wrong shape, a resume of an unknown run, bad URLs, endpoints that are not LLM servers, a model
the server does not serve, and DB files that are not ours (newer schema, truncated, another program's
SQLite). Each: exit code 2, exactly one line ``stackeval: error: ...`` naming the problem, no traceback,
and the DB (and every suite file) byte-for-byte as it was. The CLI runs in this process through its real
entry point (``cli_inproc``); tests/unit/cli/test_bad_input.py covers the console script itself."""

from __future__ import annotations

import shutil
import socket
import sqlite3
import threading
from pathlib import Path

import pytest

from stackeval.localserver.manager import free_port
from stackeval.suites import loader
from stackeval.suites.loader import BUILTIN
from stackeval.testing.fakeserver import FakeServer
from tests.helpers.cli import digest
from tests.reliability.helpers import CliResult
from tests.reliability.helpers import cli_inproc as stackeval

GOOD_ITEM = """\
- id: t1.math.core.01
  category: math
  tier: core
  prompt: "What is 2 + 2? Reply with a final line of the form ANSWER: <number>."
  grader: {kind: math, answer: "4"}
  reference: "ANSWER: 4"
  wrong:
    - content: "ANSWER: 5"
      expect: wrong_answer
  rationale: "one addition"
"""
GOOD_LINES = GOOD_ITEM.count("\n")


def _item(**change: str | None) -> str:
    """GOOD_ITEM as the second item of a file (id ...02), with fields replaced (value) or removed (None)."""
    text = GOOD_ITEM.replace("t1.math.core.01", "t1.math.core.02")
    for key, value in change.items():
        lines = text.splitlines(keepends=True)
        idx = next(i for i, ln in enumerate(lines) if ln.lstrip("- ").startswith(f"{key}:"))
        if value is None:
            lines[idx] = "- " if lines[idx].startswith("- ") else ""
            if lines[idx] == "- ":  # keep the list entry started on this line
                lines[idx + 1] = "- " + lines[idx + 1][2:]
                lines[idx] = ""
        else:
            lead = lines[idx][: len(lines[idx]) - len(lines[idx].lstrip("- "))]
            lines[idx] = f"{lead}{key}: {value}\n"
        text = "".join(lines)
    return text


SECOND = GOOD_LINES + 1  # the line where the second item starts

SUITE_CASES = {
    # name: (file text, expected text in the error line after "<file>:<line>: ")
    "bad_yaml": (GOOD_ITEM + '- id: "t1.math.core.02\n  category: [math\n', "invalid YAML"),
    "wrong_type_tier": (GOOD_ITEM + _item(tier="5"), "tier: Input should be"),
    "wrong_type_wrong_list": (GOOD_ITEM + _item(wrong='"not a list"').replace(
        '    - content: "ANSWER: 5"\n      expect: wrong_answer\n', ""), "wrong: Input should be a valid list"),
    "unknown_key": (GOOD_ITEM + _item(rationale='"x"\n  flavour: mint'), "flavour: Extra inputs are not permitted"),
    "missing_field": (GOOD_ITEM + _item(rationale=None), "rationale: Field required"),
    "unknown_grader": (GOOD_ITEM + _item(grader="{kind: telepathy}"), "telepathy"),
    "bad_grader_spec": (GOOD_ITEM + _item(grader="{kind: math, answer: 4, tolerance: lots}"), "t1.math.core.02"),
    "not_a_list": ("id: t1.math.core.01\ncategory: math\n", "a suite file must be a list of items"),
}


@pytest.fixture(scope="module")
def fake():
    with FakeServer(models=("model-a", "model-b")) as srv:
        yield srv


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory, fake: FakeServer) -> Path:
    db = tmp_path_factory.mktemp("seed") / "s.db"
    r = stackeval("run", "-e", fake.base_url, "-p", "smoke", "--only", "k1.prose.*", "--db", str(db), "-q")
    assert r.returncode == 0, r.stderr
    return db


def _copy(db: Path, tmp_path: Path) -> Path:
    out = tmp_path / db.name
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{db}{suffix}").exists():
            shutil.copy(f"{db}{suffix}", f"{out}{suffix}")
    return out


def _one_line_exit2(r: CliResult) -> str:
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr[-1500:])
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("stackeval: error: "), r.stderr[-1500:]
    assert "Traceback" not in r.stderr + r.stdout
    return lines[0]


def _suite_cli(root: Path, *args: str) -> CliResult:
    """The CLI with the builtin suite folder replaced by ``root`` (the shipped suites are never touched)."""
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(loader.load_profile, "__defaults__", (root,))
        mp.setattr(loader.list_profiles, "__defaults__", (root,))
        return stackeval(*args)
    finally:
        mp.undo()


@pytest.mark.parametrize("case", sorted(SUITE_CASES))
def test_malformed_suite_file_names_file_and_line(tmp_path: Path, case: str, fake: FakeServer, seeded: Path) -> None:
    text, want = SUITE_CASES[case]
    root = tmp_path / "suites"
    (root / "mine").mkdir(parents=True)
    bad = root / "mine" / "items.yaml"
    bad.write_text(text)
    db = _copy(seeded, tmp_path)
    before = digest(db)
    lines = [
        _one_line_exit2(_suite_cli(root, "run", "-e", fake.base_url, "-p", "mine", "--db", str(db))),
        _one_line_exit2(_suite_cli(root, "suite", "list", "mine")),
    ]
    # where: the offending item's first line (the YAML error's own line for bad YAML, line 1 for the file shape)
    line_no = {"bad_yaml": None, "not_a_list": 1}.get(case, SECOND)
    for line in lines:
        prefix = f"stackeval: error: {bad}:"
        assert line.startswith(prefix), line
        where, _, rest = line[len(prefix):].partition(": ")
        assert where.isdigit(), line
        if line_no is not None:
            assert int(where) == line_no, line
        else:
            assert SECOND <= int(where) <= SECOND + 2, line
        assert want in rest, line
    assert digest(db) == before and bad.read_text() == text


def test_shipped_suites_untouched_by_the_battery() -> None:
    # the battery writes its bad suites to temp dirs only
    assert not any(p.name.startswith("mine") for p in BUILTIN.iterdir())


RECIPE_CASES = {
    "wrong_type_mapping": ("engine: vllm\nhardware: 5\n", "r.yaml:2: hardware: Input should be a valid dictionary"),
    "wrong_type_nested": ("engine: vllm\nserve:\n  flags: [1, 2]\n", "r.yaml:3: serve.flags: Input should be a valid dictionary"),
    "unknown_nested_key": ("engine: vllm\nserve:\n  comand: vllm serve x\n", "r.yaml:3: serve.comand: unknown key"),
    "not_a_mapping": ("- engine: vllm\n", "r.yaml:1: expected a mapping"),
    "bad_yaml_tab": ("engine: vllm\n\tmodel: x\n", "r.yaml:2: invalid YAML"),
    "missing_file": (None, "r.yaml: cannot read"),
}


@pytest.mark.parametrize("case", sorted(RECIPE_CASES))
def test_bad_recipe(tmp_path: Path, case: str, fake: FakeServer, seeded: Path) -> None:
    text, want = RECIPE_CASES[case]
    recipe = tmp_path / "r.yaml"
    if text is not None:
        recipe.write_text(text)
    db = _copy(seeded, tmp_path)
    before = digest(db)
    line = _one_line_exit2(stackeval("run", "-e", fake.base_url, "-p", "smoke", "--db", str(db), "--recipe", str(recipe)))
    assert want in line, line
    assert digest(db) == before


def _raw_server(reply: bytes) -> tuple[socket.socket, threading.Thread, threading.Event]:
    """A TCP listener that answers every connection with ``reply`` (not HTTP at all) and closes."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(32)
    srv.settimeout(0.2)
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            try:
                c, _ = srv.accept()
            except (TimeoutError, OSError):
                continue
            try:
                c.sendall(reply)
            except OSError:
                pass
            c.close()

    t = threading.Thread(target=loop, daemon=True)
    t.start()
    return srv, t, stop


@pytest.mark.parametrize("url", ["not a url", "ftp://127.0.0.1:21", "http://", "127.0.0.1:{port}",
                                 "http://127.0.0.1:99999"])
def test_bad_url(tmp_path: Path, url: str, seeded: Path) -> None:
    db = _copy(seeded, tmp_path)
    before = digest(db)
    url = url.format(port=free_port())
    line = _one_line_exit2(stackeval("run", "-e", url, "-p", "smoke", "--db", str(db)))
    # a URL without a scheme gets that reason (users write host:port); the rest "not an http(s) URL"
    want = "lacks a scheme" if "://" not in url else "is not an http(s) URL"
    assert f"endpoint {url!r} {want}" in line, line
    assert f"endpoint {url!r}" in _one_line_exit2(stackeval("stack", "-e", url))
    assert digest(db) == before
    fresh = tmp_path / "fresh.db"
    _one_line_exit2(stackeval("run", "-e", url, "-p", "smoke", "--db", str(fresh)))
    assert not fresh.exists()


def test_endpoint_that_is_not_an_llm_server(tmp_path: Path, seeded: Path) -> None:
    db = _copy(seeded, tmp_path)
    before = digest(db)
    # speaks garbage instead of HTTP
    srv, t, stop = _raw_server(b"SSH-2.0-OpenSSH_9.6\r\n")
    try:
        line = _one_line_exit2(stackeval("run", "-e", f"http://127.0.0.1:{srv.getsockname()[1]}", "-p", "smoke",
                                         "--db", str(db)))
    finally:
        stop.set()
        t.join(2)
        srv.close()
    assert "127.0.0.1" in line
    # an HTTP server with a JSON API that is not OpenAI's
    from aiohttp import web

    async def other(_r: web.Request) -> web.Response:
        return web.json_response({"detail": "Not Found"}, status=404)

    api = FakeServer()

    def app() -> web.Application:
        a = web.Application()
        a.router.add_route("*", "/{tail:.*}", other)
        return a

    api.app = app  # type: ignore[method-assign]
    with api:
        line = _one_line_exit2(stackeval("run", "-e", api.base_url, "-p", "smoke", "--db", str(db)))
    assert "does not look like an OpenAI-compatible server" in line and "HTTP 404" in line
    assert digest(db) == before


def test_model_not_served(tmp_path: Path, fake: FakeServer, seeded: Path) -> None:
    db = _copy(seeded, tmp_path)
    before = digest(db)
    line = _one_line_exit2(stackeval("run", "-e", fake.base_url, "-p", "smoke", "--model", "gpt-nonexistent",
                                     "--db", str(db)))
    assert "'gpt-nonexistent' is not served" in line and "model-a" in line
    assert digest(db) == before


def test_server_listing_no_models(tmp_path: Path, seeded: Path) -> None:
    db = _copy(seeded, tmp_path)
    before = digest(db)
    with FakeServer(models=()) as empty:
        line = _one_line_exit2(stackeval("run", "-e", empty.base_url, "-p", "smoke", "--db", str(db)))
    assert "lists no models" in line
    assert digest(db) == before


def test_resume_of_unknown_run_and_unknown_test(tmp_path: Path, fake: FakeServer, seeded: Path) -> None:
    db = _copy(seeded, tmp_path)
    before = digest(db)
    assert "no run 'nosuchrun'" in _one_line_exit2(stackeval("run", "--resume", "nosuchrun", "--db", str(db)))
    assert "no run" in _one_line_exit2(stackeval("export", "nosuchrun", "--db", str(db)))
    assert "no test 'zz.nope.core.01'" in _one_line_exit2(stackeval("suite", "show", "zz.nope.core.01"))
    assert "unknown profile" in _one_line_exit2(stackeval("suite", "list", "nosuchprofile"))
    assert digest(db) == before


def _newer_schema(db: Path) -> None:
    with sqlite3.connect(db) as con:
        con.execute("INSERT INTO schema_migrations VALUES (999, 'from the future', '2099-01-01T00:00:00Z')")
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")


@pytest.mark.parametrize("kind", ["newer_schema", "truncated", "other_programs_sqlite", "empty_header_only"])
def test_db_that_is_not_ours(tmp_path: Path, kind: str, fake: FakeServer, seeded: Path) -> None:
    if kind == "newer_schema":
        db = _copy(seeded, tmp_path)
        _newer_schema(db)
        want = "schema version 999 is newer than this stackeval"
    elif kind == "truncated":
        db = _copy(seeded, tmp_path)
        with sqlite3.connect(db) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        for suffix in ("-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        data = db.read_bytes()
        db.write_bytes(data[:100] + b"\x00garbage" * 64)
        want = "not a stackeval database"
    elif kind == "other_programs_sqlite":
        db = tmp_path / "photos.db"
        with sqlite3.connect(db) as con:
            con.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT)")
            con.execute("INSERT INTO albums VALUES (1, 'summer')")
        want = "not a stackeval database (an SQLite file with other tables: albums)"
    else:
        db = tmp_path / "head.db"
        db.write_bytes(b"SQLite format 3\x00" + b"\xff" * 84)
        want = "not a stackeval database"
    before = digest(db)
    for args in (["run", "-e", fake.base_url, "-p", "smoke"], ["runs"], ["export", "latest"], ["report", "latest"]):
        line = _one_line_exit2(stackeval(*args, "--db", str(db)))
        assert want in line and str(db) in line, (args, line)
        assert digest(db) == before, (kind, args)
