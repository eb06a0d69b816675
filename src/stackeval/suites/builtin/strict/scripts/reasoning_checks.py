"""Brute-force checks for strict/reasoning.yaml.

Run: ``python reasoning_checks.py``. Every puzzle is re-solved here by exhaustive search over all candidate
solutions (orderings, role assignments, answer sheets, grids, rule families) or by an exact search (BFS,
Dijkstra, DP) for minimum/count questions. Each check returns the list of ALL answers consistent with the
puzzle; the script asserts there is exactly one and that it equals the YAML answer, then prints
``<id> <answer>``. Exits non-zero on any mismatch. Standard library + PyYAML only.
"""

from __future__ import annotations

import datetime
import heapq
import itertools
import re
import sys
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import yaml

YAML = Path(__file__).resolve().parent.parent / "reasoning.yaml"

CHECKS: dict[str, Callable[[], list[str]]] = {}


def check(item_id: str) -> Callable[[Callable[[], list[str]]], Callable[[], list[str]]]:
    def deco(fn: Callable[[], list[str]]) -> Callable[[], list[str]]:
        CHECKS[item_id] = fn
        return fn

    return deco


def orderings(names: list[str], ok: Callable[[dict[str, int]], bool]) -> list[dict[str, int]]:
    """Every assignment of distinct positions 1..n to ``names`` satisfying ``ok``."""
    out = []
    for perm in itertools.permutations(range(1, len(names) + 1)):
        pos = dict(zip(names, perm, strict=True))
        if ok(pos):
            out.append(pos)
    return out


def islanders(
    names: list[str], statements: Iterable[tuple[str, Callable[[dict[str, bool]], bool]]]
) -> list[dict[str, bool]]:
    """Knights (True) always tell the truth, knaves (False) always lie."""
    stmts = list(statements)
    out = []
    for roles in itertools.product([True, False], repeat=len(names)):
        r = dict(zip(names, roles, strict=True))
        if all(r[who] == claim(r) for who, claim in stmts):
            out.append(r)
    return out


S = TypeVar("S")


