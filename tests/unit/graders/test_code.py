"""The ``code`` grader: extraction (pure), and every failure class through the real local sandbox."""

from __future__ import annotations

import textwrap

import pytest
from pydantic import ValidationError

from stackeval.graders.base import GradeContext, grade, parse_spec
from stackeval.graders.code import extract_code
from stackeval.records.answer import Answer
from stackeval.records.execution import ExecResult, Limits
from stackeval.sandbox import LocalExecutor

CTX = GradeContext(executor=LocalExecutor())
TESTS = textwrap.dedent("""
    from solution import add

    assert add(1, 2) == 3

    def test_negative():
        assert add(-1, -2) == -3
""")
SPEC = {"kind": "code", "entry_point": "add", "tests": TESTS, "timeout_s": 1}


def fenced(src: str, lang: str = "python", before: str = "Here is my solution:") -> str:
    return f"{before}\n\n```{lang}\n{textwrap.dedent(src).strip()}\n```\n"


def run(content: str, spec: dict | None = None, ctx: GradeContext = CTX):
    return grade(spec or SPEC, Answer(content=content), ctx)


GOOD = "def add(a, b):\n    return a + b\n"


# ---------------------------------------------------------------- extraction (pure)
@pytest.mark.parametrize("lang", ["python", "py", "Python", "python3", ""])
def test_extracts_fenced_block_with_any_python_tag(lang: str) -> None:
    assert extract_code(fenced(GOOD, lang), "add") == GOOD


def test_prefers_the_block_that_defines_the_entry_point() -> None:
    text = fenced(GOOD) + "Usage:\n\n```python\nprint(add(1, 2))\nprint(add(3, 4))\nprint('a long usage block')\n```\n"
    assert extract_code(text, "add") == GOOD


def test_prefers_the_last_defining_block() -> None:
    first = "def add(a, b):\n    return a - b\n"
    text = fenced(first, before="First try:") + fenced(GOOD, before="Fixed:")
    assert extract_code(text, "add") == GOOD


def test_python_blocks_win_over_other_languages() -> None:
    text = "```bash\npip install nothing\n```\n" + fenced("x = 1")
    assert extract_code(text, "add") == "x = 1\n"


def test_falls_back_to_longest_block() -> None:
    text = "```text\nshort\n```\n\n```text\ndef plus(a, b):\n    return a + b\n```\n"
    assert extract_code(text, "add") == "def plus(a, b):\n    return a + b\n"


def test_unterminated_fence_runs_to_the_end() -> None:
    assert extract_code("Sure:\n```python\n" + GOOD, "add") == GOOD


def test_indented_fence_is_dedented() -> None:
    text = "1. Define it:\n   ```python\n   def add(a, b):\n       return a + b\n   ```\n"
    assert extract_code(text, "add") == GOOD


def test_tilde_fences() -> None:
    assert extract_code("~~~python\n" + GOOD + "~~~\n", "add") == GOOD


def test_bare_code_answer_is_used_whole() -> None:
    assert extract_code(GOOD, "add") == GOOD


def test_prose_is_no_code() -> None:
    assert extract_code("Just add the two numbers together and return the result.", "add") is None
    assert extract_code("", "add") is None
    assert extract_code("hello", "add") is None  # parses as Python, but is no program


def test_spec_validation() -> None:
    with pytest.raises(ValidationError):
        parse_spec({"kind": "code", "entry_point": "add", "tests": "assert (1"})
    with pytest.raises(ValidationError):
        parse_spec({"kind": "code", "entry_point": "not a name", "tests": "pass"})
    with pytest.raises(ValidationError):
        parse_spec({"kind": "code", "entry_point": "f", "tests": "pass", "language": "rust"})


def test_no_executor() -> None:
    r = run(fenced(GOOD), ctx=GradeContext())
    assert (r.passed, r.failure_class) == (False, "no_executor")


class _Recorder:
    """A fake executor: records what the grader asks for and returns a canned result."""

    def __init__(self, result: ExecResult) -> None:
        self.result = result
        self.calls: list[tuple[dict[str, str], list[str], Limits, list[str] | None]] = []

    def run(self, files, argv, limits, collect=None):
        self.calls.append((files, argv, limits, collect))
        return self.result


def test_grader_only_talks_to_the_executor() -> None:
    rec = _Recorder(ExecResult(exit_code=0, ended_by="exit", files={}))
    r = run(fenced(GOOD), ctx=GradeContext(executor=rec))
    files, argv, limits, collect = rec.calls[0]
    assert set(files) == {"solution.py", "_tests.py", "_run_tests.py", "_host.py", "_wire.py", "_config.json",
                          "_judge_proc.py", "_judge_compare.py", "_judge_proxy.py", "_judge_asserts.py"}
    assert files["solution.py"] == GOOD
    assert argv[0] == "python" and limits.network is False and limits.cpu_s == 1
    assert "_verdict.json" in (collect or [])
    assert (r.passed, r.failure_class) == (False, "sandbox_error")  # the harness "wrote" nothing


