"""The dose-response ladder's exact answers are right: each solver against brute force on small cases."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from benchmarks.difficulty_ladder import (
    GOAL,
    SIZES,
    _neighbours,
    assignment,
    export,
    grade_dir,
    indep_count,
    slide_distances,
    table_from_run,
    trace_run,
    tsp_best,
)

from stackeval.errors import ProfileNotFound
from stackeval.graders.base import grade
from stackeval.records.answer import Answer
from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.suites import load_profile
from stackeval.testing.fakeserver import FakeServer, Reply


def test_tsp_matches_every_tour() -> None:
    rng = random.Random(5)
    for n in (3, 4, 5, 6, 7):
        d = [[0 if i == j else rng.randrange(10, 100) for j in range(n)] for i in range(n)]
        brute = min(sum(d[a][b] for a, b in zip((0, *p), (*p, 0), strict=True)) for p in itertools.permutations(range(1, n)))
        assert tsp_best(d) == brute


def test_indep_matches_every_subset() -> None:
    rng = random.Random(7)
    for rows, cols in ((2, 3), (3, 3), (3, 4), (4, 4)):
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        blocked = set(rng.sample(cells, 2))
        open_cells = [c for c in cells if c not in blocked]
        brute = 0
        for k in range(len(open_cells) + 1):
            for s in itertools.combinations(open_cells, k):
                chosen = set(s)
                if not any((r + 1, c) in chosen or (r, c + 1) in chosen for r, c in chosen):
                    brute += 1
        assert indep_count(rows, cols, blocked) == brute


def test_slide_distances_are_shortest() -> None:
    dist = slide_distances()
    assert len(dist) == 181440 and max(dist.values()) == 31
    # every move changes the distance by exactly one (a BFS layering), and only the goal is at 0
    for s in list(dist)[:2000]:
        assert all(abs(dist[t] - dist[s]) == 1 for t in _neighbours(s))
    assert [s for s, d in dist.items() if d == 0] == [GOAL]


def test_trace_by_hand() -> None:
    # x0 = 3, y0 = 4. k = 1: x = 15 + 4 + 1 = 20, even, y = 24, t = 20.
    # k = 2: x = (100 + 24 + 2) mod 97 = 29, odd, y = 72, t = 49.
    assert trace_run(3, 4, 1) == 20
    assert trace_run(3, 4, 2) == 49


def test_assignment_is_a_latin_square() -> None:
    cells: dict[tuple[str, int], set[str]] = {}
    for ids in assignment(9).values():
        assert [i.split(".")[0] for i in ids] == list(SIZES)
        levels = {SIZES[i.split(".")[0]].index(int(i.split(".")[1])) for i in ids}
        assert levels == {0, 1, 2}  # every answerer sees a small, a medium and a large instance
        for i in ids:
            fam, size, _ = i.split(".")
            cells.setdefault((fam, int(size)), set()).add(i)
    assert all(len(v) == 3 for v in cells.values()) and len(cells) == 12


def test_export_then_grade(tmp_path: Path) -> None:
    export(tmp_path, 9)
    key = json.loads((tmp_path / "key.json").read_text())
    assert len(key) == 36 and len(list((tmp_path / "prompts").iterdir())) == 36
    name = {v["id"]: k for k, v in key.items()}
    answer = {v["id"]: v["answer"] for v in key.values()}
    # the names an answerer sees are the family and an opaque tag, no size (a sliding puzzle's size is its answer)
    assert all(re.fullmatch(rf"{v['family']}-[0-9a-f]{{6}}", k) for k, v in key.items())
    assigned = json.loads((tmp_path / "assignment.json").read_text())
    assert sorted(n for names in assigned.values() for n in names) == sorted(key)
    ans = tmp_path / "ans"
    ans.mkdir()
    (ans / f"{name['tsp.7.0']}.txt").write_text(f"Best tour found.\nANSWER: {answer['tsp.7.0']}\n")
    (ans / f"{name['tsp.9.0']}.txt").write_text(f"ANSWER: {answer['tsp.9.0'] + 1}\n")
    (ans / f"{name['indep.24.0']}.txt").write_text("I could not finish.")
    doc = grade_dir(tmp_path, ans)
    assert doc["cells"] == {"tsp:7": [1, 1], "tsp:9": [0, 1], "indep:24": [0, 1]}
    assert doc["verdicts"]["tsp.9.0"]["class"] == "wrong_answer"
    assert doc["verdicts"]["indep.24.0"]["class"] == "no_answer"


def test_profile_folder_runs_through_the_stock_runner(tmp_path: Path) -> None:
    """``DIR/profile`` loads as a suite by path, every reference passes and every declared wrong answer fails,
    and a run of it through the real runner (scripted endpoint: right on `slide`, wrong elsewhere) gives the
    family-by-size table from the store."""
    export(tmp_path, 9)
    suite = load_profile(str(tmp_path / "profile"))
    assert len(suite.items) == 36
    by_prompt = {}
    for it in suite.items:
        assert grade(it.grader, Answer(content=it.reference.content)).passed
        assert all(not grade(it.grader, Answer(content=w.content)).passed for w in it.wrong)
        by_prompt[it.prompt] = it

    def respond(body: dict[str, Any]) -> Reply:
        it = by_prompt[body["messages"][-1]["content"]]
        return Reply(content=it.reference.content if "slide_" in it.id else it.wrong[0].content)

    async def go() -> None:
        async with FakeServer(respond) as srv:
            await execute_suite(
                db_path=tmp_path / "l.db", endpoint=srv.base_url, profile=str(tmp_path / "profile"), model=None,
                concurrency=4, api_key=None, api_key_env=None, recipe=None, recipe_path=None, only=[],
                thinking="default", repeats=1, resume=None, force=False, retry_errors=False,
                executor=LocalExecutor(), timeouts={"total": 60.0},
            )

    asyncio.run(go())
    cells = table_from_run(tmp_path / "l.db", "latest")
    assert {k: v for k, v in cells.items() if k.startswith("slide")} == {f"slide:{s}": [3, 3] for s in SIZES["slide"]}
    assert all(v == [0, 3] for k, v in cells.items() if not k.startswith("slide")) and len(cells) == 12


def test_unknown_profile_and_empty_folder_say_so(tmp_path: Path) -> None:

    with pytest.raises(ProfileNotFound, match="or a folder of suite YAML files"):
        load_profile("no-such-profile")
    with pytest.raises(ProfileNotFound, match="holds no"):
        load_profile(str(tmp_path))
