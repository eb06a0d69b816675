"""Code-repair workspace: a repo materialised into a fresh temp dir, and its tools.

Tools: ``read_file(path, start_line=None, end_line=None)`` (raw text, verbatim; lines 1-based and inclusive;
at most ``limits.read_chars`` characters a call, cut at a line boundary and followed by one
``[... file continues: lines N-M of T not shown; call read_file with start_line=N]`` line), ``search(pattern,
path=None)`` (a Python regex over the repository's text files, or one file or folder: ``path:line: text``
lines, at most ``MAX_SEARCH_MATCHES``, then a count of the rest), ``write_file(path, content)`` (whole-file write, creates folders),
``edit_file(path, old, new)`` (replace one exact span: an error names the file when ``old`` is missing or
occurs more than once, with the count and the lines where it occurs), ``apply_patch(patch)`` (a unified diff
over one or more existing files, applied whole or not at all: each hunk's old lines must occur exactly once in
its file, line numbers are only a hint), ``run_tests()`` (pytest over the whole repo, run through the injected sandbox ``Executor``; ``python`` is
resolved by the executor, and its interpreter must have pytest). Plugin autoloading is switched off, so
the sandbox interpreter's other pytest plugins neither slow the run nor change its result.

Success: pytest exits 0, every one of the task's ``tests`` passes (none failed, errored or skipped), and
the hash of the protected files (everything under ``tests/`` plus any pytest configuration or
``conftest.py``) still equals the pristine repo's, so a run that edits, adds or deletes a test does not
count.

``run_tests`` returns what pytest printed (stdout, then stderr if any), nothing added, except one
``[the test run was stopped: timeout]`` line when the sandbox stopped it; output over ``MAX_OUTPUT_CHARS``
keeps its head and its tail (the failures' summary and the final count line) around one
``[... N characters cut ...]`` line.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from stackeval.agentic.fs import normalize_path
from stackeval.agentic.records import READ_CHARS, AgentTask, ToolResult, Verdict
from stackeval.agentic.tools import function_schema, str_arg, unknown_tool
from stackeval.records.execution import ExecResult, Executor, Limits

__all__ = ["CONTINUES", "EDIT_TOOLS", "MAX_SEARCH_MATCHES", "TOOL_NAMES", "RepairWorkspace", "TestRun", "clip_output",
           "is_protected", "page", "parse_run", "protected_hash", "pytest_argv", "repair_tool_schemas"]

JUNIT = ".stackeval-junit.xml"
MAX_WRITE_BYTES = 256_000
MAX_OUTPUT_CHARS = 8_000
MAX_SEARCH_MATCHES = 200
SEARCH_LINE_CHARS = 200
CONTINUES = re.compile(r"\[\.\.\. file continues: lines (\d+)-(\d+) of (\d+) not shown; call read_file with "
                       r"start_line=(\d+)\]$")
_CONFIG_NAMES = {"conftest.py", "pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini"}
_SKIP_PARTS = {"__pycache__", ".pytest_cache"}
DEFAULT_LIMITS = Limits(wall_s=120.0, cpu_s=120.0)
_BOOT = ("import os, sys; os.environ['PYTEST_DISABLE_PLUGIN_AUTOLOAD'] = '1'; import pytest; "
         "sys.exit(pytest.main(sys.argv[1:]))")


def pytest_argv(python: str = "python") -> list[str]:
    """The command of a test run: pytest without plugin autoloading, leaving a JUnit report."""
    return [python, "-c", _BOOT, "-q", "--tb=short", "-p", "no:cacheprovider", f"--junitxml={JUNIT}",
            "-o", "junit_family=xunit2"]


def is_protected(path: str) -> bool:
    """Files the model must not change: the tests and anything that configures pytest."""
    return path.startswith("tests/") or path.rsplit("/", 1)[-1] in _CONFIG_NAMES


def protected_hash(files: dict[str, str]) -> str:
    """SHA-256 over the protected files' paths and contents, in path order."""
    h = hashlib.sha256()
    for path in sorted(p for p in files if is_protected(p)):
        h.update(path.encode())
        h.update(b"\0")
        h.update(files[path].encode())
        h.update(b"\0")
    return h.hexdigest()


class TestRun(BaseModel):
    __test__ = False  # not a pytest class
    model_config = ConfigDict(extra="forbid")
    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    exit_code: int | None = None
    ended_by: str = "exit"
    output: str = ""

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.errors + self.skipped


_SUMMARY = re.compile(r"(\d+) (passed|failed|errors?|skipped)")


