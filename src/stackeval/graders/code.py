"""Grader ``code``: run hidden tests against the Python code in an answer, through ``ctx.executor``.

The grader itself is pure: it extracts the code, writes three files (``solution.py``, the tests, and
a harness) and asks the injected executor to run the harness. The harness imports the solution,
runs the tests (top-level ``assert``s, then every ``test_*`` function in order) and only after the
last one writes its verdict to a result file, tagged with a nonce; the solution's prints and exits
cannot fake a pass.

Failure classes: ``no_executor``, ``no_code``, ``syntax_error``, ``missing_entry_point``,
``assertion_error`` (a test's assert failed), ``runtime_error:<ExceptionName>`` (an exception
escaped, e.g. ``runtime_error:IndexError``; an ``AssertionError`` raised inside the solution counts
here too; leaving the process early is ``runtime_error:SystemExit``; death by a signal is
``runtime_error:<SIGNAME>``), ``timeout``, ``memory_limit``, ``output_limit`` and ``sandbox_error``
(the harness itself could not run or its verdict was missing or forged).
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import signal
import textwrap
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
# Runs inside the sandbox as ``python -S -B _run_tests.py``; standard library only.
HARNESS = r'''
import builtins, io, json, operator, os, sys, traceback, types, ast

_open, _replace, _unlink, _dumps, _exit = builtins.open, os.replace, os.unlink, json.dumps, os._exit
_extract_tb, _getcwd, _Function = traceback.extract_tb, os.getcwd, types.FunctionType
_BUILTINS = dict(builtins.__dict__)  # restored after the solution is imported: it cannot patch them
NONCE = __NONCE__
ENTRY = __ENTRY__
RESULT, PROGRESS = "_verdict.json", "_progress.json"
SOLUTION = os.path.abspath("solution.py")
TESTS = "<tests>"
_OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
        ">=": operator.ge, "is": operator.is_, "is not": operator.is_not,
        "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}
_AST_OPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
            ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}


def _write(path, obj):
    obj["nonce"] = NONCE
    tmp = path + ".tmp"
    with _open(tmp, "w", encoding="utf-8") as f:
        f.write(_dumps(obj))
    _replace(tmp, path)


def _short(obj, n=300):
    try:
        r = repr(obj)
    except BaseException:
        r = "<unprintable %s>" % type(obj).__name__
    return r if len(r) <= n else r[: n - 3] + "..."


def _cmp(left, op, right, src):
    if not _OPS[op](left, right):
        if op == "==":
            raise AssertionError("%s: got %s, expected %s" % (src, _short(left), _short(right)))
        raise AssertionError("%s: %s %s %s is false" % (src, _short(left), op, _short(right)))


class _Rewrite(ast.NodeTransformer):
    """``assert a == b`` -> ``_se_cmp(a, "==", b, "<source>")`` so a failure shows both values."""

    def __init__(self, source):
        self.source = source

    def visit_Assert(self, node):
        t = node.test
        if node.msg is None and isinstance(t, ast.Compare) and len(t.ops) == 1 and type(t.ops[0]) in _AST_OPS:
            src = (ast.get_source_segment(self.source, t) or "assert").replace("\n", " ")
            src = src if len(src) <= 160 else src[:157] + "..."
            call = ast.Call(func=ast.Name("_se_cmp", ast.Load()),
                            args=[t.left, ast.Constant(_AST_OPS[type(t.ops[0])]), t.comparators[0], ast.Constant(src)],
                            keywords=[])
            return ast.copy_location(ast.Expr(call), node)
        return node


class _Sink(io.TextIOBase):
    """The solution's prints: forwarded up to a budget, then dropped (tests never read them)."""

    def __init__(self, real, budget=65536):
        self.real, self.left = real, budget

    def writable(self):
        return True

    def write(self, s):
        s = str(s)
        if self.left > 0:
            part = s[: self.left]
            self.left -= len(part)
            try:
                self.real.write(part)
            except BaseException:
                pass
        return len(s)

    def flush(self):
        pass


def _progress(stage):
    try:
        _write(PROGRESS, {"stage": stage})
    except BaseException:
        pass


