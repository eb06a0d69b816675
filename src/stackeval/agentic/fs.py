"""A simulated, read-only, in-memory filesystem and its three tools.

Paths are relative to the tree's root; ``/app/x.py``, ``app/x.py`` and ``./app/x.py`` name the same file,
and ``""``, ``.`` and ``/`` name the root. ``..`` is refused. Tools:

- ``list_dir(path)``: one entry a line, folders first with a trailing ``/``, files with their line count;
- ``read_file(path)``: the file with 1-based line numbers (``  12| text``);
- ``search_text(query, path?)``: case-insensitive substring search over files (under ``path`` when given),
  one ``path:line: text`` a match, at most ``MAX_MATCHES`` lines.

Failures are results with an error label: ``no_such_path``, ``not_a_directory``, ``is_a_directory``,
``bad_arguments``. The fs task's answer is graded by ``grade_location``: the answer's last ``FILE: <path>``
and ``LINE: <n>`` must name the bug's file and a line within ``tolerance`` of it (a range ``a-b`` of at
most three lines is accepted when it comes that close).
"""

from __future__ import annotations

import re
from typing import Any

from stackeval.agentic.records import AgentTask, FsExpectation, ToolResult, Verdict
from stackeval.agentic.tools import bad_arguments, function_schema, str_arg, unknown_tool

__all__ = ["MAX_MATCHES", "FsToolSet", "SimFs", "fs_tool_schemas", "grade_location", "normalize_path"]

MAX_MATCHES = 50


def normalize_path(path: str) -> str | None:
    """The canonical relative form of ``path``; None when it climbs out with ``..``."""
    parts = [p for p in path.strip().replace("\\", "/").split("/") if p not in ("", ".")]
    if ".." in parts:
        return None
    return "/".join(parts)


class SimFs:
    def __init__(self, files: dict[str, str]) -> None:
        self.files: dict[str, str] = {}
        for raw, text in files.items():
            norm = normalize_path(raw)
            if not norm:
                raise ValueError(f"bad file path {raw!r}")
            self.files[norm] = text
        self.dirs: set[str] = {""}
        for f in self.files:
            parts = f.split("/")
            for i in range(1, len(parts)):
                self.dirs.add("/".join(parts[:i]))

    def _resolve(self, path: str) -> str | ToolResult:
        norm = normalize_path(path)
        if norm is None:
            return ToolResult(content=f"error: {path!r} leaves the tree", error="no_such_path")
        if norm not in self.files and norm not in self.dirs:
            return ToolResult(content=f"error: no such file or directory: {path!r}", error="no_such_path")
        return norm

    def list_dir(self, path: str) -> ToolResult:
        norm = self._resolve(path)
        if isinstance(norm, ToolResult):
            return norm
        if norm in self.files:
            return ToolResult(content=f"error: not a directory: {path!r}", error="not_a_directory")
        prefix = f"{norm}/" if norm else ""
        subdirs, files = set(), []
        for d in self.dirs:
            if d and d.startswith(prefix) and "/" not in d[len(prefix):]:
                subdirs.add(d[len(prefix):] + "/")
        for f, text in self.files.items():
            if f.startswith(prefix) and "/" not in f[len(prefix):]:
                files.append(f"{f[len(prefix):]} ({len(text.splitlines())} lines)")
        return ToolResult(content="\n".join(sorted(subdirs) + sorted(files)) or "(empty)")

    def read_file(self, path: str) -> ToolResult:
        norm = self._resolve(path)
        if isinstance(norm, ToolResult):
            return norm
        if norm not in self.files:
            return ToolResult(content=f"error: is a directory: {path!r}", error="is_a_directory")
        lines = self.files[norm].splitlines()
        body = "\n".join(f"{n:>4}| {line}" for n, line in enumerate(lines, 1))
        return ToolResult(content=f"{norm}\n{body}", file_read=norm)

    def search_text(self, query: str, path: str | None = None) -> ToolResult:
        if not query.strip():
            return bad_arguments("query must not be empty")
        scope = ""
        if path is not None:
            norm = self._resolve(path)
            if isinstance(norm, ToolResult):
                return norm
            scope = norm
        needle = query.casefold()
        hits: list[str] = []
        for f in sorted(self.files):
            if scope and f != scope and not f.startswith(f"{scope}/"):
                continue
            for n, line in enumerate(self.files[f].splitlines(), 1):
                if needle in line.casefold():
                    hits.append(f"{f}:{n}: {line.strip()}")
        if not hits:
            return ToolResult(content=f"no matches for {query!r}")
        shown = hits[:MAX_MATCHES]
        more = len(hits) - len(shown)
        tail = f"\n({more} more matches not shown; narrow the query or the path)" if more else ""
        return ToolResult(content="\n".join(shown) + tail)


