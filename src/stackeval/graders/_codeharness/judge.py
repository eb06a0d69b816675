"""The judge: runs the hidden tests and writes the verdict (standard library only; runs inside the sandbox).

Started as ``python -S -B _run_tests.py``. The solution never runs in this process: the judge starts
the solution host (``_host.py``) in a fresh interpreter after it has read and deleted the tests and its
own files, and the tests reach the solution through ``sys.modules["solution"]``, a proxy that sends each
call to the host and receives the result as plain data of exact builtin types (``_wire``). So no code of
the solution ever runs here: it cannot patch the tests, the builtins or this module, reach the verdict
through frames, or answer a comparison with an ``__eq__`` of its own. Comparisons inside ``assert``
statements are by exact type and value (``1``, ``1.0`` and ``True`` differ). Objects the solution
returns that are not plain data stay in the host; the tests get references whose attribute, call,
item, length, iteration and truth operations are forwarded.

This process is made non-dumpable (the host, same uid, cannot read its memory, environment or file
descriptors through /proc or ptrace) and a child subreaper; before any verdict is written the host and
everything it started are killed. The verdict carries a random nonce only this process knows.
"""

import ast
import json
import os
import sys
import types

import _judge_proc  # type: ignore[import-not-found]
from _judge_asserts import _Defer, _defer, _expect, _Rewrite, _start  # type: ignore[import-not-found]
from _judge_compare import _cmp, _op  # type: ignore[import-not-found]
from _judge_proc import _exit, _finish, _harden, _open, _progress, _unlink  # type: ignore[import-not-found]
from _judge_proxy import (  # type: ignore[import-not-found]
    TESTS,
    _Ctx,
    _fail,
    _flush,
    _recv,
    _remote_exception,
    _request,
    _SolutionModule,
    _start_host,
    _violation,
)

if sys.path and os.path.realpath(sys.path[0] or ".") == os.path.realpath(os.getcwd()):
    del sys.path[0]  # nothing the solution writes into the work dir is ever imported here

_Function = types.FunctionType
SOLUTION = os.path.abspath("solution.py")
ENTRY = ""
# the judge's other files, shipped next to it (see graders/code.py); imported above, then deleted
JUDGE_MODULES = ("_judge_proc.py", "_judge_compare.py", "_judge_proxy.py", "_judge_asserts.py")


def main():
    global ENTRY
    _harden()
    with _open("_config.json", encoding="utf-8") as f:
        cfg = json.load(f)
    _judge_proc.NONCE, ENTRY = cfg["nonce"], cfg["entry"]
    with _open("_tests.py", encoding="utf-8") as f:
        tests_src = f.read()
    with _open("solution.py", encoding="utf-8") as f:
        sol_src = f.read()
    for p in ("_config.json", "_tests.py", "_run_tests.py", *JUDGE_MODULES):  # the host gets to see neither tests nor nonce
        try:
            _unlink(p)
        except OSError:
            pass
    _progress("start")
    try:
        tree = _Defer().visit(_Rewrite(tests_src).visit(ast.parse(tests_src)))
        tree = ast.fix_missing_locations(tree)
        test_code = compile(tree, TESTS, "exec")
    except BaseException as e:
        _finish({"ok": False, "phase": "harness", "exc": type(e).__name__, "msg": f"tests: {e}"})
    try:
        compile(sol_src, SOLUTION, "exec")
    except (SyntaxError, ValueError) as e:
        if isinstance(e, SyntaxError):
            e._se_remote, e._se_line, e._se_msg = True, e.lineno, str(e)
        _fail("syntax", e)
    del sol_src
    _progress("import")
    _start_host()
    ready = _recv()
    if ready[0] != 0:
        _violation("unexpected greeting")
    if ready[1] == "import_error":
        _fail("import", _remote_exception(ready[2] if len(ready) > 2 and type(ready[2]) is dict else {}),
              tests_src=tests_src)
    if ready[1] != "ready":
        _violation("unexpected greeting")
    try:
        _request("get", 0, ENTRY)
    except AttributeError:
        _finish({"ok": False, "phase": "entry", "exc": "", "msg": f"solution defines no {ENTRY!r}"})
    except BaseException as e:
        _fail("import", e, tests_src=tests_src)
    mod = _SolutionModule("solution")
    mod.__file__ = SOLUTION
    sys.modules["solution"] = mod
    ns = {"__name__": "_tests", "_se_cmp": _cmp, "_se_op": _op, "_se_defer": _defer, "_se_start": _start,
          "_se_expect": _expect}
    _progress("tests (top level)")
    _Ctx.test, _Ctx.tests_src = "<top level>", tests_src
    try:
        exec(test_code, ns)
    except BaseException as e:
        _fail("test", e, test="<top level>", tests_src=tests_src)
    _flush()
    ran = 1
    for name, fn in list(ns.items()):
        if name.startswith("test_") and type(fn) is _Function:
            _progress(name)
            _Ctx.test = name
            try:
                fn()
            except BaseException as e:
                _fail("test", e, test=name, tests_src=tests_src)
            _flush()
            ran += 1
    _finish({"ok": True, "ran": ran})


if __name__ == "__main__":
    try:
        main()
    except BaseException as e:
        try:
            _finish({"ok": False, "phase": "harness", "exc": type(e).__name__, "msg": str(e)[:2000]})
        finally:
            _exit(3)