def parse_run(res: ExecResult) -> TestRun:
    """Counts from the JUnit report the run left behind, else from pytest's summary line."""
    counts = {"passed": 0, "failed": 0, "errors": 0, "skipped": 0}
    xml = res.files.get(JUNIT)
    parsed = False
    if xml:
        try:
            root = ET.fromstring(xml)
            suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
            for s in suites:
                tests = int(s.get("tests", 0))
                f, e, sk = (int(s.get(k, 0)) for k in ("failures", "errors", "skipped"))
                counts["failed"] += f
                counts["errors"] += e
                counts["skipped"] += sk
                counts["passed"] += tests - f - e - sk
            parsed = True
        except (ET.ParseError, ValueError):
            parsed = False
    if not parsed:
        for n, word in _SUMMARY.findall(res.stdout):
            counts["errors" if word.startswith("error") else word] = int(n)
    output = (res.stdout + ("\n" + res.stderr if res.stderr.strip() else "")).strip()
    if res.ended_by != "exit":
        output = (output + "\n" if output else "") + f"[the test run was stopped: {res.ended_by}]"
    return TestRun(**counts, exit_code=res.exit_code, ended_by=res.ended_by, output=clip_output(output))


def clip_output(text: str, limit: int = MAX_OUTPUT_CHARS) -> str:
    """``text`` within ``limit`` characters: a quarter from the head, the rest from the tail."""
    if len(text) <= limit:
        return text
    head = limit // 4
    tail = limit - head
    return f"{text[:head]}\n[... {len(text) - limit} characters cut ...]\n{text[-tail:]}"


def page(text: str, start_line: int = 1, end_line: int | None = None, cap: int = READ_CHARS) -> str:
    """Lines ``start_line``..``end_line`` (1-based, inclusive; None: to the end) of ``text``, verbatim, within
    ``cap`` characters: cut at a line boundary (at least one line, itself cut at ``cap`` if longer) and followed
    by a ``[... file continues: ...]`` line naming the first line not shown. ``ValueError`` for a range
    outside the file."""
    lines = text.splitlines(keepends=True)
    total = len(lines)
    last = total if end_line is None else min(end_line, total)
    if start_line > max(total, 1) or (total == 0 and start_line > 1):
        raise ValueError(f"start_line {start_line} is past the end of the file ({total} lines)")
    out: list[str] = []
    used = 0
    n = start_line
    while n <= last:
        line = lines[n - 1]
        if used + len(line) > cap:
            if not out:
                out.append(line[:cap] + ("\n" if not line[:cap].endswith("\n") else ""))
                n += 1
            break
        out.append(line)
        used += len(line)
        n += 1
    body = "".join(out)
    if n <= last:
        if body and not body.endswith("\n"):
            body += "\n"
        body += f"[... file continues: lines {n}-{last} of {total} not shown; call read_file with start_line={n}]"
    return body


def repair_tool_schemas() -> list[dict[str, Any]]:
    path = {"type": "string", "description": "path relative to the repository root, e.g. 'inventory/store.py'"}
    line = {"type": "integer", "minimum": 1}
    return [
        function_schema(
            "read_file",
            "Read a file of the repository (raw text, verbatim). A long file comes in pages: the output ends with "
            "a '[... file continues: ...]' line naming the start_line of the next page. start_line and end_line "
            "(1-based, inclusive) read only those lines.",
            {"path": path, "start_line": {**line, "description": "first line to read (default 1)"},
             "end_line": {**line, "description": "last line to read (default: the end of the file)"}},
            ["path"]),
        function_schema(
            "search",
            "Search the repository's text files for a Python regular expression, line by line; returns "
            f"'path:line: text' lines (at most {MAX_SEARCH_MATCHES}).",
            {"pattern": {"type": "string", "description": "a Python regular expression, e.g. 'def net_pay'"},
             "path": {"type": "string", "description": "only this file or folder (default: the whole repository)"}},
            ["pattern"]),
        function_schema(
            "write_file",
            "Replace the whole content of a file (created if missing). Send the complete new file text.",
            {"path": path, "content": {"type": "string", "description": "the complete new file content"}},
            ["path", "content"],
        ),
        function_schema(
            "edit_file",
            "Replace one exact span of a file: `old` must occur exactly once in the file (copy it with its "
            "whitespace and enough surrounding lines to be unique); it is replaced by `new`.",
            {"path": path, "old": {"type": "string", "description": "the exact text to replace"},
             "new": {"type": "string", "description": "the replacement text"}},
            ["path", "old", "new"],
        ),
        function_schema(
            "apply_patch",
            "Apply a unified diff (as `diff -u` or `git diff` print it) to existing files: `--- a/PATH` and "
            "`+++ b/PATH` lines, then `@@` hunks of context (' '), removed ('-') and added ('+') lines. Every hunk's "
            "old lines must occur exactly once in its file; the patch is applied whole or not at all.",
            {"patch": {"type": "string", "description": "the unified diff"}},
            ["patch"],
        ),
        function_schema("run_tests", "Run the repository's test suite with pytest and return pytest's output.", {}, []),
    ]


