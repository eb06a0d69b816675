"""Dose-response calibration: how a blind answerer's success falls as one task family grows.

Issue 14 asks for frontier items that a strong model answering blind solves about half the time, with the
difficulty coming from the task. Rather than guess which items sit there, this script measures it: four
families whose work grows with one size knob, each solved exactly here, three sizes each, fresh seeded
instances per size. Blind answerers (helpers acting as the model, or a real deployment) answer the
exported prompts; ``grade`` scores the answers with the suite's own ``math`` grader and prints the
success rate per family and size, so the size at which success crosses 50 % can be read off.

Families (all answers are one integer, no closed form, no published table to recall):

- ``slide``: fewest moves for a 3x3 sliding puzzle at a given breadth-first distance from the goal;
- ``trace``: a three-register loop run N times whose update mixes the step number in (no cycle to find);
- ``tsp``: the shortest round trip through n cities with an asymmetric distance table (Held-Karp here);
- ``indep``: the number of sets of cells, no two sharing a side, in a grid with blocked cells.

    python benchmarks/difficulty_ladder.py export DIR [--answerers 9]   # prompts, key, assignment, DIR/profile
    python benchmarks/difficulty_ladder.py grade DIR ANSWERS_DIR [--json OUT]  # answer files (helpers)
    stackeval run --profile DIR/profile --endpoint URL --db ladder.db         # or a real deployment
    python benchmarks/difficulty_ladder.py table --db ladder.db [RUN]        # its table

``DIR/profile`` holds the same instances as a suite (ids ``ladder.reasoning.frontier.<family>_<size>_<n>``,
the ``math`` grader, a 16,384-token answer budget as the strict frontier's reasoning items), so a deployment is
measured by the stock runner with its reasoning allowance, retries and failure classes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections import defaultdict, deque
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml

from stackeval.graders.base import grade
from stackeval.records.answer import Answer

FINISH = "Finish your response with a line of the form `ANSWER: <n>`, where <n> is a whole number written with digits only."
SIZES: dict[str, tuple[int, ...]] = {
    "slide": (14, 20, 26),  # breadth-first distance of the start from the goal
    "trace": (150, 500, 1500),  # loop iterations
    "tsp": (7, 9, 11),  # cities
    "indep": (24, 40, 60),  # grid cells: 4x6, 5x8, 6x10
}
GRIDS = {24: (4, 6), 40: (5, 8), 60: (6, 10)}
INSTANCES = 3


@dataclass(frozen=True)
class Instance:
    id: str
    family: str
    size: int
    seed: int
    prompt: str
    answer: int


def _rng(family: str, size: int, index: int) -> tuple[random.Random, int]:
    seed = int.from_bytes(hashlib.sha256(f"ladder:{family}:{size}:{index}".encode()).digest()[:4], "big")
    return random.Random(seed), seed


# --- slide: 3x3 sliding puzzle -----------------------------------------------------------------------------
GOAL = "12345678_"


def _neighbours(state: str) -> list[str]:
    i = state.index("_")
    r, c = divmod(i, 3)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < 3 and 0 <= cc < 3:
            j = rr * 3 + cc
            s = list(state)
            s[i], s[j] = s[j], s[i]
            out.append("".join(s))
    return out


def slide_distances() -> dict[str, int]:
    """Breadth-first distance of every solvable state from the goal (181,440 states)."""
    dist = {GOAL: 0}
    q = deque([GOAL])
    while q:
        s = q.popleft()
        for t in _neighbours(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                q.append(t)
    return dist


def _grid_text(state: str) -> str:
    return "\n".join("    " + " ".join(state[r * 3:r * 3 + 3]) for r in range(3))


def slide(size: int, index: int, dist: dict[str, int]) -> Instance:
    rng, seed = _rng("slide", size, index)
    state = rng.choice(sorted(s for s, d in dist.items() if d == size))
    prompt = (
        "A 3×3 sliding puzzle holds eight tiles numbered 1 to 8 and one empty square (shown as _). A move slides "
        "one tile that is directly above, below, left or right of the empty square into it. The puzzle starts as\n\n"
        f"{_grid_text(state)}\n\nand must end as\n\n{_grid_text(GOAL)}\n\n"
        "What is the smallest number of moves that does it?\n" + FINISH
    )
    return Instance(f"slide.{size}.{index}", "slide", size, seed, prompt, dist[state])


# --- trace: a loop with the step number mixed in --------------------------------------------------------------
def trace_run(x: int, y: int, n: int) -> int:
    t = 0
    for k in range(1, n + 1):
        x = (5 * x + y + k) % 97
        y = (y + x) % 89 if x % 2 == 0 else (3 * y) % 89
        t += x
    return t


def trace(size: int, index: int) -> Instance:
    rng, seed = _rng("trace", size, index)
    x0, y0 = rng.randrange(1, 97), rng.randrange(1, 89)
    prompt = (
        f"Three integer registers start as x = {x0}, y = {y0}, t = 0. Then, for k = 1, 2, 3, ..., {size} in turn, "
        "do these three steps in order:\n"
        "  1. x becomes (5·x + y + k) mod 97;\n"
        "  2. if the new x is even, y becomes (y + x) mod 89; otherwise y becomes (3·y) mod 89;\n"
        "  3. t becomes t + x (using the new x).\n"
        "Here a mod m is the remainder of a on division by m, from 0 to m − 1. "
        f"What is the value of t after the step for k = {size}?\n" + FINISH
    )
    return Instance(f"trace.{size}.{index}", "trace", size, seed, prompt, trace_run(x0, y0, size))


# --- tsp: asymmetric travelling salesman ---------------------------------------------------------------------
def tsp_best(d: list[list[int]]) -> int:
    """Held-Karp: the shortest closed tour from city 0 through every city once."""
    n = len(d)
    full = 1 << (n - 1)
    inf = float("inf")
    best = [[inf] * n for _ in range(full)]
    for j in range(1, n):
        best[1 << (j - 1)][j] = d[0][j]
    for mask in range(1, full):
        for j in range(1, n):
            cur = best[mask][j]
            if cur == inf or not mask & (1 << (j - 1)):
                continue
            for k in range(1, n):
                bit = 1 << (k - 1)
                if not mask & bit and cur + d[j][k] < best[mask | bit][k]:
                    best[mask | bit][k] = cur + d[j][k]
    return int(min(best[full - 1][j] + d[j][0] for j in range(1, n)))


def tsp(size: int, index: int) -> Instance:
    rng, seed = _rng("tsp", size, index)
    d = [[0 if i == j else rng.randrange(10, 100) for j in range(size)] for i in range(size)]
    head = "from\\to | " + " ".join(f"{j + 1:>3}" for j in range(size))
    rows = [f"{i + 1:>7} | " + " ".join("  -" if i == j else f"{d[i][j]:>3}" for j in range(size)) for i in range(size)]
    prompt = (
        f"A courier must leave city 1, visit each of the other {size - 1} cities exactly once, and return to city 1. "
        "Roads are one-way in effect: the time from city A to city B (row A, column B, in minutes) can differ from "
        "the time from B to A.\n\n" + "\n".join([head, *rows]) + "\n\n"
        "What is the smallest possible total time of such a round trip, in minutes?\n" + FINISH
    )
    return Instance(f"tsp.{size}.{index}", "tsp", size, seed, prompt, tsp_best(d))


# --- indep: independent sets of cells in a grid with blocked cells --------------------------------------------
def indep_count(rows: int, cols: int, blocked: set[tuple[int, int]]) -> int:
    """Row-by-row transfer count of cell sets with no two chosen cells sharing a side."""
    masks = [m for m in range(1 << cols) if not m & (m >> 1)]
    ways = {0: 1}
    for r in range(rows):
        bad = sum(1 << c for c in range(cols) if (r, c) in blocked)
        nxt: dict[int, int] = defaultdict(int)
        for prev, w in ways.items():
            for m in masks:
                if not m & bad and not m & prev:
                    nxt[m] += w
        ways = nxt
    return sum(ways.values())


def indep(size: int, index: int) -> Instance:
    rng, seed = _rng("indep", size, index)
    rows, cols = GRIDS[size]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    blocked = set(rng.sample(cells, max(2, size // 7)))
    pic = "\n".join("    " + " ".join("#" if (r, c) in blocked else "." for c in range(cols)) for r in range(rows))
    prompt = (
        f"A grid has {rows} rows and {cols} columns of cells. Cells marked # are blocked; cells marked . are open:\n\n"
        f"{pic}\n\n"
        "How many sets of open cells are there in which no two cells of the set share a side? Count every such set, "
        "including the empty set and sets of a single cell (two cells that touch only at a corner may both be in a "
        "set).\n" + FINISH
    )
    return Instance(f"indep.{size}.{index}", "indep", size, seed, prompt, indep_count(rows, cols, blocked))


def instances() -> list[Instance]:
    dist = slide_distances()
    out: list[Instance] = []
    for i in range(INSTANCES):
        out += [slide(s, i, dist) for s in SIZES["slide"]]
        out += [trace(s, i) for s in SIZES["trace"]]
        out += [tsp(s, i) for s in SIZES["tsp"]]
        out += [indep(s, i) for s in SIZES["indep"]]
    return out


def assignment(answerers: int) -> dict[int, list[str]]:
    """Answerer h gets one instance per family, sizes rotated (a Latin square), so no answerer sees only large
    instances and every family-size cell is answered by ``answerers // 3`` different answerers."""
    fams = list(SIZES)
    out: dict[int, list[str]] = {}
    for h in range(answerers):
        out[h] = [f"{f}.{SIZES[f][(h + fi) % 3]}.{(h // 3) % INSTANCES}" for fi, f in enumerate(fams)]
    return out


