"""The task data: shapes and sizes, and (slow) that every planted bug breaks exactly the tests its fix
lists. The pass/fail counts through the workspace, pristine and fixed, are in test_agentic_agents.py."""

from __future__ import annotations

import ast
from concurrent.futures import ThreadPoolExecutor

import pytest

from stackeval.agentic.fs import SimFs
from stackeval.agentic.repair import JUNIT, parse_run, pytest_argv
from stackeval.agentic.scripted import apply_fixes
from stackeval.agentic.tasks import TASKS_DIR, Fix, list_tasks, load_fixes, load_task, task_files
from stackeval.records.execution import ExecResult, Limits

FS_TASKS = list_tasks("fs")
REPAIR_TASKS = list_tasks("repair")
ARGV = pytest_argv()


def _test_names(files: dict[str, str]) -> set[str]:
    return {f"{path}::{node.name}" for path, text in files.items() if path.startswith("tests/")
            for node in ast.parse(text).body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def _fix_files(fixes: list[Fix], files: dict[str, str]) -> dict[str, str]:
    out = dict(files)
    for path in dict.fromkeys(f.file for f in fixes):
        out[path] = apply_fixes(out[path], [f for f in fixes if f.file == path])
    return out


def _failing(res: ExecResult) -> set[str]:
    return {line.split()[1] for line in res.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))}


def test_the_task_sets() -> None:
    assert len(FS_TASKS) >= 3
    assert {"inventory", "inventory_m", "inventory_l"} <= set(REPAIR_TASKS)
    assert not list(TASKS_DIR.glob("**/conftest.py"))
    with pytest.raises(KeyError):
        load_task("no_such_task")


@pytest.mark.parametrize("task_id", FS_TASKS)
def test_fs_task_points_at_a_real_line(task_id: str) -> None:
    task = load_task(task_id)
    assert task.fs is not None
    files = task_files(task)
    assert 8 <= len(files) <= 20
    assert task.fs.line_contains in files[task.fs.file].splitlines()[task.fs.line - 1]
    assert f"{task.fs.file}:" in SimFs(files).search_text(task.fs.search).content
    for path, text in files.items():
        if path.endswith(".py"):
            ast.parse(text, filename=path)


@pytest.mark.parametrize("task_id", REPAIR_TASKS)
def test_repair_repo_shape(task_id: str) -> None:
    task = load_task(task_id)
    assert task.repair is not None
    exp = task.repair
    files = task_files(task)
    fixes = load_fixes(task_id)
    sources = [p for p in files if p.endswith(".py") and not p.startswith("tests/")]
    assert len(sources) == exp.source_files
    assert len(fixes) == exp.bugs
    assert {f.kind for f in fixes} == {"off_by_one", "mutable_default", "swallowed_exception"}
    names = _test_names(files)
    assert len(names) == exp.tests
    assert len({t for f in fixes for t in f.tests}) == exp.failing_at_start
    for f in fixes:
        assert f.file in sources
        assert files[f.file].count(f.old) == 1, f"{f.file}: {f.old!r}"
        assert set(f.tests) <= names
    for path in sources:
        ast.parse(_fix_files(fixes, files)[path], filename=path)
    assert "Files in the repository:\n- inventory/__init__.py" in task.description


@pytest.mark.slow
@pytest.mark.parametrize("task_id", REPAIR_TASKS)
def test_each_fix_repairs_exactly_its_tests(task_id: str, executor) -> None:
    """Pristine: the failing tests are exactly the fixes' tests; all fixed: every test passes; each fix
    left out: exactly that fix's tests fail."""
    files = task_files(load_task(task_id))
    fixes = load_fixes(task_id)
    variants = {"pristine": files, "fixed": _fix_files(fixes, files)}
    for i in range(len(fixes)):
        variants[f"without fix {i}"] = _fix_files(fixes[:i] + fixes[i + 1:], files)
    limits = Limits(wall_s=120, cpu_s=120)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = pool.map(lambda fs: executor.run(fs, ARGV, limits, collect=[JUNIT]), variants.values())
        runs = dict(zip(variants, results, strict=True))
    assert _failing(runs["pristine"]) == {t for f in fixes for t in f.tests}
    fixed = parse_run(runs["fixed"])
    assert (fixed.passed, fixed.total) == (len(_test_names(files)),) * 2
    for i, fix in enumerate(fixes):
        assert _failing(runs[f"without fix {i}"]) == set(fix.tests), fix