def fs_tool_schemas() -> list[dict[str, Any]]:
    path = {"type": "string", "description": "path relative to the project root, e.g. 'app/models.py'"}
    return [
        function_schema("list_dir", "List the entries of a directory ('' or '/' for the root).",
                        {"path": {**path, "description": "directory path; '' for the root"}}, ["path"]),
        function_schema("read_file", "Read a text file; lines are prefixed with their 1-based line numbers.",
                        {"path": path}, ["path"]),
        function_schema(
            "search_text",
            f"Case-insensitive substring search in file contents; returns up to {MAX_MATCHES} 'path:line: text' lines.",
            {"query": {"type": "string", "description": "text to look for"},
             "path": {**path, "description": "optional file or directory to limit the search to"}},
            ["query"],
        ),
    ]


_FILE = re.compile(r"FILE[\s*_]*:[\s*_`'\"]*(?P<path>[^\s`'\"*,;]+)", re.IGNORECASE)
_LINE = re.compile(r"LINE[\s*_]*:[\s*_`]*(?P<a>\d+)(?:\s*(?:-|–|to)\s*(?P<b>\d+))?", re.IGNORECASE)


def grade_location(expect: FsExpectation, answer: str | None) -> Verdict:
    """Does ``answer`` name the expected file and line (see the module docstring)?"""
    text = answer or ""
    files = list(_FILE.finditer(text))
    lines = list(_LINE.finditer(text))
    if not files or not lines:
        return Verdict(solved=False, detail="no FILE: / LINE: in the answer")
    got_file = normalize_path(files[-1].group("path").rstrip(".:"))
    m = lines[-1]
    a = int(m.group("a"))
    b = int(m.group("b")) if m.group("b") else a
    lo, hi = min(a, b), max(a, b)
    want = normalize_path(expect.file)
    if got_file != want:
        return Verdict(solved=False, detail=f"FILE {got_file!r}: expected {want!r}")
    tol = expect.tolerance
    if hi - lo > 2 or hi < expect.line - tol or lo > expect.line + tol:
        return Verdict(solved=False, detail=f"LINE {lo}-{hi}: expected {expect.line} ± {tol}")
    return Verdict(solved=True, detail=f"{got_file}:{lo}-{hi} matches line {expect.line}")


class FsToolSet:
    """The tools of one simulated-filesystem task; success is judged on the final answer only."""

    def __init__(self, task: AgentTask, files: dict[str, str]) -> None:
        if task.fs is None:
            raise ValueError(f"task {task.id} is not a filesystem task")
        self.task = task
        self.expect = task.fs
        self.fs = SimFs(files)

    def schemas(self) -> list[dict[str, Any]]:
        return fs_tool_schemas()

    async def call(self, name: str, args: dict[str, Any]) -> ToolResult:
        if name == "search_text":
            query = str_arg(args, "query")
            path = str_arg(args, "path", required=False)
            for v in (query, path):
                if isinstance(v, ToolResult):
                    return v
            assert isinstance(query, str)
            return self.fs.search_text(query, path if isinstance(path, str) and path.strip() else None)
        if name in ("list_dir", "read_file"):
            path = str_arg(args, "path", required=name == "read_file")
            if isinstance(path, ToolResult):
                return path
            method = self.fs.list_dir if name == "list_dir" else self.fs.read_file
            return method(path or "")
        return unknown_tool(name, ["list_dir", "read_file", "search_text"])

    def solved_now(self) -> bool:
        return False

    async def verify(self, final_answer: str | None) -> Verdict:
        return grade_location(self.expect, final_answer)