def test_forged_verdict_is_rejected() -> None:
    rec = _Recorder(ExecResult(exit_code=0, ended_by="exit", files={"_verdict.json": '{"ok": true}',
                                                                    "_progress.json": '{"stage": "import"}'}))
    r = run(fenced(GOOD), ctx=GradeContext(executor=rec))
    assert (r.passed, r.failure_class) == (False, "sandbox_error") and "verdict_forged" in r.flags


# ---------------------------------------------------------------- through the sandbox
def test_reference_passes() -> None:
    r = run(fenced(GOOD))
    assert r.passed and r.failure_class is None
    assert "netns" in r.data["isolation"] or "tmpdir" in r.data["isolation"]


def test_print_instead_of_return_fails_the_asserts() -> None:
    r = run(fenced("def add(a, b):\n    print(a + b)\n"))
    assert r.failure_class == "assertion_error"
    assert "got None, expected 3" in r.detail


def test_assertion_detail_names_test_and_line() -> None:
    r = run(fenced("def add(a, b):\n    return a + b if a > 0 else 0\n"))
    assert r.failure_class == "assertion_error"
    assert "test_negative" in r.detail and "tests line 7" in r.detail


def test_prints_do_not_disturb_the_verdict() -> None:
    r = run(fenced("import sys\ndef add(a, b):\n    print('{\"ok\": false}' * 1000)\n    print('noise', file=sys.stderr)\n    return a + b\n"))
    assert r.passed


def test_never_terminating_code_times_out() -> None:
    r = run(fenced("def add(a, b):\n    while True:\n        pass\n"))
    assert r.failure_class == "timeout"


def test_sleeping_code_times_out_on_the_wall_clock() -> None:
    r = run(fenced("import time\ndef add(a, b):\n    time.sleep(60)\n"), {**SPEC, "timeout_s": 0.5})
    assert r.failure_class == "timeout"


@pytest.mark.parametrize("body", [
    "import sys\nsys.exit(0)\n" + GOOD,
    "import sys\n" + GOOD + "sys.exit(0)\n",
    "import sys\ndef add(a, b):\n    sys.exit(0)\n",
    "import os\ndef add(a, b):\n    os._exit(0)\n",
    "raise SystemExit(0)\n" + GOOD,
])
def test_exiting_early_never_passes(body: str) -> None:
    r = run(fenced(body))
    assert not r.passed and r.failure_class == "runtime_error:SystemExit"


def test_killing_itself_never_passes() -> None:
    r = run(fenced("import os, signal\ndef add(a, b):\n    os.kill(os.getpid(), signal.SIGKILL)\n"))
    assert not r.passed and r.failure_class == "runtime_error:SIGKILL"


def test_writing_a_fake_verdict_never_passes() -> None:
    # the judge outlives the solution's process and writes the verdict itself
    r = run(fenced("import json, os\nopen('_verdict.json', 'w').write(json.dumps({'ok': True}))\nos._exit(0)\n" + GOOD))
    assert not r.passed and r.failure_class == "runtime_error:SystemExit"
    # ... unless the solution kills the judge first: then its verdict (if the sandbox lets it live long
    # enough to write one) lacks the judge's nonce
    r = run(fenced("import json, os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n"
                   "open('_verdict.json', 'w').write(json.dumps({'ok': True, 'nonce': '0' * 32}))\nos._exit(0)\n" + GOOD))
    assert not r.passed and r.failure_class in ("sandbox_error", "runtime_error:SIGKILL")
    assert r.failure_class != "sandbox_error" or "verdict_forged" in r.flags


def test_syntax_error() -> None:
    r = run(fenced("def add(a, b)\n    return a + b\n"))
    assert r.failure_class == "syntax_error" and "line 1" in r.detail


def test_compile_time_syntax_error_found_by_the_harness() -> None:
    r = run(fenced("return 5\n" + GOOD))
    assert r.failure_class == "syntax_error"


def test_missing_entry_point() -> None:
    r = run(fenced("def plus(a, b):\n    return a + b\n"))
    assert r.failure_class == "missing_entry_point"


def test_no_code() -> None:
    r = run("You should add the numbers and return the sum.")
    assert r.failure_class == "no_code"