EDIT_TOOLS = ("write_file", "edit_file", "apply_patch")
TOOL_NAMES = ("read_file", "search", "write_file", "edit_file", "apply_patch", "run_tests")


class PatchError(ValueError):
    pass


def parse_patch(patch: str) -> list[tuple[str, list[tuple[list[str], list[str]]]]]:
    """[(path, [(old lines, new lines) per hunk])] of a unified diff; ``PatchError`` when it is not one."""
    files: list[tuple[str, list[tuple[list[str], list[str]]]]] = []
    lines = patch.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            target = lines[i + 1][4:].split("\t")[0].strip()
            if target == "/dev/null":
                raise PatchError("deleting a file is not supported")
            path = target[2:] if target.startswith(("a/", "b/")) else target
            files.append((path, []))
            i += 2
            continue
        if line.startswith("@@"):
            if not files:
                raise PatchError("a hunk before any '--- a/PATH' / '+++ b/PATH' header")
            old: list[str] = []
            new: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].startswith(("@@", "--- ", "diff ")):
                body = lines[i]
                if body.startswith("\\"):
                    pass  # "\ No newline at end of file"
                elif body.startswith("-"):
                    old.append(body[1:])
                elif body.startswith("+"):
                    new.append(body[1:])
                elif body.startswith(" ") or body == "":
                    old.append(body[1:])
                    new.append(body[1:])
                else:
                    raise PatchError(f"line {i + 1} of the patch starts with neither ' ', '-' nor '+': {body[:40]!r}")
                i += 1
            if not old:
                raise PatchError("a hunk with no context or removed lines cannot be placed")
            files[-1][1].append((old, new))
            continue
        i += 1
    if not files or not any(h for _, h in files):
        raise PatchError("no hunks found (expected '--- a/PATH', '+++ b/PATH' and '@@' lines)")
    return files


