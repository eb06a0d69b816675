"""Grader ``code``: run hidden tests against the Python code in an answer, through ``ctx.executor``.

The grader itself is pure apart from a random nonce: it extracts the code and asks the injected
executor to run the judge (``_codeharness``) with the solution, the tests and the judge's helpers as
files. The verdict is computed outside the solution's process: the judge reads and deletes the tests,
starts the solution in a separate process (the host) and runs the tests (top-level ``assert``s, then
every ``test_*`` function in order) against a proxy of it. Results come back as plain data of exact
types through a loader that can build nothing else, and ``assert`` comparisons are by exact type and
value, so an ``__eq__`` that is always true, a subclass of ``int`` or ``str``, patched builtins,
frames or a fake verdict on stdout cannot pass. Only the judge writes the verdict, after killing the
host and all it started, tagged with a nonce the host cannot read.

What crosses between tests and solution: arguments and results that are plain data (``None``,
``bool``, ``int``, ``float``, ``complex``, ``str``, ``bytes``, ``bytearray``, ``list``, ``tuple``,
``dict``, ``set``, ``frozenset``, and ``Fraction``, ``Decimal``, ``date``, ``datetime``, ``time``,
``timedelta``, ``Counter``, ``OrderedDict``, ``deque``). Other objects (instances of the solution's
classes, generators, functions) stay in the host; the tests hold references whose attributes, calls,
``len``, items, ``in``, iteration and truth are forwarded, and which equal only themselves. A mutable
argument the solution changes in place is copied back. The tests cannot pass their own functions or
objects to the solution (``runtime_error:TypeError``), so a hidden test must not rely on callbacks.

Failure classes: ``no_executor``, ``no_code``, ``syntax_error``, ``missing_entry_point``,
``assertion_error`` (a test's assert failed), ``runtime_error:<ExceptionName>`` (an exception
escaped, e.g. ``runtime_error:IndexError``; an ``AssertionError`` raised inside the solution counts
here too; leaving the process early is ``runtime_error:SystemExit``; death by a signal is
``runtime_error:<SIGNAME>``), ``timeout``, ``memory_limit``, ``output_limit`` and ``sandbox_error``
(the harness itself could not run or its verdict was missing or forged).
"""

from __future__ import annotations

import ast
import json
import math
import re
import secrets
import signal
import textwrap
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from stackeval.graders.base import GradeContext, register
from stackeval.records.answer import Answer, GradeResult
from stackeval.records.execution import ExecResult, Limits

__all__ = ["CodeSpec", "extract_code", "grade_code"]


class CodeSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tests: str
    entry_point: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    # CPU seconds for the whole test run (rounded up to whole seconds); the wall clock allows 3x + 2 s
    timeout_s: float = Field(10.0, gt=0, le=300)
    memory_mb: int = Field(512, ge=64, le=16384)
    language: Literal["python"] = "python"

    @field_validator("tests")
    @classmethod
    def _tests_parse(cls, v: str) -> str:
        try:
            ast.parse(v)
        except SyntaxError as e:  # an authoring bug: the loader reports it with the item
            raise ValueError(f"tests do not parse: {e.msg} (line {e.lineno})") from None
        return v


# ------------------------------------------------------------------------------ extraction
_FENCE = re.compile(
    r"^[ \t]*(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[^\s`]*)[^\n]*\n(?P<body>.*?)(?:^[ \t]*(?P=fence)[ \t]*$|\Z)",
    re.MULTILINE | re.DOTALL,
)
_PY_TAGS = {"python", "py", "python3", "py3", ""}
_STATEMENTS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign, ast.AnnAssign, ast.Import,
               ast.ImportFrom)


def _bound_names(tree: ast.Module) -> set[str]:
    """Names a module binds at top level (looking inside if/try/with blocks too)."""
    names: set[str] = set()
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                names.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.If | ast.Try | ast.With | ast.For | ast.While):
            for part in ("body", "orelse", "finalbody", "handlers"):
                for sub in getattr(node, part, []) or []:
                    stack.extend(sub.body if isinstance(sub, ast.ExceptHandler) else [sub])
    return names


def _defines(code: str, entry: str) -> bool:
    try:
        return entry in _bound_names(ast.parse(code))
    except (SyntaxError, ValueError):
        return re.search(rf"^\s*(?:async\s+def|def|class)\s+{re.escape(entry)}\b", code, re.MULTILINE) is not None