@pytest.mark.parametrize(("body", "cls"), [
    ("def add(a, b):\n    return [a][b]\n", "runtime_error:IndexError"),
    ("def add(a, b):\n    return a / (b - b)\n", "runtime_error:ZeroDivisionError"),
    ("def add(a, b):\n    return {}[a]\n", "runtime_error:KeyError"),
    ("def add(a, b):\n    return a + undefined_name\n", "runtime_error:NameError"),
    ("def add(a, b):\n    return a + str(b)\n", "runtime_error:TypeError"),
    ("def add(a, b):\n    return add(a, b)\n", "runtime_error:RecursionError"),
    ("def add(a, b):\n    assert a > 0, 'only positive'\n    return a + b\n", "runtime_error:AssertionError"),
    ("import nonexistent_module_xyz\n" + GOOD, "runtime_error:ModuleNotFoundError"),
])
def test_runtime_errors(body: str, cls: str) -> None:
    r = run(fenced(body))
    assert r.failure_class == cls
    assert "solution line" in r.detail


def test_memory_limit() -> None:
    spec = {**SPEC, "memory_mb": 128}
    r = run(fenced("def add(a, b):\n    x = bytearray(1024 ** 3)\n    return a + b\n"), spec)
    assert r.failure_class == "memory_limit"


def test_output_flood_is_an_output_limit() -> None:
    r = run(fenced("import sys\ndef add(a, b):\n    while True:\n        sys.__stdout__.write('x' * 65536)\n"))
    assert r.failure_class == "output_limit"


def test_tests_cannot_be_read_by_the_solution() -> None:
    r = run(fenced("import os\nSEEN = sorted(os.listdir('.'))\n" + GOOD),
            {**SPEC, "tests": "import solution\nassert solution.SEEN == ['_progress.json', 'solution.py', 'tmp'], solution.SEEN\n"})
    assert r.passed, r.detail


def test_no_network_from_solutions() -> None:
    body = ("import socket\ndef add(a, b):\n    s = socket.socket()\n    s.settimeout(0.5)\n"
            "    s.connect(('1.1.1.1', 80))\n    return a + b\n")
    r = run(fenced(body))
    assert not r.passed and r.failure_class.startswith("runtime_error:")


def test_patching_builtins_does_not_skip_the_tests() -> None:
    body = "import builtins\nbuiltins.exec = lambda *a, **k: None\nbuiltins.isinstance = lambda *a: False\n" + \
        "def add(a, b):\n    return 0\n"
    r = run(fenced(body))
    assert not r.passed and r.failure_class == "assertion_error"


# ---------------------------------------------------------------- the judge and the solution's process
def _grade_with(tests: str, body: str, entry: str = "f", timeout_s: float = 2):
    return run(fenced(body), {"kind": "code", "entry_point": entry, "tests": tests, "timeout_s": timeout_s})


@pytest.mark.parametrize(("body", "detail"), [
    ("def f(x):\n    return True\n", "got True, expected 1"),  # bool is not int
    ("def f(x):\n    return 1.0\n", "got 1.0, expected 1"),  # float is not int
    ("def f(x):\n    return [1]\n", "got [1], expected (1,)"),
    ("class I(int):\n    pass\ndef f(x):\n    return I(1)\n", "<solution I object>"),  # subclasses stay remote
])
def test_comparison_is_by_exact_type(body: str, detail: str) -> None:
    tests = "from solution import f\nassert f(0) == (1,)\n" if "[1]" in body else "from solution import f\nassert f(0) == 1\n"
    r = _grade_with(tests, body)
    assert r.failure_class == "assertion_error" and detail in r.detail, r.detail


def test_strict_comparison_reaches_inside_containers_and_compound_asserts() -> None:
    tests = ("from solution import f\n"
             "assert f(0)[0] == 1 and f(0) == [1, {2: (3.0,)}]\n")
    assert _grade_with(tests, "def f(x):\n    return [1, {2: (3.0,)}]\n").passed
    r = _grade_with(tests, "def f(x):\n    return [1, {2: (3,)}]\n")  # 3 is not 3.0
    assert r.failure_class == "assertion_error"
    r = _grade_with(tests, "def f(x):\n    return [True, {2: (3.0,)}]\n")
    assert r.failure_class == "assertion_error"


def test_standard_library_values_cross_exactly() -> None:
    tests = ("from fractions import Fraction\nfrom decimal import Decimal\nimport datetime, collections\n"
             "from solution import f\n"
             "assert f(0) == (Fraction(7, 2), Decimal('1.50'), datetime.date(2024, 2, 29), collections.Counter('aab'))\n"
             "assert type(f(0)[0]) is Fraction\n")
    body = ("from fractions import Fraction\nfrom decimal import Decimal\nimport datetime, collections\n"
            "def f(x):\n    return (Fraction(7, 2), Decimal('1.50'), datetime.date(2024, 2, 29), collections.Counter('aab'))\n")
    assert _grade_with(tests, body).passed
    r = _grade_with(tests, body.replace("Fraction(7, 2), D", "3.5, D"))
    assert r.failure_class == "assertion_error"