class RepairWorkspace:
    """One repair run's working copy. Use as a context manager, or call ``close()``, to remove it."""

    def __init__(
        self,
        task: AgentTask,
        files: dict[str, str],
        executor: Executor,
        *,
        python: str = "python",
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        if task.repair is None:
            raise ValueError(f"task {task.id} is not a repair task")
        self.task = task
        self.expect = task.repair
        self.executor = executor
        self.python = python
        self.limits = limits
        self.original_hash = protected_hash(files)
        self.dir = Path(tempfile.mkdtemp(prefix=f"stackeval-{task.id}-"))
        for rel, text in files.items():
            p = self.dir / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        self.last_run: TestRun | None = None
        self._dirty = True  # no test run reflects the current files yet

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> RepairWorkspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- state ---------------------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for p in sorted(self.dir.rglob("*")):
            rel = p.relative_to(self.dir)
            if p.is_file() and not _SKIP_PARTS.intersection(rel.parts) and rel.as_posix() != JUNIT:
                out[rel.as_posix()] = p.read_text(encoding="utf-8", errors="replace")
        return out

    def tests_hash_ok(self) -> bool:
        return protected_hash(self.snapshot()) == self.original_hash

    def run_tests_sync(self) -> TestRun:
        res = self.executor.run(self.snapshot(), pytest_argv(self.python), self.limits, collect=[JUNIT])
        self.last_run = parse_run(res)
        self._dirty = False
        return self.last_run

    def _passes(self, run: TestRun) -> bool:
        return run.exit_code == 0 and run.passed == self.expect.tests and run.total == self.expect.tests

    # -- tools ---------------------------------------------------------------------------------------------
    def _path(self, args: dict[str, Any]) -> str | ToolResult:
        raw = str_arg(args, "path")
        if isinstance(raw, ToolResult):
            return raw
        assert raw is not None
        norm = normalize_path(raw)
        if not norm:
            return ToolResult(content=f"error: {raw!r} is not a file inside the repository", error="no_such_path")
        return norm

    def read_file(self, args: dict[str, Any]) -> ToolResult:
        rel = self._path(args)
        if isinstance(rel, ToolResult):
            return rel
        p = self.dir / rel
        if p.is_dir():
            return ToolResult(content=f"error: is a directory: {rel!r}", error="is_a_directory")
        if not p.is_file():
            return ToolResult(content=f"error: no such file: {rel!r}", error="no_such_path")
        bounds = []
        for key in ("start_line", "end_line"):
            v = args.get(key)
            if isinstance(v, str) and v.strip().isdigit():
                v = int(v)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                return ToolResult(content=f"error: argument {key!r} must be a line number (1 or more)",
                                  error="bad_arguments")
            bounds.append(v)
        start, end = bounds[0] or 1, bounds[1]
        if end is not None and end < start:
            return ToolResult(content=f"error: end_line {end} is before start_line {start}", error="bad_arguments")
        try:
            text = page(p.read_text(encoding="utf-8", errors="replace"), start, end, self.task.limits.read_chars)
        except ValueError as e:
            return ToolResult(content=f"error: {e}", error="bad_arguments")
        return ToolResult(content=text, file_read=rel)

    def search(self, args: dict[str, Any]) -> ToolResult:
        pattern = str_arg(args, "pattern")
        if isinstance(pattern, ToolResult):
            return pattern
        assert pattern is not None
        try:
            rx = re.compile(pattern)
        except re.error as e:
            return ToolResult(content=f"error: bad regular expression {pattern!r}: {e}", error="bad_regex")
        files = self.snapshot()
        where = ""
        if args.get("path") not in (None, "", ".", "/"):
            rel = self._path(args)
            if isinstance(rel, ToolResult):
                return rel
            where = rel
            files = {k: v for k, v in files.items() if k == rel or k.startswith(rel + "/")}
            if not files:
                return ToolResult(content=f"error: no such file or folder: {rel!r}", error="no_such_path")
        hits: list[str] = []
        total = 0
        for path, text in files.items():
            for i, line in enumerate(text.splitlines(), start=1):
                if rx.search(line):
                    total += 1
                    if total <= MAX_SEARCH_MATCHES:
                        shown = line if len(line) <= SEARCH_LINE_CHARS else line[:SEARCH_LINE_CHARS] + " [...]"
                        hits.append(f"{path}:{i}: {shown}")
        if not hits:
            return ToolResult(content=f"no matches for {pattern!r}" + (f" in {where}" if where else ""))
        if total > MAX_SEARCH_MATCHES:
            hits.append(f"[... {total - MAX_SEARCH_MATCHES} more matches not shown; narrow the pattern or the path]")
        return ToolResult(content="\n".join(hits))

    def write_file(self, args: dict[str, Any]) -> ToolResult:
        rel = self._path(args)
        if isinstance(rel, ToolResult):
            return rel
        content = str_arg(args, "content")
        if isinstance(content, ToolResult):
            return content
        assert content is not None
        if len(content.encode()) > MAX_WRITE_BYTES:
            return ToolResult(content=f"error: content over {MAX_WRITE_BYTES} bytes", error="too_large")
        p = self.dir / rel
        if p.is_dir():
            return ToolResult(content=f"error: is a directory: {rel!r}", error="is_a_directory")
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(content, encoding="utf-8")
        self._dirty = True
        return ToolResult(content=f"wrote {len(content.encode())} bytes to {rel}", file_written=rel)

    def edit_file(self, args: dict[str, Any]) -> ToolResult:
        rel = self._path(args)
        if isinstance(rel, ToolResult):
            return rel
        old, new = str_arg(args, "old"), str_arg(args, "new")
        for v in (old, new):
            if isinstance(v, ToolResult):
                return v
        assert isinstance(old, str) and isinstance(new, str)
        if not old:
            return ToolResult(content="error: 'old' is empty; give the exact text to replace", error="bad_arguments")
        p = self.dir / rel
        if p.is_dir():
            return ToolResult(content=f"error: is a directory: {rel!r}", error="is_a_directory")
        if not p.is_file():
            return ToolResult(content=f"error: no such file: {rel!r} (use write_file to create a file)",
                              error="no_such_path")
        text = p.read_text(encoding="utf-8", errors="replace")
        n = text.count(old)
        if n == 0:
            hint = ""
            first = old.strip().splitlines()[0].strip() if old.strip() else ""
            if first and first in text:
                line = text[: text.index(first)].count("\n") + 1
                hint = (f" (its first line {first[:60]!r} occurs at line {line}: check the whitespace and the "
                        "lines after it)")
            return ToolResult(content=f"error: the text to replace was not found in {rel}{hint}; nothing changed",
                              error="span_not_found")
        if n > 1:
            lines, at = [], 0
            for _ in range(n):
                at = text.index(old, at)
                lines.append(str(text[:at].count("\n") + 1))
                at += len(old)
            return ToolResult(content=f"error: the text to replace occurs {n} times in {rel} (at lines "
                                      f"{', '.join(lines)}); include more surrounding lines so it is unique; "
                                      "nothing changed", error="span_not_unique")
        out = text.replace(old, new, 1)
        if len(out.encode()) > MAX_WRITE_BYTES:
            return ToolResult(content=f"error: the file would be over {MAX_WRITE_BYTES} bytes", error="too_large")
        p.write_text(out, encoding="utf-8")
        self._dirty = True
        line = text[: text.index(old)].count("\n") + 1
        return ToolResult(content=f"edited {rel}: replaced {old.count(chr(10)) + 1} line(s) at line {line} "
                                  f"with {new.count(chr(10)) + 1} line(s)", file_written=rel)

    def apply_patch(self, args: dict[str, Any]) -> ToolResult:
        patch = str_arg(args, "patch")
        if isinstance(patch, ToolResult):
            return patch
        assert patch is not None
        try:
            parsed = parse_patch(patch)
        except PatchError as e:
            return ToolResult(content=f"error: not a usable unified diff: {e}; nothing changed", error="bad_patch")
        texts: dict[str, str] = {}
        for raw, hunks in parsed:
            rel = normalize_path(raw)
            if not rel or not (self.dir / rel).is_file():
                return ToolResult(content=f"error: no such file: {raw!r}; nothing changed", error="no_such_path")
            text = texts.get(rel, (self.dir / rel).read_text(encoding="utf-8", errors="replace"))
            for n, (old, new) in enumerate(hunks, start=1):
                block = "\n".join(old) + "\n"
                count = (text if text.endswith("\n") else text + "\n").count(block)
                if count != 1:
                    what = "was not found" if count == 0 else f"occurs {count} times"
                    return ToolResult(content=f"error: hunk {n} for {rel}: its old lines ({len(old)}) {what} in the "
                                              "file; nothing changed", error="span_not_found" if count == 0
                                      else "span_not_unique")
                ended = text.endswith("\n")
                text = (text if ended else text + "\n").replace(block, "\n".join(new) + ("\n" if new else ""), 1)
                if not ended:
                    text = text[:-1]
            texts[rel] = text
        for rel, text in texts.items():
            (self.dir / rel).write_text(text, encoding="utf-8")
        self._dirty = True
        return ToolResult(content=f"patched {', '.join(texts)} ({sum(len(h) for _, h in parsed)} hunks)",
                          file_written=next(iter(texts)), files_written=list(texts))

    async def run_tests(self) -> ToolResult:
        run = await self.run_tests_async()
        return ToolResult(content=run.output or f"(pytest printed nothing; exit code {run.exit_code})")

    # -- ToolSet -------------------------------------------------------------------------------------------
    def schemas(self) -> list[dict[str, Any]]:
        return repair_tool_schemas()

    async def call(self, name: str, args: dict[str, Any]) -> ToolResult:
        if name == "read_file":
            return self.read_file(args)
        if name == "search":
            return self.search(args)
        if name == "write_file":
            return self.write_file(args)
        if name == "edit_file":
            return self.edit_file(args)
        if name == "apply_patch":
            return self.apply_patch(args)
        if name == "run_tests":
            return await self.run_tests()
        return unknown_tool(name, list(TOOL_NAMES))

    def solved_now(self) -> bool:
        return (not self._dirty and self.last_run is not None and self._passes(self.last_run)
                and self.tests_hash_ok())

    async def verify(self, final_answer: str | None) -> Verdict:
        run = self.last_run if (not self._dirty and self.last_run is not None) else await self.run_tests_async()
        hash_ok = self.tests_hash_ok()
        solved = self._passes(run) and hash_ok
        detail = f"{run.passed}/{self.expect.tests} tests pass"
        if not hash_ok:
            detail += "; test files were changed"
        return Verdict(solved=solved, detail=detail, tests_passed=run.passed,
                       tests_failed=run.failed + run.errors, tests_hash_ok=hash_ok)

    async def run_tests_async(self) -> TestRun:
        return await asyncio.to_thread(self.run_tests_sync)