def bfs(start: S, goal: Callable[[S], bool], moves: Callable[[S], Iterable[S]]) -> int:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if goal(s):
            return dist[s]
        for t in moves(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    raise AssertionError("goal unreachable")


DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


# --- core / easy / medium -------------------------------------------------------------------------


@check("s1.reasoning.core.01")
def _core01() -> list[str]:
    # heights: larger number = taller
    sols = orderings(["Tom", "Ann"], lambda h: h["Tom"] > h["Ann"])
    return [min(s, key=s.__getitem__) for s in sols]


@check("s1.reasoning.easy.01")
def _easy01() -> list[str]:
    return [DAYS[(DAYS.index("Wednesday") + 10) % 7]]


@check("s1.reasoning.easy.02")
def _easy02() -> list[str]:
    # age rank: larger = older
    sols = orderings(["Mia", "Leo", "Sam"], lambda a: a["Mia"] > a["Leo"] > a["Sam"])
    return [min(s, key=s.__getitem__) for s in sols]


@check("s1.reasoning.medium.01")
def _medium01() -> list[str]:
    sols = islanders(
        ["Pell", "Quin"],
        [("Pell", lambda r: not r["Quin"]), ("Quin", lambda r: r["Pell"] == r["Quin"])],
    )
    kind = {True: "knight", False: "knave"}
    return [f"{kind[s['Pell']]}, {kind[s['Quin']]}" for s in sols]


@check("s1.reasoning.medium.02")
def _medium02() -> list[str]:
    # Family of rules x -> a*x + b with small integers; the examples must pin down one rule and one answer.
    seq = [2, 5, 11, 23, 47]
    answers = set()
    for a in range(-10, 11):
        for b in range(-50, 51):
            if all(seq[i + 1] == a * seq[i] + b for i in range(len(seq) - 1)):
                answers.add(str(a * seq[-1] + b))
    return sorted(answers)


@check("s1.reasoning.medium.03")
def _medium03() -> list[str]:
    free = {
        "Ana": [(9, 12), (14, 17)],
        "Ben": [(11, 15)],
        "Cy": [(8, 10), (13, 16)],
    }

    def ok(person: str, start: int) -> bool:
        return any(a <= start and start + 1 <= b for a, b in free[person])

    return [f"{h:02d}:00" for h in range(8, 17) if all(ok(p, h) for p in free)]


# --- hard ------------------------------------------------------------------------------------------


@check("s1.reasoning.hard.01")
def _hard01() -> list[str]:
    def ok(s: dict[str, int]) -> bool:
        return (
            s["Gus"] in (1, 5)
            and s["Ivy"] == s["Hal"] + 1
            and abs(s["Jon"] - s["Gus"]) != 1
            and s["Fay"] not in (1, 5)
            and s["Hal"] < s["Fay"]
            and s["Jon"] not in (1, 5)
        )

    sols = orderings(["Fay", "Gus", "Hal", "Ivy", "Jon"], ok)
    return [next(n for n, seat in s.items() if seat == 3) for s in sols]


@check("s1.reasoning.hard.02")
def _hard02() -> list[str]:
    names = ["Ria", "Sol", "Tam"]
    sols = islanders(
        names,
        [
            ("Ria", lambda r: not r["Sol"]),
            ("Sol", lambda r: r["Ria"] and r["Tam"]),
            ("Tam", lambda r: sum(r.values()) == 2),
        ],
    )
    return [", ".join(n for n in names if s[n]) or "none" for s in sols]


@check("s1.reasoning.hard.03")
def _hard03() -> list[str]:
    a, b, target = 5, 8, 2

    def moves(s: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = s
        pour_ab = min(x, b - y)
        pour_ba = min(y, a - x)
        return [(a, y), (x, b), (0, y), (x, 0), (x - pour_ab, y + pour_ab), (x + pour_ba, y - pour_ba)]

    return [str(bfs((0, 0), lambda s: target in s, moves))]


@check("s1.reasoning.hard.04")
def _hard04() -> list[str]:
    # every non-leap year whose 1 January is a Thursday gives the same answer; check several
    answers = set()
    for year in range(1901, 2100):
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        if not leap and datetime.date(year, 1, 1).weekday() == DAYS.index("Thursday"):
            answers.add(DAYS[datetime.date(year, 10, 15).weekday()])
    return sorted(answers)


GRAPH_HARD05 = {
    ("A", "B"): 4, ("A", "C"): 2, ("B", "C"): 1, ("B", "D"): 5, ("C", "D"): 8,
    ("C", "E"): 10, ("D", "E"): 2, ("D", "F"): 6, ("E", "F"): 3,
}  # fmt: skip


def _simple_paths(edges: dict[tuple[str, str], int], src: str, dst: str) -> list[tuple[int, list[str]]]:
    adj: dict[str, dict[str, int]] = {}
    for (u, v), w in edges.items():
        adj.setdefault(u, {})[v] = w
        adj.setdefault(v, {})[u] = w
    out: list[tuple[int, list[str]]] = []

    def walk(node: str, path: list[str], length: int) -> None:
        if node == dst:
            out.append((length, path))
            return
        for nxt, w in adj[node].items():
            if nxt not in path:
                walk(nxt, [*path, nxt], length + w)

    walk(src, [src], 0)
    return out


@check("s1.reasoning.hard.05")
def _hard05() -> list[str]:
    paths = _simple_paths(GRAPH_HARD05, "A", "F")
    best = min(length for length, _ in paths)
    assert sum(1 for length, _ in paths if length == best) == 1, "the shortest route should be unique"
    return [str(best)]


# --- expert ----------------------------------------------------------------------------------------


@check("s1.reasoning.expert.01")
def _expert01() -> list[str]:
    names = ["Ola", "Pim", "Rue", "Tes"]
    answers = []
    for house in itertools.permutations(range(1, 5)):
        h = dict(zip(names, house, strict=True))
        for pets in itertools.permutations(["cat", "dog", "fish", "owl"]):
            pet = dict(zip(names, pets, strict=True))
            by_pet = {v: k for k, v in pet.items()}
            for drinks in itertools.permutations(["tea", "coffee", "juice", "milk"]):
                drink = dict(zip(names, drinks, strict=True))
                by_drink = {v: k for k, v in drink.items()}
                clues = [
                    h["Ola"] == 1,
                    h["Tes"] == 4,
                    h["Pim"] != 2,
                    by_pet["dog"] == by_drink["coffee"],
                    abs(h[by_pet["cat"]] - h["Pim"]) == 1,
                    drink["Rue"] == "milk",
                    h[by_drink["tea"]] == h[by_pet["fish"]] + 1,
                    pet["Ola"] != "fish",
                    pet["Tes"] != "dog",
                    drink["Ola"] != "juice",
                    by_pet["owl"] != by_drink["tea"],
                ]
                if all(clues):
                    answers.append(by_pet["owl"])
    return answers


@check("s1.reasoning.expert.02")
def _expert02() -> list[str]:
    count = 0
    for p, q, r, s, t in itertools.product([False, True], repeat=5):
        left = (p == q) or (r and not t)  # (p xor q) implies (r and not t)
        right = (s or t) != (p and r)
        count += left and right
    return [str(count)]


@check("s1.reasoning.expert.03")
def _expert03() -> list[str]:
    names = ["Ada", "Bo", "Cy", "Di"]
    sols = islanders(
        names,
        [
            ("Ada", lambda r: sum(not v for v in r.values()) == 1),
            ("Bo", lambda r: not r["Ada"]),
            ("Cy", lambda r: r["Bo"] == r["Di"]),
            ("Di", lambda r: sum(r.values()) >= 2),
        ],
    )
    return [", ".join(n for n in names if not s[n]) or "none" for s in sols]


TASKS_EXPERT04 = {  # name: (days, prerequisites)
    "A": (3, []), "B": (2, ["A"]), "C": (6, []), "D": (4, ["A"]), "E": (3, ["B", "C"]),
    "F": (5, ["D"]), "G": (2, ["E", "F"]), "H": (4, ["C"]), "I": (1, ["G", "H"]),
}  # fmt: skip


@check("s1.reasoning.expert.04")
def _expert04() -> list[str]:
    """Two workers; exact search over every schedule that starts tasks at time 0 or when a task ends.

    Any schedule can be shifted left until each task starts at 0 or at some task's end without getting
    longer, so this search (which also tries leaving a free worker idle) finds the true minimum.
    """
    best = sum(days for days, _ in TASKS_EXPERT04.values())

    def search(
        t: int, running: tuple[tuple[int, str], ...], done: frozenset[str], started: frozenset[str]
    ) -> None:
        nonlocal best
        if len(done) == len(TASKS_EXPERT04):
            best = min(best, t)
            return
        ready = [k for k, (_, pre) in TASKS_EXPERT04.items() if k not in started and set(pre) <= done]
        for m in range(min(2 - len(running), len(ready)) + 1):
            for chosen in itertools.combinations(ready, m):
                run = running + tuple((t + TASKS_EXPERT04[k][0], k) for k in chosen)
                if not run:
                    continue
                nt = min(end for end, _ in run)
                search(
                    nt,
                    tuple(r for r in run if r[0] != nt),
                    done | {k for end, k in run if end == nt},
                    started | set(chosen),
                )

    search(0, (), frozenset(), frozenset())
    return [str(best)]


@check("s1.reasoning.expert.05")
def _expert05() -> list[str]:
    # Family: every letter position i gets its own shift s_i (0..25). Keep only shift vectors that
    # reproduce all examples, and collect every encoding of ZONE they allow.
    examples = {"CAT": "DCW", "DOG": "EQJ", "MOON": "NQRR"}
    target = "ZONE"

    def shift(ch: str, k: int) -> str:
        return chr((ord(ch) - 65 + k) % 26 + 65)

    allowed: list[set[int]] = []
    for i in range(len(target)):
        ks = set(range(26))
        for plain, code in examples.items():
            if i < len(plain):
                ks &= {k for k in range(26) if shift(plain[i], k) == code[i]}
        allowed.append(ks)
    return sorted(
        "".join(shift(target[i], k) for i, k in enumerate(combo)) for combo in itertools.product(*allowed)
    )


@check("s1.reasoning.expert.06")
def _expert06() -> list[str]:
    def ok(s: dict[str, int]) -> bool:
        return (
            s["Kai"] < s["Max"]
            and s["Lin"] == s["Oli"] + 2
            and s["Pia"] not in (1, 6)
            and s["Pia"] < s["Oli"]
            and abs(s["Noa"] - s["Kai"]) >= 3
            and s["Max"] != 2
            and s["Max"] < s["Lin"]
            and s["Noa"] != 6
        )

    sols = orderings(["Kai", "Lin", "Max", "Noa", "Oli", "Pia"], ok)
    return [next(n for n, place in s.items() if place == 4) for s in sols]


@check("s1.reasoning.expert.07")
def _expert07() -> list[str]:
    items = [3, 1, 4, 1, 5, 9, 2, 6]
    for _ in range(24):
        x = items.pop(0)
        if x % 2:
            items.append(x + 3)
        else:
            items.insert(1, x // 2)
    return [", ".join(map(str, items))]


@check("s1.reasoning.expert.08")
def _expert08() -> list[str]:
    assert DAYS[datetime.date(2030, 1, 1).weekday()] == "Tuesday"
    return [DAYS[datetime.date(2096, 2, 29).weekday()]]


# --- frontier --------------------------------------------------------------------------------------


def _states(item_id: str, *parts: str) -> None:
    """The item's prompt states each of ``parts`` verbatim (guards the data the check solves)."""
    prompt = _prompt(item_id)
    missing = [p for p in parts if p not in prompt]
    assert not missing, f"{item_id}: prompt does not state {missing}"


def _prompt(item_id: str) -> str:
    return next(
        it["prompt"] for it in yaml.safe_load(YAML.read_text(encoding="utf-8")) if it["id"] == item_id
    )


def _slide_moves(cols: int) -> Callable[[tuple[int, ...]], Iterable[tuple[int, ...]]]:
    """Sliding-tile moves on a board ``cols`` wide: a tile next to the gap (0) slides into it."""

    def moves(s: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        i = s.index(0)
        r, c = divmod(i, cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < len(s) // cols and 0 <= cc < cols:
                j = rr * cols + cc
                t = list(s)
                t[i], t[j] = t[j], t[i]
                yield tuple(t)

    return moves


@check("s1.reasoning.frontier.01")
def _frontier01() -> list[str]:
    start = (3, 7, 5, 6, 4, 8, 0, 2, 1)  # rows top to bottom, 0 = the empty square
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    _states("s1.reasoning.frontier.01", "  3 7 5\n  6 4 8\n  _ 2 1\n", "  1 2 3\n  4 5 6\n  7 8 _\n")
    return [str(bfs(start, lambda s: s == goal, _slide_moves(3)))]


def _token_moves(s: str) -> Iterable[str]:
    """A token next to the gap slides into it, or a token two cells away jumps over one token into it."""
    i = s.index(".")
    for j in (i - 1, i + 1, i - 2, i + 2):
        if 0 <= j < len(s):
            t = list(s)
            t[i], t[j] = t[j], t[i]
            yield "".join(t)


@check("s1.reasoning.frontier.02")
def _frontier02() -> list[str]:
    _states("s1.reasoning.frontier.02", "  BCAABBC.AC\n", "  AAA.BBBCCC\n")
    return [str(bfs("BCAABBC.AC", lambda s: s == "AAA.BBBCCC", _token_moves))]


JOBS_FRONTIER03 = {  # name: (processing days, due day, penalty per day late)
    "A": (6, 6, 5), "B": (5, 21, 1), "C": (8, 29, 2), "D": (3, 34, 1),
    "E": (5, 6, 1), "F": (4, 38, 4), "G": (7, 39, 1), "H": (8, 6, 2),
}  # fmt: skip


def _tardiness(order: Iterable[str]) -> int:
    t = total = 0
    for k in order:
        p, due, w = JOBS_FRONTIER03[k]
        t += p
        total += w * max(0, t - due)
    return total


@check("s1.reasoning.frontier.03")
def _frontier03() -> list[str]:
    _states(
        "s1.reasoning.frontier.03",
        *(
            f"  {k}: {p} days, due at day {d}, penalty {w} per day late\n"
            for k, (p, d, w) in JOBS_FRONTIER03.items()
        ),
    )
    best = min(_tardiness(o) for o in itertools.permutations(JOBS_FRONTIER03))  # all 8! orders
    edd = _tardiness(sorted(JOBS_FRONTIER03, key=lambda k: (JOBS_FRONTIER03[k][1], k)))
    assert 0 < edd - best <= 3, "earliest-due-date is slightly off, so the optimum needs a search"
    return [str(best)]


COSTS_FRONTIER04 = [  # rows: workers Ann..Gus; columns: jobs 1..7
    [30, 19, 35, 51, 13, 14, 44], [16, 33, 47, 13, 42, 23, 12], [15, 37, 36, 14, 25, 15, 45],
    [37, 13, 46, 17, 24, 50, 50], [47, 13, 46, 47, 35, 13, 24], [12, 45, 18, 28, 36, 19, 44],
    [17, 46, 29, 45, 53, 21, 16],
]  # fmt: skip


@check("s1.reasoning.frontier.04")
def _frontier04() -> list[str]:
    names = ["Ann", "Ben", "Cal", "Dee", "Eva", "Fay", "Gus"]
    _states(
        "s1.reasoning.frontier.04",
        *(
            f"  {n}: " + "  ".join(f"{c:2d}" for c in row) + "\n"
            for n, row in zip(names, COSTS_FRONTIER04, strict=True)
        ),
    )
    n = len(COSTS_FRONTIER04)
    totals = sorted(
        sum(COSTS_FRONTIER04[i][p[i]] for i in range(n)) for p in itertools.permutations(range(n))
    )
    assert totals[0] < totals[1], "the optimal assignment is unique"
    return [str(totals[0])]


EDGES_FRONTIER05 = [  # (a, b, length); roads are two-way
    (1, 24, 19), (1, 25, 14), (3, 10, 2), (4, 26, 3), (4, 40, 18), (5, 23, 10), (5, 29, 16), (5, 36, 15),
    (6, 17, 11), (7, 3, 10), (7, 22, 9), (8, 13, 15), (8, 17, 15), (9, 3, 5), (10, 6, 7), (10, 23, 8),
    (11, 33, 8), (11, 38, 2), (12, 3, 6), (12, 16, 7), (12, 21, 19), (12, 32, 3), (13, 11, 3), (13, 31, 15),
    (13, 35, 16), (14, 7, 18), (14, 12, 9), (15, 24, 12), (15, 25, 9), (15, 39, 6), (16, 3, 5), (17, 11, 4),
    (17, 27, 8), (17, 31, 15), (17, 35, 2), (18, 4, 7), (18, 26, 19), (18, 28, 11), (18, 40, 5), (20, 13, 4),
    (20, 17, 7), (21, 10, 5), (21, 23, 10), (21, 29, 17), (22, 10, 4), (22, 23, 7), (22, 29, 16), (23, 8, 10),
    (23, 20, 2), (24, 25, 12), (26, 40, 5), (27, 4, 17), (28, 40, 12), (29, 13, 11), (29, 20, 17), (29, 36, 3),
    (30, 25, 11), (31, 27, 6), (31, 33, 2), (31, 34, 8), (32, 3, 13), (32, 10, 7), (32, 21, 2), (33, 4, 19),
    (33, 28, 14), (34, 4, 12), (34, 18, 6), (34, 40, 3), (35, 27, 10), (35, 33, 18), (36, 8, 15), (36, 11, 9),
    (36, 13, 8), (37, 14, 6), (38, 27, 14), (38, 31, 7), (38, 34, 16), (39, 9, 10), (39, 14, 8), (39, 37, 9),
    (2, 30, 9), (2, 19, 6), (19, 37, 12), (19, 5, 7),
]  # fmt: skip


def _dijkstra(edges: list[tuple[int, int, int]], src: int) -> dict[int, int]:
    adj: dict[int, list[tuple[int, int]]] = {}
    for a, b, w in edges:
        adj.setdefault(a, []).append((b, w))
        adj.setdefault(b, []).append((a, w))
    dist = {src: 0}
    heap = [(0, src)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            if d + w < dist.get(v, d + w + 1):
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return dist


@check("s1.reasoning.frontier.05")
def _frontier05() -> list[str]:
    stated = re.findall(r"(\d+)-(\d+) (\d+)", _prompt("s1.reasoning.frontier.05"))
    assert sorted(tuple(map(int, e)) for e in stated) == sorted(EDGES_FRONTIER05), (
        "the prompt lists exactly these roads"
    )
    assert {t for e in EDGES_FRONTIER05 for t in e[:2]} == set(range(1, 41)), "every town has a road"
    return [str(_dijkstra(EDGES_FRONTIER05, 1)[40])]


# Logic grids: each clue is (kind, x, y) over attribute values; a house number is the position of a value.
def _clue_holds(clue: tuple[str, str, str | int | None], pos: dict[str, int], houses: int) -> bool:
    kind, x, y = clue
    px = pos[x]
    py = pos[y] if isinstance(y, str) else y
    if kind == "same":
        return px == py
    if kind == "diff":
        return px != py
    if kind == "next":
        return abs(px - py) == 1
    if kind == "notnext":  # different houses, not adjacent
        return abs(px - py) > 1
    if kind == "left":
        return px < py
    if kind == "right1":
        return px == py + 1
    if kind == "dist2":
        return abs(px - py) == 2
    if kind == "notat":
        return px != py
    if kind == "end":
        return px in (1, houses)
    if kind == "even":
        return px % 2 == 0
    raise AssertionError(kind)


def _grid_solutions(
    cats: dict[str, list[str]], clues: list[tuple[str, str, str | int | None]]
) -> list[dict[str, int]]:
    """Every assignment of houses to all attribute values satisfying every clue (exhaustive, pruned per category)."""
    houses = len(next(iter(cats.values())))
    cat_of = {v: i for i, vs in enumerate(cats.values()) for v in vs}
    by_level: dict[int, list[tuple[str, str, str | int | None]]] = {}
    for c in clues:
        level = max(cat_of[c[1]], cat_of[c[2]] if isinstance(c[2], str) else 0)
        by_level.setdefault(level, []).append(c)
    perms = list(itertools.permutations(range(1, houses + 1)))
    groups = list(cats.values())
    out: list[dict[str, int]] = []

    def rec(level: int, pos: dict[str, int]) -> None:
        if level == len(groups):
            out.append(dict(pos))
            return
        for perm in perms:
            pos.update(zip(groups[level], perm, strict=True))
            if all(_clue_holds(c, pos, houses) for c in by_level.get(level, [])):
                rec(level + 1, pos)
        for v in groups[level]:
            del pos[v]

    rec(0, {})
    return out


CATS_FRONTIER06 = {
    "name": ["Aldo", "Bree", "Cyd", "Dov", "Esme"], "pet": ["cat", "dog", "eel", "fox", "yak"],
    "drink": ["cider", "kvass", "mate", "soda", "tea"], "hat": ["beret", "cap", "fez", "fedora", "turban"],
    "car": ["Audi", "Fiat", "Kia", "Saab", "Seat"],
}  # fmt: skip
CLUES_FRONTIER06: list[tuple[str, str, str | int | None]] = [
    ("left", "fox", "Esme"), ("diff", "Bree", "Saab"), ("right1", "Kia", "fez"), ("left", "dog", "Dov"),
    ("even", "Esme", None), ("even", "soda", None), ("notnext", "Saab", "Fiat"), ("notat", "yak", 4),
    ("notnext", "Bree", "Audi"), ("notat", "tea", 1), ("notnext", "fedora", "cat"), ("notat", "mate", 3),
    ("diff", "fez", "kvass"), ("dist2", "dog", "Bree"), ("left", "Bree", "cider"), ("notat", "dog", 4),
    ("next", "Audi", "Aldo"), ("same", "Cyd", "fez"), ("notnext", "Aldo", "turban"), ("left", "tea", "eel"),
    ("notnext", "cat", "Seat"), ("notnext", "beret", "dog"), ("left", "Cyd", "Seat"), ("notat", "turban", 4),
    ("notnext", "tea", "soda"),
]  # fmt: skip

CATS_FRONTIER07 = {
    "name": ["Ivo", "Jun", "Kit", "Lev", "Mae", "Noor"], "job": ["baker", "chef", "diver", "judge", "nurse", "pilot"],
    "fruit": ["apple", "fig", "kiwi", "lime", "mango", "plum"],
    "sport": ["chess", "golf", "judo", "polo", "rugby", "squash"],
}  # fmt: skip
CLUES_FRONTIER07: list[tuple[str, str, str | int | None]] = [
    ("end", "plum", None), ("even", "diver", None), ("notnext", "lime", "judge"), ("next", "fig", "pilot"),
    ("left", "Noor", "lime"), ("notnext", "judge", "kiwi"), ("even", "baker", None), ("diff", "Lev", "chef"),
    ("left", "Lev", "mango"), ("diff", "chess", "baker"), ("diff", "judo", "Jun"), ("right1", "squash", "apple"),
    ("notat", "plum", 1), ("notat", "diver", 4), ("end", "chess", None), ("dist2", "judo", "baker"),
    ("notnext", "rugby", "Kit"), ("dist2", "rugby", "Jun"), ("notat", "Mae", 6), ("notat", "Mae", 2),
    ("notnext", "judge", "Jun"), ("next", "rugby", "golf"), ("notnext", "squash", "mango"), ("notat", "apple", 4),
    ("left", "fig", "chess"), ("left", "kiwi", "pilot"), ("right1", "Ivo", "Lev"),
]  # fmt: skip


def _grid_check(
    item_id: str, cats: dict[str, list[str]], clues: list[tuple[str, str, str | int | None]], asked: str
) -> list[str]:
    prompt = _prompt(item_id)
    for i, clue in enumerate(clues, start=1):
        assert f"\n{i}. {_clue_text(clue, cats)}\n" in prompt, f"{item_id}: clue {i} is not stated as {clue}"
    assert f"\n{len(clues) + 1}. " not in prompt, f"{item_id}: the prompt has more clues than the check"
    return [", ".join(sorted(cats[asked], key=s.__getitem__)) for s in _grid_solutions(cats, clues)]


def _clue_text(clue: tuple[str, str, str | int | None], cats: dict[str, list[str]]) -> str:
    kind, x, y = clue
    houses = len(next(iter(cats.values())))

    def who(v: str) -> str:
        cat = next(k for k, vs in cats.items() if v in vs)
        return {
            "name": "{}",
            "pet": "the {} owner",
            "drink": "the {} drinker",
            "hat": "the person with the {}",
            "car": "the {} driver",
            "job": "the {}",
            "fruit": "the person who grows {}s",
            "sport": "the {} player",
        }[cat].format(v)

    a = who(x)
    b = who(y) if isinstance(y, str) else None
    text = {
        "same": f"{a} is {b}.",
        "diff": f"{a} is not {b}.",
        "next": f"{a} lives next door to {b}.",
        "notnext": f"{a} and {b} live in different houses that are not next door to each other.",
        "left": f"{a} lives somewhere to the left of {b}.",
        "right1": f"{a} lives immediately to the right of {b}.",
        "dist2": f"Exactly one house lies between {a} and {b}.",
        "notat": f"{a} does not live in house {y}.",
        "end": f"{a} lives in one of the end houses (1 or {houses}).",
        "even": f"{a} lives in an even-numbered house.",
    }[kind]
    return text[0].upper() + text[1:]


@check("s1.reasoning.frontier.06")
def _frontier06() -> list[str]:
    return _grid_check("s1.reasoning.frontier.06", CATS_FRONTIER06, CLUES_FRONTIER06, "pet")


@check("s1.reasoning.frontier.07")
def _frontier07() -> list[str]:
    return _grid_check("s1.reasoning.frontier.07", CATS_FRONTIER07, CLUES_FRONTIER07, "name")


@check("s1.reasoning.frontier.08")
def _frontier08() -> list[str]:
    _states(
        "s1.reasoning.frontier.08",
        "a = 0, b = 11, c = 0, d = 0",
        "  1: b = (3·b + a) mod 29\n  2: c = b\n  3: if c < 5, go to line 8\n  4: if c is even, go to line 6\n"
        "  5: d = d + c\n  6: c = c − (d mod 4) − 2\n  7: go to line 3\n  8: a = a + 1\n"
        "  9: if a < 20, go to line 1\n  10: HALT\n",
    )
    a, b, c, d = 0, 11, 0, 0
    line, executed, inner = 1, 0, 0
    while line != 10:  # line 10 is HALT and is not counted
        executed += 1
        if line == 1:
            b, line = (3 * b + a) % 29, 2
        elif line == 2:
            c, line = b, 3
        elif line == 3:
            line = 8 if c < 5 else 4
        elif line == 4:
            line = 6 if c % 2 == 0 else 5
        elif line == 5:
            d, line = d + c, 6
        elif line == 6:
            c, line, inner = c - d % 4 - 2, 7, inner + 1
        elif line == 7:
            line = 3
        elif line == 8:
            a, line = a + 1, 9
        elif line == 9:
            line = 1 if a < 20 else 10
    assert executed > 300 and inner > 40, "a long trace with many data-dependent inner passes"
    return [f"{b} {c} {d} {executed}"]


@check("s1.reasoning.frontier.09")
def _frontier09() -> list[str]:
    _states(
        "s1.reasoning.frontier.09",
        "M[0..7] = 3, 1, 4, 1, 5, 9, 2, 6 and p = 0, s = 0, k = 0",
        "  1: k = k + 1\n  2: s = s + M[p]\n  3: M[p] = (M[p] + k) mod 10\n  4: p = (p + M[p]) mod 8\n"
        "  5: if M[p] is even, go to line 7\n  6: s = s − (k mod 4)\n  7: if k < 120, go to line 1\n  8: HALT\n",
    )
    m = [3, 1, 4, 1, 5, 9, 2, 6]
    p = s = k = 0
    line = 1
    seen: set[tuple[int, tuple[int, ...], int]] = set()
    while line != 8:  # line 8 is HALT
        if line == 1:
            k, line = k + 1, 2
            state = (p, tuple(m), k % 20)
            assert state not in seen, "no repeated state, so no cycle to shortcut"
            seen.add(state)
        elif line == 2:
            s, line = s + m[p], 3
        elif line == 3:
            m[p], line = (m[p] + k) % 10, 4
        elif line == 4:
            p, line = (p + m[p]) % 8, 5
        elif line == 5:
            line = 7 if m[p] % 2 == 0 else 6
        elif line == 6:
            s, line = s - k % 4, 7
        elif line == 7:
            line = 1 if k < 120 else 8
    return [f"{''.join(map(str, m))} {s}"]


@check("s1.reasoning.frontier.10")
def _frontier10() -> list[str]:
    rule = {"111": "0", "110": "0", "101": "1", "100": "0", "011": "1", "010": "1", "001": "0", "000": "1"}
    prompt = _prompt("s1.reasoning.frontier.10")
    assert all(f"{k} → {v}" in prompt for k, v in rule.items()), "the prompt states the rule table"
    row = "111001001100011000000001"
    assert f"  {row}\n" in prompt, "the prompt states generation 0"
    seen = {row}
    for _ in range(30):
        n = len(row)
        row = "".join(rule[row[i - 1] + row[i] + row[(i + 1) % n]] for i in range(n))
        assert row not in seen, "no generation repeats, so there is no cycle to shortcut"
        seen.add(row)
    return [row]


ITEMS_FRONTIER11 = [  # (weight kg, value)
    (24, 27), (30, 32), (9, 6), (37, 48), (23, 25), (11, 7), (18, 14), (15, 13), (31, 30),
    (38, 39), (23, 30), (32, 39), (14, 16), (23, 23), (8, 5), (21, 23), (34, 32), (25, 23),
]  # fmt: skip


@check("s1.reasoning.frontier.11")
def _frontier11() -> list[str]:
    cap = 166
    _states(
        "s1.reasoning.frontier.11",
        f"at most {cap} kg",
        *(f"  {i}: {w} kg, value {v}\n" for i, (w, v) in enumerate(ITEMS_FRONTIER11, start=1)),
    )
    best = {0: 0}  # exact 0/1 DP: for every reachable total weight, the best value
    for wi, vi in ITEMS_FRONTIER11:
        for w, v in list(best.items()):
            if w + wi <= cap and best.get(w + wi, -1) < v + vi:
                best[w + wi] = v + vi
    optimum = max(best.values())
    greedy = w = 0
    for wi, vi in sorted(ITEMS_FRONTIER11, key=lambda it: -it[1] / it[0]):
        if w + wi <= cap:
            w, greedy = w + wi, greedy + vi
    assert optimum - greedy == 1, "greedy by value per kg misses the optimum by one"
    return [str(optimum)]


# --- checking ----------------------------------------------------------------------------------------


def main() -> int:
    items = {it["id"]: it for it in yaml.safe_load(YAML.read_text(encoding="utf-8"))}
    errors: list[str] = []
    missing = sorted(set(items) - set(CHECKS))
    extra = sorted(set(CHECKS) - set(items))
    if missing or extra:
        errors.append(f"ids without a check: {missing}; checks without an item: {extra}")
    for item_id, fn in CHECKS.items():
        solutions = fn()
        print(item_id, " | ".join(solutions) if solutions else "<no solution>")
        if len(solutions) != 1:
            errors.append(f"{item_id}: expected exactly one solution, found {len(solutions)}: {solutions}")
            continue
        item = items.get(item_id)
        if item is not None and item["grader"].get("answer") != solutions[0]:
            errors.append(
                f"{item_id}: YAML answer {item['grader'].get('answer')!r} != solved {solutions[0]!r}"
            )
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