def extract_code(text: str, entry_point: str) -> str | None:
    """The code to run: the last Python fenced block defining ``entry_point``; else the longest
    fenced block (the last of equals); else the whole answer if it is a Python program; else None."""
    blocks = [(m.group("lang").lower(), textwrap.dedent(m.group("body"))) for m in _FENCE.finditer(text)]
    blocks = [(lang, body) for lang, body in blocks if body.strip()]
    pool = [b for lang, b in blocks if lang in _PY_TAGS] or [b for _, b in blocks]
    defining = [b for b in pool if _defines(b, entry_point)]
    if defining:
        return defining[-1]
    if pool:
        longest = max(len(b) for b in pool)
        return [b for b in pool if len(b) == longest][-1]
    stripped = text.strip()
    if not stripped:
        return None
    try:
        tree = ast.parse(stripped)
    except (SyntaxError, ValueError):
        return None
    if any(isinstance(n, _STATEMENTS) for n in tree.body):
        return stripped + "\n"
    return None


# ------------------------------------------------------------------------------ harness
# The programs run inside the sandbox: the judge (tests and verdict) and the solution host, in two
# processes; see ``_codeharness``. Read once, as text: they are data for the executor, never imported.
_HARNESS_DIR = Path(__file__).with_name("_codeharness")
HARNESS_FILES = {name: (_HARNESS_DIR / src).read_text(encoding="utf-8")
                 for name, src in (("_run_tests.py", "judge.py"), ("_host.py", "host.py"), ("_wire.py", "_wire.py"),
                                   *((m, m) for m in ("_judge_proc.py", "_judge_compare.py", "_judge_proxy.py",
                                                      "_judge_asserts.py")))}
_COLLECT = ["_verdict.json", "_progress.json"]
# the executor's out-of-memory reports (sandbox/local.py), for a solution process that died of it
_MEMORY_PATTERNS = re.compile(
    r"\bMemoryError\b|Cannot allocate memory|\bENOMEM\b|std::bad_alloc|out of memory", re.IGNORECASE
)


def _read_json(files: dict[str, str], name: str) -> dict | None:
    try:
        obj = json.loads(files.get(name, ""))
    except ValueError:
        return None
    return obj if isinstance(obj, dict) else None


def _where(v: dict) -> str:
    parts = []
    if v.get("test") and v["test"] != "<top level>":
        parts.append(str(v["test"]))
    if v.get("test_line"):
        parts.append(f"tests line {v['test_line']}")
    if v.get("solution_line"):
        parts.append(f"solution line {v['solution_line']}")
    return f" ({'; '.join(parts)})" if parts else ""


def _from_host_end(v: dict, res: ExecResult, spec: CodeSpec, stage: str) -> GradeResult:
    """The solution's process ended while the judge waited for it (the judge saw how, with its CPU time)."""
    cpu = v.get("cpu_s") if isinstance(v.get("cpu_s"), int | float) else 0.0
    if isinstance(v.get("signal"), int):
        sig = v["signal"]
        if sig == signal.SIGXCPU or (sig == signal.SIGKILL and cpu >= math.ceil(spec.timeout_s) - 0.05):
            return GradeResult.fail("timeout", f"used its {spec.timeout_s:g}s of CPU{stage}")
        name = _signal_name(sig)
        return GradeResult.fail(f"runtime_error:{name}", f"killed by {name}{stage}")
    if v.get("exit") not in (0, None) and _MEMORY_PATTERNS.search(res.stderr[-4000:]):
        return GradeResult.fail("memory_limit", f"out of memory ({spec.memory_mb} MB){stage}")
    return GradeResult.fail("runtime_error:SystemExit",
                            f"process exited with code {v.get('exit')}{stage} before the tests finished")