def suite_id(inst: Instance) -> str:
    return f"ladder.reasoning.frontier.{inst.family}_{inst.size}_{inst.id.rsplit('.', 1)[1]}"


def suite_item(inst: Instance) -> dict[str, object]:
    return {
        "id": suite_id(inst), "category": "reasoning", "tier": "frontier", "prompt": inst.prompt,
        "sampling": {"max_tokens": 16384}, "grader": {"kind": "math", "answer": str(inst.answer)},
        "reference": f"ANSWER: {inst.answer}",
        "wrong": [{"content": f"ANSWER: {inst.answer + 1}", "expect": "wrong_answer"}],
        "rationale": f"difficulty ladder: {inst.family} at size {inst.size} (seed {inst.seed})",
    }


def blind_name(iid: str) -> str:
    """The file name an answerer sees: the family and an opaque tag, never the size (a sliding puzzle's size *is*
    its answer, and a name like ``slide.26.0`` told one round-6 answerer so)."""
    return f"{iid.split('.')[0]}-{hashlib.sha256(f'blind:{iid}'.encode()).hexdigest()[:6]}"


def export(folder: Path, answerers: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "prompts").mkdir(exist_ok=True)
    (folder / "profile").mkdir(exist_ok=True)
    key = {}
    items = []
    for inst in instances():
        (folder / "prompts" / f"{blind_name(inst.id)}.txt").write_text(f"[USER]\n{inst.prompt}", encoding="utf-8")
        key[blind_name(inst.id)] = asdict(inst)
        items.append(suite_item(inst))
    (folder / "profile" / "ladder.yaml").write_text(
        yaml.safe_dump(items, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    (folder / "key.json").write_text(json.dumps(key, indent=1), encoding="utf-8")
    blind = {h: [blind_name(i) for i in ids] for h, ids in assignment(answerers).items()}
    (folder / "assignment.json").write_text(json.dumps(blind, indent=1), encoding="utf-8")


def _cell_key(family: str, size: int) -> str:
    return f"{family}:{size}"


def table_from_run(db: Path, run: str) -> dict[str, list[int]]:
    """Pass counts per family and size from a stored run of ``DIR/profile`` (the newest result per test)."""
    from stackeval.store.db import Store

    cells: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with Store(db, create=False) as st:
        for r in st.latest_results(st.resolve_run(run)):
            family, size, _ = r.test_id.rsplit(".", 1)[1].split("_")
            cell = cells[_cell_key(family, int(size))]
            cell[1] += 1
            cell[0] += r.status == "pass"
    return dict(cells)


def grade_dir(folder: Path, answers: Path) -> dict[str, object]:
    key = json.loads((folder / "key.json").read_text(encoding="utf-8"))
    cells: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    verdicts = {}
    for name, inst in key.items():
        iid = inst["id"]
        # answers are named as the prompt the answerer saw; round 6 (before the opaque names) used the instance id
        f = next((p for p in (answers / f"{name}.txt", answers / f"{iid}.txt") if p.exists()), None)
        if f is None:
            continue
        res = grade({"kind": "math", "answer": str(inst["answer"])}, Answer(content=f.read_text(encoding="utf-8")))
        verdicts[iid] = {"status": "pass" if res.passed else "fail", "class": res.failure_class, "detail": res.detail}
        cell = cells[_cell_key(inst["family"], inst["size"])]
        cell[1] += 1
        cell[0] += res.passed
    return {"cells": dict(cells), "verdicts": verdicts}


def print_table(cells: dict[str, list[int]]) -> None:
    print("| family | " + " | ".join(f"size {i + 1}" for i in range(3)) + " |\n|---|---|---|---|")
    for fam, sizes in SIZES.items():
        got = [cells.get(_cell_key(fam, s)) for s in sizes]
        print(f"| {fam} | " + " | ".join(f"{s}: {c[0]}/{c[1]}" if c else f"{s}: -" for s, c in zip(sizes, got, strict=True)) + " |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export")
    e.add_argument("dir", type=Path)
    e.add_argument("--answerers", type=int, default=9)
    g = sub.add_parser("grade")
    g.add_argument("dir", type=Path)
    g.add_argument("answers", type=Path)
    g.add_argument("--json", type=Path)
    t = sub.add_parser("table")
    t.add_argument("run", nargs="?", default="latest")
    t.add_argument("--db", type=Path, required=True)
    a = ap.parse_args(argv)
    if a.cmd == "export":
        export(a.dir, a.answerers)
        print(f"wrote {len(list((a.dir / 'prompts').iterdir()))} prompts, key.json and assignment.json to {a.dir}")
        return 0
    if a.cmd == "table":
        print_table(table_from_run(a.db, a.run))
        return 0
    doc = grade_dir(a.dir, a.answers)
    print_table(doc["cells"])  # type: ignore[arg-type]
    for iid, v in sorted(doc["verdicts"].items()):  # type: ignore[union-attr]
        if v["status"] != "pass":
            print(f"  {iid}: {v['class']}: {v['detail']}")
    if a.json:
        a.json.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
