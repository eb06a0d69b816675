"""One direction of imports: a package may import only packages of a lower layer (or itself).

Layers (low to high): records/errors -> client, graders, sandbox, perf, localserver, testing -> stack, suites
-> store, agentic -> runner -> report -> launch -> cli. The store sits below the runner (the runner writes each
result as it completes); report reads records the store returns.
"""

from __future__ import annotations

import ast
from pathlib import Path

import stackeval

ROOT = Path(stackeval.__file__).parent
RANK = {
    "_version": 0, "errors": 0, "records": 0, "__init__": 1, "__main__": 9,
    "client": 1, "graders": 1, "sandbox": 1, "perf": 1, "localserver": 1, "testing": 1,
    "stack": 2, "suites": 2,
    "store": 3, "agentic": 3,
    "runner": 4,
    "report": 5,
    "launch": 6,
    "distributed": 6.5,
    "cli": 7,
}


def _pkg(path: Path) -> str:
    rel = path.relative_to(ROOT)
    return rel.parts[0].removesuffix(".py")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("stackeval."):
            out.append(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            out += [a.name.split(".")[1] for a in node.names if a.name.startswith("stackeval.")]
    return out


def test_imports_go_one_way() -> None:
    bad = []
    for path in ROOT.rglob("*.py"):
        if "builtin" in path.parts or "tasks" in path.parts:  # suite data and task repos are not stackeval code
            continue
        src = _pkg(path)
        assert src in RANK, f"{src} has no layer: add it to RANK"
        for dst in _imports(path):
            if dst != src and RANK.get(dst, 99) >= RANK[src]:
                bad.append(f"{path.relative_to(ROOT)} imports stackeval.{dst}")
    assert not bad, "\n".join(bad)


def test_only_client_imports_aiohttp_client_side() -> None:
    offenders = []
    for path in ROOT.rglob("*.py"):
        if "builtin" in path.parts or "tasks" in path.parts:
            continue
        pkg = _pkg(path)
        text = path.read_text(encoding="utf-8")
        if ("import aiohttp" in text or "from aiohttp import" in text) and pkg not in ("client", "testing"):
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, offenders
