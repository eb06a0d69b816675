"""The simulated filesystem, its tools and the FILE/LINE grading."""

from __future__ import annotations

import pytest

from stackeval.agentic.fs import (
    MAX_MATCHES,
    FsToolSet,
    SimFs,
    fs_tool_schemas,
    grade_location,
    normalize_path,
)
from stackeval.agentic.records import FsExpectation
from stackeval.agentic.tasks import load_task, task_files

FILES = {
    "README.md": "# demo\nsee app/\n",
    "app/__init__.py": "",
    "app/main.py": "import app.util\n\ndef main():\n    return app.util.twice(21)\n",
    "app/util.py": "def twice(x):\n    return x * 2\n",
    "app/sub/deep.py": "TWICE = 'twice'\n",
}


@pytest.fixture
def fs() -> SimFs:
    return SimFs(FILES)


def test_normalize_path() -> None:
    assert normalize_path("/app/main.py") == normalize_path("./app//main.py") == "app/main.py"
    assert normalize_path("/") == normalize_path(".") == normalize_path("") == ""
    assert normalize_path("app/../etc/passwd") is None


def test_list_dir(fs: SimFs) -> None:
    assert fs.list_dir("").content.splitlines() == ["app/", "README.md (2 lines)"]
    assert fs.list_dir("/app/").content.splitlines() == [
        "sub/", "__init__.py (0 lines)", "main.py (4 lines)", "util.py (2 lines)"]
    missing = fs.list_dir("lib")
    assert missing.error == "no_such_path" and "lib" in missing.content
    assert fs.list_dir("app/main.py").error == "not_a_directory"
    assert fs.list_dir("../x").error == "no_such_path"


def test_read_file(fs: SimFs) -> None:
    res = fs.read_file("app/util.py")
    assert res.ok and res.file_read == "app/util.py"
    assert res.content.splitlines() == ["app/util.py", "   1| def twice(x):", "   2|     return x * 2"]
    assert fs.read_file("app/nope.py").error == "no_such_path"
    assert fs.read_file("app").error == "is_a_directory"
    assert fs.read_file("app").file_read is None


def test_search_text(fs: SimFs) -> None:
    res = fs.search_text("TWICE")  # case-insensitive
    assert res.content.splitlines() == [
        "app/main.py:4: return app.util.twice(21)",
        "app/sub/deep.py:1: TWICE = 'twice'",
        "app/util.py:1: def twice(x):",
    ]
    assert fs.search_text("twice", "app/sub").content == "app/sub/deep.py:1: TWICE = 'twice'"
    assert fs.search_text("twice", "app/util.py").content == "app/util.py:1: def twice(x):"
    assert fs.search_text("zebra").content.startswith("no matches") and fs.search_text("zebra").ok
    assert fs.search_text("twice", "lib").error == "no_such_path"
    assert fs.search_text("  ").error == "bad_arguments"


def test_search_caps_the_matches() -> None:
    big = SimFs({"log.txt": "hit\n" * (MAX_MATCHES + 7)})
    lines = big.search_text("hit").content.splitlines()
    assert len(lines) == MAX_MATCHES + 1
    assert lines[-1].startswith("(7 more matches")


def test_schemas_are_openai_functions() -> None:
    schemas = fs_tool_schemas()
    assert [s["function"]["name"] for s in schemas] == ["list_dir", "read_file", "search_text"]
    for s in schemas:
        assert s["type"] == "function"
        params = s["function"]["parameters"]
        assert params["type"] == "object" and set(params["required"]) <= set(params["properties"])
        assert s["function"]["description"]
    assert schemas[2]["function"]["parameters"]["required"] == ["query"]


async def test_toolset_dispatch_and_argument_errors() -> None:
    task = load_task("fs_bookshop_voucher")
    tools = FsToolSet(task, task_files(task))
    assert (await tools.call("list_dir", {})).ok  # path defaults to the root
    assert (await tools.call("read_file", {})).error == "bad_arguments"
    assert (await tools.call("read_file", {"path": 3})).error == "bad_arguments"
    assert (await tools.call("search_text", {"query": "voucher", "path": ""})).ok
    assert (await tools.call("delete_file", {"path": "x"})).error == "unknown_tool"
    assert not tools.solved_now()


EXPECT = FsExpectation(file="app/pricing.py", line=14, line_contains="x", search="x")


@pytest.mark.parametrize(
    ("answer", "solved"),
    [
        ("FILE: app/pricing.py\nLINE: 14", True),
        ("The bug is in **FILE:** `/app/pricing.py`, **LINE:** 15.", True),
        ("FILE: ./app/pricing.py\nLINE: 13-15", True),
        ("file: app/pricing.py line: 12-14", True),
        ("FILE: app/pricing.py\nLINE: 16", False),
        ("FILE: app/pricing.py\nLINE: 10-14", False),  # a range wider than three lines
        ("FILE: pricing.py\nLINE: 14", False),
        ("FILE: app/sessions.py\nLINE: 14", False),
        ("app/pricing.py line 14", False),
        ("FILE: app/cart.py\nLINE: 3\nOn second thought:\nFILE: app/pricing.py\nLINE: 14", True),  # last wins
        ("", False),
    ],
)
def test_grade_location(answer: str, solved: bool) -> None:
    assert grade_location(EXPECT, answer).solved is solved
    assert grade_location(EXPECT, None).solved is False
