"""The task data: shapes and sizes, and (slow) that every planted bug breaks exactly the tests its fixes
list, and that every careless fix (a ``trap``) breaks the passing tests it names. The pass/fail counts through
the workspace, pristine and fixed, are in test_agentic_agents.py."""

from __future__ import annotations

import ast
from concurrent.futures import ThreadPoolExecutor

import pytest

from stackeval.agentic.fs import SimFs
from stackeval.agentic.repair import JUNIT, parse_run, pytest_argv
from stackeval.agentic.scripted import apply_fixes
from stackeval.agentic.tasks import TASKS_DIR, Fix, bugs_of, list_tasks, load_fixes, load_task, task_files
from stackeval.records.execution import ExecResult, Limits
from stackeval.runner.agentic import LADDER

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
    assert {"inventory", *LADDER} == set(REPAIR_TASKS)
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
    assert len(bugs_of(fixes)) == exp.bugs
    names = _test_names(files)
    assert len(names) == exp.tests
    assert len({t for f in fixes for t in f.tests}) == exp.failing_at_start
    for f in fixes:
        assert f.file in sources
        assert files[f.file].count(f.old) == 1, f"{f.file}: {f.old!r}"
        assert set(f.tests) <= names
        if f.trap is not None:
            assert files[f.trap.file].count(f.trap.old) == 1 and set(f.trap.breaks) <= names
    for path in sources:
        ast.parse(_fix_files(fixes, files)[path], filename=path)
    first = sorted(files)[0]
    assert f"Files in the repository:\n- {first} (" in task.description
    # the stopping rule and the prompt agree: the run ends when the tests pass; no summary is asked for
    assert "The run ends as soon as a run_tests call you make passes" in task.description
    assert "summary of what you fixed" not in task.description and "edit_file" in (task.system or "")


def test_the_ladder_grows_in_what_makes_repair_hard() -> None:
    """Each rung is larger than the one below, and the larger rungs hold the hard kinds of bug."""
    sizes = [sum(len(t) for t in task_files(load_task(t)).values()) for t in LADDER]
    assert sizes == sorted(sizes) and sizes[-1] > 6 * sizes[0] and sizes[-1] > 64_000  # > 16k tokens
    kinds = [{f.kind for f in load_fixes(t)} for t in LADDER]
    assert {"cross_module", "misleading_comment"} <= kinds[0]
    assert {"deep_traceback", "coordinated", "regression_trap", "misleading_test_name"} <= kinds[1]
    assert {"coordinated", "cross_module", "misleading_comment"} <= kinds[2]
    assert {"coordinated", "swallowed_exception", "regression_trap", "misleading_comment"} <= kinds[3]
    assert all(any(f.trap for f in load_fixes(t)) for t in LADDER[1:])
    for rung in LADDER[2:]:
        assert [b for b in bugs_of(load_fixes(rung)).values() if len({f.file for f in b}) > 1], rung
    bugs = [len(bugs_of(load_fixes(t))) for t in LADDER]
    assert bugs == sorted(bugs)


@pytest.mark.slow
@pytest.mark.parametrize("task_id", REPAIR_TASKS)
def test_each_fix_repairs_exactly_its_tests(task_id: str, executor) -> None:
    """Pristine: the failing tests are exactly the fixes' tests; all fixed: every test passes; each bug
    left out: exactly that bug's tests fail; each bug fixed carelessly (its trap): the tests the trap names
    fail besides."""
    files = task_files(load_task(task_id))
    fixes = load_fixes(task_id)
    bugs = bugs_of(fixes)
    variants = {"pristine": files, "fixed": _fix_files(fixes, files)}
    for name, bug in bugs.items():
        rest = [f for f in fixes if f not in bug]
        variants[f"without {name}"] = _fix_files(rest, files)
        for f in bug:
            if f.trap is not None:
                careless = {**files, f.trap.file: files[f.trap.file].replace(f.trap.old, f.trap.new)}
                variants[f"trap {name}"] = _fix_files(rest, careless)
    limits = Limits(wall_s=120, cpu_s=120)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = pool.map(lambda fs: executor.run(fs, ARGV, limits, collect=[JUNIT]), variants.values())
        runs = dict(zip(variants, results, strict=True))
    assert _failing(runs["pristine"]) == {t for f in fixes for t in f.tests}
    fixed = parse_run(runs["fixed"])
    assert (fixed.passed, fixed.total) == (len(_test_names(files)),) * 2
    for name, bug in bugs.items():
        assert _failing(runs[f"without {name}"]) == {t for f in bug for t in f.tests}, name
        for f in bug:
            if f.trap is not None:
                assert set(f.trap.breaks) <= _failing(runs[f"trap {name}"]), name
