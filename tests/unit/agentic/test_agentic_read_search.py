"""The repair workspace's read_file pages (start_line, end_line, the read_chars cap) and its search tool."""

from __future__ import annotations

import re

import pytest

from stackeval.agentic.records import AgentLimits
from stackeval.agentic.repair import CONTINUES, MAX_SEARCH_MATCHES, RepairWorkspace, page
from stackeval.agentic.tasks import load_task, task_files

TEXT = "".join(f"line {i:02d}\n" for i in range(1, 21))  # 20 lines of 8 characters


def test_a_page_is_cut_at_a_line_boundary_and_names_the_next_line() -> None:
    assert page(TEXT) == TEXT  # within the cap: verbatim, no added line
    got = page(TEXT, cap=30)  # 3 lines (24 characters); a 4th would pass 30
    assert got == "line 01\nline 02\nline 03\n[... file continues: lines 4-20 of 20 not shown; call read_file with start_line=4]"
    assert page(TEXT, cap=32).startswith("line 01\nline 02\nline 03\nline 04\n[... file continues: lines 5-20")
    assert page(TEXT, 18, cap=30) == "line 18\nline 19\nline 20\n"  # the last page has no marker
    assert page(TEXT, 5, 7) == "line 05\nline 06\nline 07\n"  # inclusive range
    assert page(TEXT, 5, 12, cap=16) == ("line 05\nline 06\n[... file continues: lines 7-12 of 20 not shown; call read_file "
                                         "with start_line=7]")
    assert page(TEXT, 20, 99) == "line 20\n" and page("", 1) == ""
    with pytest.raises(ValueError, match="past the end of the file"):
        page(TEXT, 21)


def test_following_the_markers_gives_back_the_file_exactly() -> None:
    text = "".join(f"{'x' * (i % 37)} {i}\n" for i in range(300)) + "no newline at the end"
    pages, start = [], 1
    while True:
        got = page(text, start, cap=500)
        assert len(got) <= 500 + 120
        m = CONTINUES.search(got)
        pages.append(CONTINUES.sub("", got) if m else got)
        if m is None:
            break
        start = int(m.group(4))
    assert "".join(pages) == text and len(pages) > 10


def test_a_line_longer_than_the_cap_is_cut_and_reading_moves_on() -> None:
    got = page("y" * 50 + "\nshort\n", cap=20)
    assert got == "y" * 20 + "\n[... file continues: lines 2-2 of 2 not shown; call read_file with start_line=2]"


@pytest.fixture
def ws(executor):
    task = load_task("inventory")
    task = task.model_copy(update={"limits": AgentLimits(read_chars=400)})
    with RepairWorkspace(task, task_files(task), executor) as w:
        yield w


async def test_read_file_pages_through_the_workspace(ws) -> None:
    path = "inventory/store.py"
    whole = (ws.dir / path).read_text()
    first = await ws.call("read_file", {"path": path})
    assert first.ok and first.file_read == path and len(first.content) <= 400 + 120
    assert first.content.splitlines()[-1].startswith("[... file continues: lines ")
    text, args = "", {"path": path}
    for _ in range(50):
        got = await ws.call("read_file", args)
        m = CONTINUES.search(got.content)
        text += CONTINUES.sub("", got.content) if m else got.content
        if m is None:
            break
        args = {"path": path, "start_line": int(m.group(4))}
    assert text == whole
    lines = whole.splitlines(keepends=True)
    ranged = await ws.call("read_file", {"path": path, "start_line": 3, "end_line": 5})
    assert ranged.content == "".join(lines[2:5])
    assert (await ws.call("read_file", {"path": path, "start_line": "3", "end_line": "5"})).content == ranged.content
    for bad in ({"start_line": 0}, {"start_line": 5, "end_line": 4}, {"start_line": True}, {"end_line": "x"},
                {"start_line": 1.5}, {"start_line": len(lines) + 1}):
        res = await ws.call("read_file", {"path": path, **bad})
        assert res.error == "bad_arguments" and res.content.startswith("error: "), bad


async def test_search_finds_lines_across_the_repository(ws) -> None:
    got = await ws.call("search", {"pattern": r"def \w+\(self"})
    assert got.ok
    lines = got.content.splitlines()
    assert lines and all(re.fullmatch(r"[\w/.]+\.py:\d+: .*def \w+\(self.*", ln) for ln in lines)
    for ln in lines:  # each line is where it says
        path, no, text = ln.split(":", 2)
        assert (ws.dir / path).read_text().splitlines()[int(no) - 1] == text[1:]
    assert any(ln.startswith("tests/") for ln in (await ws.call("search", {"pattern": "def test_"})).content.splitlines())


async def test_search_restricted_to_a_file_or_folder(ws) -> None:
    one = await ws.call("search", {"pattern": "import", "path": "inventory/store.py"})
    assert one.ok and {ln.split(":")[0] for ln in one.content.splitlines()} == {"inventory/store.py"}
    folder = await ws.call("search", {"pattern": "def test_", "path": "tests"})
    assert {ln.split(":")[0].split("/")[0] for ln in folder.content.splitlines()} == {"tests"}
    assert (await ws.call("search", {"pattern": "def test_", "path": "inventory"})).content == (
        "no matches for 'def test_' in inventory")
    assert (await ws.call("search", {"pattern": "x", "path": "nope"})).error == "no_such_path"
    assert (await ws.call("search", {"pattern": "x", "path": "../etc"})).error == "no_such_path"


async def test_search_caps_its_matches_and_refuses_a_bad_regex(ws) -> None:
    (ws.dir / "big.txt").write_text("".join(f"hit {i}\n" for i in range(MAX_SEARCH_MATCHES + 37)) + "z" * 500 + "hit\n")
    got = await ws.call("search", {"pattern": "hit", "path": "big.txt"})
    lines = got.content.splitlines()
    assert len(lines) == MAX_SEARCH_MATCHES + 1 and lines[0] == "big.txt:1: hit 0"
    assert lines[-1] == "[... 38 more matches not shown; narrow the pattern or the path]"
    long = await ws.call("search", {"pattern": "^z+hit$", "path": "big.txt"})
    assert long.content.endswith(" [...]") and len(long.content) < 260
    bad = await ws.call("search", {"pattern": "def (unclosed"})
    assert bad.error == "bad_regex" and bad.content.startswith("error: bad regular expression 'def (unclosed'")
    assert (await ws.call("search", {})).error == "bad_arguments"
    assert (await ws.call("search", {"pattern": 3})).error == "bad_arguments"