def _from_verdict(v: dict, res: ExecResult, spec: CodeSpec, progress: dict | None) -> GradeResult:
    if v.get("ok") is True:
        return GradeResult.ok(f"all tests passed ({v.get('ran', 0)} groups)")
    phase, exc, msg = v.get("phase"), str(v.get("exc") or ""), str(v.get("msg") or "")
    where = _where(v)
    if phase == "harness":
        return GradeResult.fail("sandbox_error", f"harness failed: {exc}: {msg}")
    if phase == "host":
        return _from_host_end(v, res, spec, f" in {progress['stage']}" if progress and progress.get("stage") else "")
    if phase == "protocol":
        return GradeResult.fail("sandbox_error", f"the solution's process broke the protocol: {msg}",
                                flags=["protocol_violation"])
    if phase == "syntax":
        return GradeResult.fail("syntax_error", f"{exc}: {msg}{where}")
    if phase == "entry":
        return GradeResult.fail("missing_entry_point", msg)
    if exc == "MemoryError":
        return GradeResult.fail("memory_limit", f"MemoryError{where}")
    if exc == "AssertionError" and v.get("origin") == "tests":
        return GradeResult.fail("assertion_error", f"{msg}{where}")
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", exc):
        exc = "Exception"
    return GradeResult.fail(f"runtime_error:{exc}", f"{exc}: {msg}{where}".strip())


def _signal_name(num: int) -> str:
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"SIG{num}"


def _from_exec(res: ExecResult, progress: dict | None, spec: CodeSpec) -> GradeResult:
    stage = f" in {progress['stage']}" if progress and progress.get("stage") else ""
    if res.ended_by == "timeout":
        return GradeResult.fail("timeout", f"still running{stage} after {res.wall_s:.1f}s "
                                           f"(limit {spec.timeout_s:g}s of CPU)")
    if res.ended_by == "memory_limit":
        return GradeResult.fail("memory_limit", f"out of memory ({spec.memory_mb} MB){stage}")
    if res.ended_by == "output_limit":
        return GradeResult.fail("output_limit", f"wrote more output than allowed{stage}")
    if res.ended_by == "start_failed" or progress is None:
        return GradeResult.fail("sandbox_error", f"harness did not start ({res.ended_by}): {res.stderr[-300:]}")
    if res.ended_by == "signal" and res.exit_code is not None:
        name = _signal_name(-res.exit_code)
        return GradeResult.fail(f"runtime_error:{name}", f"killed by {name}{stage}")
    return GradeResult.fail("runtime_error:SystemExit",
                            f"process exited with code {res.exit_code}{stage} before the tests finished")


@register("code", CodeSpec)
def grade_code(spec: CodeSpec, answer: Answer, ctx: GradeContext) -> GradeResult:
    if ctx.executor is None:
        return GradeResult.fail("no_executor", "the code grader needs an executor")
    code = extract_code(answer.content, spec.entry_point)
    if code is None:
        return GradeResult.fail("no_code", "no Python code found in the answer")
    try:
        ast.parse(code)
    except SyntaxError as e:
        return GradeResult.fail("syntax_error", f"SyntaxError: {e.msg} (solution line {e.lineno})")
    except ValueError as e:  # e.g. null bytes
        return GradeResult.fail("syntax_error", f"{type(e).__name__}: {e}")
    # a fresh random nonce, not one derived from the item: a solution that can read the suite files must
    # still not be able to sign a verdict
    nonce = secrets.token_hex(16)
    files = {"solution.py": code, "_tests.py": spec.tests, **HARNESS_FILES,
             "_config.json": json.dumps({"nonce": nonce, "entry": spec.entry_point})}
    # timeout_s is a CPU budget (so a loaded machine does not fail correct code); the wall clock
    # allowance on top catches code that sleeps or blocks
    limits = Limits(wall_s=3 * spec.timeout_s + 2, cpu_s=spec.timeout_s, memory_mb=spec.memory_mb, processes=32,
                    output_bytes=256_000, network=False)
    res = ctx.executor.run(files, ["python", "-S", "-B", "_run_tests.py"], limits, collect=list(_COLLECT))
    verdict = _read_json(res.files, "_verdict.json")
    info = {"ended_by": res.ended_by, "wall_s": res.wall_s, "isolation": res.isolation}
    if verdict is not None:
        if verdict.get("nonce") != nonce:
            return GradeResult.fail("sandbox_error", "verdict file was not written by the harness",
                                    flags=["verdict_forged"], **info)
        out = _from_verdict(verdict, res, spec, _read_json(res.files, "_progress.json"))
    else:
        out = _from_exec(res, _read_json(res.files, "_progress.json"), spec)
    return out.model_copy(update={"data": {**out.data, **info}})
