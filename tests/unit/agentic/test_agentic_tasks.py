"""The task data: shapes, sizes, and the exact test counts of every repair repo (pristine, fixed, and
with each single fix left out)."""

from __future__ import annotations

import ast
from concurrent.futures import ThreadPoolExecutor

import pytest

from stackeval.agentic.fs import SimFs
from stackeval.agentic.repair import JUNIT, TestRun, parse_run
from stackeval.agentic.scripted import apply_fixes
from stackeval.agentic.tasks import TASKS_DIR, Fix, list_tasks, load_fixes, load_task, task_files
from stackeval.records.execution import Limits

FS_TASKS = list_tasks("fs")
REPAIR_TASKS = list_tasks("repair")
ARGV = ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={JUNIT}", "-rA"]


def test_the_task_sets() -> None:
    assert len(FS_TASKS) >= 3
    assert {"inventory", "inventory_m", "inventory_l"} <= set(REPAIR_TASKS)
    assert not list(TASKS_DIR.glob("**/conftest.py"))


@pytest.mark.parametrize("task_id", FS_TASKS)
def test_fs_task_points_at_a_real_line(task_id: str) -> None:
    task = load_task(task_id)
    assert task.fs is not None
    files = task_files(task)
    assert 8 <= len(files) <= 20
    lines = files[task.fs.file].splitlines()
    assert task.fs.line_contains in lines[task.fs.line - 1]
    # the reference search finds the bug's file
    assert f"{task.fs.file}:" in SimFs(files).search_text(task.fs.search).content
    for path, text in files.items():
        if path.endswith(".py"):
            ast.parse(text, filename=path)


def _fix_files(fixes: list[Fix], files: dict[str, str]) -> dict[str, str]:
    out = dict(files)
    for path in dict.fromkeys(f.file for f in fixes):
        out[path] = apply_fixes(out[path], [f for f in fixes if f.file == path])
    return out


def _failing(res) -> set[str]:
    return {line.split()[1] for line in res.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))}


@pytest.mark.parametrize("task_id", REPAIR_TASKS)
def test_repair_repo_counts(task_id: str, executor) -> None:
    task = load_task(task_id)
    assert task.repair is not None
    exp = task.repair
    files = task_files(task)
    fixes = load_fixes(task_id)
    sources = [p for p in files if p.endswith(".py") and not p.startswith("tests/")]
    assert len(sources) == exp.source_files
    assert len(fixes) == exp.bugs
    assert {f.kind for f in fixes} == {"off_by_one", "mutable_default", "swallowed_exception"}
    assert all(f.file in sources for f in fixes)
    test_names = {f"{p}::{n.name}" for p, t in files.items() if p.startswith("tests/")
                  for n in ast.parse(t).body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    assert len(test_names) == exp.tests
    for f in fixes:
        assert files[f.file].count(f.old) == 1, f"{f.file}: {f.old!r}"
        assert set(f.tests) <= test_names

    variants = {"pristine": files, "fixed": _fix_files(fixes, files)}
    for i in range(len(fixes)):
        variants[f"without fix {i}"] = _fix_files(fixes[:i] + fixes[i + 1:], files)
    limits = Limits(wall_s=120, cpu_s=120)
    with ThreadPoolExecutor(max_workers=4) as pool:
        runs = dict(zip(variants, pool.map(lambda fs: executor.run(fs, ARGV, limits, collect=[JUNIT]),
                                           variants.values()), strict=True))
    parsed: dict[str, TestRun] = {k: parse_run(v) for k, v in runs.items()}

    pristine = parsed["pristine"]
    assert (pristine.total, pristine.failed, pristine.errors) == (exp.tests, exp.failing_at_start, 0)
    assert _failing(runs["pristine"]) == {t for f in fixes for t in f.tests}
    assert (parsed["fixed"].passed, parsed["fixed"].total) == (exp.tests, exp.tests)
    for i, fix in enumerate(fixes):  # every fix is needed, and it repairs exactly the tests it lists
        assert _failing(runs[f"without fix {i}"]) == set(fix.tests), fix