def test_objects_methods_and_protocols_are_forwarded() -> None:
    tests = ("from solution import Box, make\n"
             "b = Box()\nb.put('a', 1)\nb.put('b', [2, 3])\n"
             "assert len(b) == 2 and 'a' in b and b['b'] == [2, 3] and b.size == 2\n"
             "assert sorted(b) == ['a', 'b'] and list(make(3)) == [0, 1, 2]\n"
             "b.size = 10\nassert b.size == 10 and b.get('zzz') is None\n"
             "def test_identity():\n    assert b.me() is b and b.me() == b\n")
    body = ("class Box:\n    def __init__(self):\n        self.d = {}\n        self.size = 0\n"
            "    def put(self, k, v):\n        self.d[k] = v\n        self.size = len(self.d)\n"
            "    def get(self, k):\n        return self.d.get(k)\n    def me(self):\n        return self\n"
            "    def __len__(self):\n        return len(self.d)\n    def __contains__(self, k):\n        return k in self.d\n"
            "    def __getitem__(self, k):\n        return self.d[k]\n    def __iter__(self):\n        return iter(self.d)\n"
            "def make(n):\n    yield from range(n)\n")
    r = _grade_with(tests, body, entry="Box")
    assert r.passed, r.detail


def test_exceptions_keep_their_class_and_base() -> None:
    tests = ("from solution import f, ParseError\n"
             "def test_raises():\n"
             "    for bad in ('', 'x'):\n"
             "        try:\n            f(bad)\n        except ValueError as e:\n"
             "            assert type(e) is ParseError and str(e) == 'bad: ' + bad\n            continue\n"
             "        raise AssertionError('no ValueError')\n")
    body = "class ParseError(ValueError):\n    pass\ndef f(s):\n    raise ParseError('bad: ' + s)\n"
    assert _grade_with(tests, body).passed
    r = _grade_with(tests, "class ParseError(ValueError):\n    pass\ndef f(s):\n    raise KeyError(s)\n")
    assert r.failure_class == "runtime_error:KeyError" and "solution line 4" in r.detail


def test_mutable_arguments_changed_in_place_come_back() -> None:
    tests = ("from solution import f\nxs = [3, 1, 2]\nd = {}\nassert f(xs, d) is None\n"
             "assert xs == [1, 2, 3] and d == {'n': 3}\n")
    assert _grade_with(tests, "def f(xs, d):\n    xs.sort()\n    d['n'] = len(xs)\n").passed
    r = _grade_with(tests, "def f(xs, d):\n    xs = sorted(xs)\n    d['n'] = len(xs)\n")
    assert r.failure_class == "assertion_error"


def test_a_failure_of_a_call_sent_without_waiting_ends_the_test_there() -> None:
    tests = ("from solution import S\ns = S()\nfor i in range(50):\n    s.add(i)\n"
             "assert s.total() == 1225\n"
             "def test_bad():\n    t = S()\n    t.add(-1)\n    assert t.total() == -1\n"
             "def test_caught():\n    t = S()\n    try:\n        t.add(-1)\n    except ValueError:\n        pass\n"
             "    else:\n        raise AssertionError('no ValueError')\n")
    good = ("class S:\n    def __init__(self):\n        self.t = 0\n"
            "    def add(self, i):\n        self.t += i\n    def total(self):\n        return self.t\n")
    r = _grade_with(tests, good, entry="S")
    assert r.failure_class == "assertion_error" and "test_caught" in r.detail
    strict = good.replace("        self.t += i", "        if i < 0:\n            raise ValueError(i)\n        self.t += i")
    r = _grade_with(tests, strict, entry="S")
    assert r.failure_class == "runtime_error:ValueError" and "test_bad" in r.detail


def test_deferred_assert_comparisons_report_the_first_failure() -> None:
    tests = ("from solution import f\n"
             "def test_many():\n    for i in range(2000):\n        assert f(i) == i * 2, ('at', i)\n")
    assert _grade_with(tests, "def f(x):\n    return x * 2\n").passed
    r = _grade_with(tests, "def f(x):\n    return x * 2 if x < 1500 else 0\n")
    assert r.failure_class == "assertion_error" and "('at', 1500)" in r.detail and "tests line 4" in r.detail


def test_tests_cannot_pass_test_code_to_the_solution() -> None:
    r = _grade_with("from solution import f\nassert f(lambda: 1) == 1\n", "def f(g):\n    return g()\n")
    assert r.failure_class == "runtime_error:TypeError" and "only plain data" in r.detail