def _fail(phase, exc, test=None, tests_src=""):
    name = type(exc).__name__
    try:
        msg = str(exc)
    except BaseException:
        msg = "<unprintable message>"
    frames = _extract_tb(exc.__traceback__) if exc.__traceback__ is not None else []
    exc.__traceback__ = None
    origin, sol_line, test_line = None, None, None
    for fs in frames:
        if fs.filename == SOLUTION:
            sol_line, origin = fs.lineno, "solution"
        elif fs.filename == TESTS:
            test_line, origin = fs.lineno, "tests"
    if isinstance(exc, SyntaxError) and phase in ("syntax", "import"):
        sol_line = exc.lineno
    if name == "AssertionError" and not msg and test_line:
        lines = tests_src.splitlines()
        if 0 < test_line <= len(lines):
            msg = lines[test_line - 1].strip()
    _write(RESULT, {"ok": False, "phase": phase, "exc": name, "msg": msg[:2000], "origin": origin,
                    "test": test, "solution_line": sol_line, "test_line": test_line})
    _exit(0)


def main():
    _progress("start")
    with _open("_tests.py", encoding="utf-8") as f:
        tests_src = f.read()
    with _open("solution.py", encoding="utf-8") as f:
        sol_src = f.read()
    for p in ("_tests.py", "_run_tests.py"):  # the solution gets to see neither the tests nor the nonce
        try:
            _unlink(p)
        except OSError:
            pass
    try:
        tree = ast.fix_missing_locations(_Rewrite(tests_src).visit(ast.parse(tests_src)))
        test_code = compile(tree, TESTS, "exec")
    except BaseException as e:
        _write(RESULT, {"ok": False, "phase": "harness", "exc": type(e).__name__, "msg": "tests: %s" % e})
        _exit(0)
    try:
        sol_code = compile(sol_src, SOLUTION, "exec")
    except (SyntaxError, ValueError) as e:
        _fail("syntax", e)
    mod = types.ModuleType("solution")
    mod.__file__ = SOLUTION
    sys.modules["solution"] = mod
    sys.path.insert(0, _getcwd())
    sys.stdout, sys.stderr = _Sink(sys.__stdout__), _Sink(sys.__stderr__)
    _progress("import")
    try:
        exec(sol_code, mod.__dict__)
    except BaseException as e:
        _fail("import", e, tests_src=tests_src)
    builtins.__dict__.update(_BUILTINS)
    if ENTRY not in mod.__dict__:
        _write(RESULT, {"ok": False, "phase": "entry", "exc": "", "msg": "solution defines no %r" % ENTRY})
        _exit(0)
    ns = {"__name__": "_tests", "_se_cmp": _cmp}
    _progress("tests (top level)")
    try:
        exec(test_code, ns)
    except BaseException as e:
        _fail("test", e, test="<top level>", tests_src=tests_src)
    ran = 1
    for name, fn in list(ns.items()):
        if name.startswith("test_") and type(fn) is _Function:
            _progress(name)
            try:
                fn()
            except BaseException as e:
                _fail("test", e, test=name, tests_src=tests_src)
            ran += 1
    _write(RESULT, {"ok": True, "ran": ran})
    _exit(0)


try:
    main()
except BaseException as e:
    try:
        _write(RESULT, {"ok": False, "phase": "harness", "exc": type(e).__name__, "msg": str(e)[:2000]})
    finally:
        _exit(3)
'''

_COLLECT = ["_verdict.json", "_progress.json"]


def _nonce(code: str, spec: CodeSpec) -> str:
    h = hashlib.sha256()
    for part in (code, spec.tests, spec.entry_point):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()[:32]


def _harness(nonce: str, entry: str) -> str:
    return HARNESS.replace("__NONCE__", repr(nonce)).replace("__ENTRY__", repr(entry))


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


def _from_verdict(v: dict) -> GradeResult:
    if v.get("ok") is True:
        return GradeResult.ok(f"all tests passed ({v.get('ran', 0)} groups)")
    phase, exc, msg = v.get("phase"), str(v.get("exc") or ""), str(v.get("msg") or "")
    where = _where(v)
    if phase == "harness":
        return GradeResult.fail("sandbox_error", f"harness failed: {exc}: {msg}")
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
    nonce = _nonce(code, spec)
    files = {"solution.py": code, "_tests.py": spec.tests, "_run_tests.py": _harness(nonce, spec.entry_point)}
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
        out = _from_verdict(verdict)
    else:
        out = _from_exec(res, _read_json(res.files, "_progress.json"), spec)
    return out.model_copy(update={"data": {**out.data, **info}})
