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
    for p, q, r, s in itertools.product([False, True], repeat=4):
        left = ((not p) or q) and (r or not s)
        right = q and r
        count += left != right
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
    finish: dict[str, int] = {}

    def end(t: str) -> int:
        if t not in finish:
            days, pre = TASKS_EXPERT04[t]
            finish[t] = days + max((end(p) for p in pre), default=0)
        return finish[t]

    return [str(max(end(t) for t in TASKS_EXPERT04))]


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
    n = 3  # disks 0 (smallest) .. 2; pegs 0 (left), 1 (middle), 2 (right); moves only between neighbours

    def moves(state: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for disk in range(n):
            if any(state[k] == state[disk] for k in range(disk)):
                continue  # a smaller disk sits on top
            for to in (state[disk] - 1, state[disk] + 1):
                if 0 <= to <= 2 and not any(state[k] == to for k in range(disk)):
                    out.append(state[:disk] + (to,) + state[disk + 1 :])
        return out

    return [str(bfs((0,) * n, lambda s: s == (2,) * n, moves))]


@check("s1.reasoning.expert.08")
def _expert08() -> list[str]:
    def moves(s: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = s
        jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
        return [(x + dx, y + dy) for dx, dy in jumps if 0 <= x + dx < 8 and 0 <= y + dy < 8]

    return [str(bfs((0, 0), lambda s: s == (1, 1), moves))]  # a1 -> b2


# --- frontier --------------------------------------------------------------------------------------


@check("s1.reasoning.frontier.01")
def _frontier01() -> list[str]:
    names = ["Abe", "Bix", "Cora", "Dov", "Eli"]
    colors = ["red", "blue", "green", "white", "yellow"]
    pets = ["cat", "dog", "hen", "fox", "goat"]
    drinks = ["tea", "milk", "cocoa", "juice", "water"]
    perms = list(itertools.permutations(range(5)))  # perm[k] = house (0..4) of the k-th value
    answers = []
    for pc in perms:
        c = dict(zip(colors, pc, strict=True))
        for pd in perms:
            d = dict(zip(drinks, pd, strict=True))
            if not (
                c["red"] + 1 == d["milk"] and abs(c["blue"] - d["tea"]) == 1 and c["green"] == d["cocoa"]
            ):
                continue
            for pn in perms:
                n = dict(zip(names, pn, strict=True))
                if not (
                    n["Bix"] == d["cocoa"]
                    and c["yellow"] + 1 == n["Eli"]
                    and c["green"] + 1 == n["Cora"]
                    and abs(d["cocoa"] - n["Dov"]) == 1
                ):
                    continue
                for pp in perms:
                    p = dict(zip(pets, pp, strict=True))
                    if (
                        n["Bix"] == p["fox"]
                        and p["goat"] == d["juice"]
                        and c["red"] + 1 == p["dog"]
                        and p["goat"] == 2
                        and c["yellow"] + 1 == p["cat"]
                    ):
                        answers.append(next(k for k, v in n.items() if v == p["hen"]))
    return answers


@check("s1.reasoning.frontier.02")
def _frontier02() -> list[str]:
    names = ["Ash", "Bea", "Cal", "Dee"]
    statements: list[tuple[str, Callable[[dict[str, str]], bool]]] = [
        ("Ash", lambda r: r["Cal"] == "knight"),
        ("Bea", lambda r: r["Ash"] == "knave" and r["Bea"] == "knave"),
        ("Cal", lambda r: r["Dee"] != "knight"),
        ("Dee", lambda r: r["Cal"] == "knight"),
    ]
    answers = []
    for roles in itertools.product(["knight", "knave", "spy"], repeat=4):
        if roles.count("spy") != 1:
            continue
        r = dict(zip(names, roles, strict=True))
        consistent = all(
            (r[who] == "knight" and claim(r)) or (r[who] == "knave" and not claim(r)) or r[who] == "spy"
            for who, claim in statements
        )
        if consistent:
            answers.append(", ".join(roles))
    return answers


TASKS_FRONTIER03 = {  # name: (hours, prerequisites)
    "A": (1, []), "B": (1, []), "C": (6, []), "D": (4, ["A", "B"]), "E": (4, []),
    "F": (1, ["A", "C", "D"]), "G": (4, ["B", "C", "E", "F"]),
}  # fmt: skip


def _two_worker_feasible(horizon: int, workers: int = 2) -> bool:
    """Exhaustive search over integer start times (tasks in topological order). With identical workers a
    schedule is feasible exactly when no more than ``workers`` tasks run at any moment."""
    order = ["A", "B", "C", "E", "D", "F", "G"]
    start: dict[str, int] = {}

    def busy(t: int) -> int:
        return sum(1 for u, s in start.items() if s <= t < s + TASKS_FRONTIER03[u][0])

    def place(i: int) -> bool:
        if i == len(order):
            return True
        task = order[i]
        hours, pre = TASKS_FRONTIER03[task]
        earliest = max((start[p] + TASKS_FRONTIER03[p][0] for p in pre), default=0)
        for s in range(earliest, horizon - hours + 1):
            if all(busy(t) < workers for t in range(s, s + hours)):
                start[task] = s
                if place(i + 1):
                    return True
                del start[task]
        return False

    return place(0)


@check("s1.reasoning.frontier.03")
def _frontier03() -> list[str]:
    horizon = 1
    while not _two_worker_feasible(horizon):
        horizon += 1
    return [str(horizon)]


@check("s1.reasoning.frontier.04")
def _frontier04() -> list[str]:
    total, cap = 5, 3  # 5 pilgrims, 5 bandits, boat holds 1..3

    def safe(p: int, b: int) -> bool:
        return (p == 0 or p >= b) and (total - p == 0 or total - p >= total - b)

    def moves(s: tuple[int, int, int]) -> list[tuple[int, int, int]]:
        p, b, side = s  # people on the start bank; side 0 = boat at start
        out = []
        for dp in range(cap + 1):
            for db in range(cap + 1 - dp):
                if dp + db == 0:
                    continue
                np_, nb = (p - dp, b - db) if side == 0 else (p + dp, b + db)
                if 0 <= np_ <= total and 0 <= nb <= total and safe(np_, nb):
                    out.append((np_, nb, 1 - side))
        return out

    return [str(bfs((total, total, 0), lambda s: s == (0, 0, 1), moves))]


@check("s1.reasoning.frontier.05")
def _frontier05() -> list[str]:
    times = [1, 3, 4, 8, 12]
    full = (1 << len(times)) - 1
    start = (full, 0)  # (mask of people on the start side, torch side)
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, (left, side) = heapq.heappop(heap)
        if d > best[(left, side)]:
            continue
        if left == 0:
            return [str(d)]
        group = left if side == 0 else full & ~left
        members = [i for i in range(len(times)) if group >> i & 1]
        for k in (1, 2):
            for combo in itertools.combinations(members, k):
                mask = sum(1 << i for i in combo)
                state = (left & ~mask if side == 0 else left | mask, 1 - side)
                cost = d + max(times[i] for i in combo)
                if cost < best.get(state, 10**9):
                    best[state] = cost
                    heapq.heappush(heap, (cost, state))
    raise AssertionError("unreachable")


@check("s1.reasoning.frontier.06")
def _frontier06() -> list[str]:
    assert datetime.date(2030, 1, 1).weekday() == DAYS.index("Tuesday")  # the anchor the prompt gives
    count = sum(
        1
        for y in range(2030, 2040)
        for m in range(1, 13)
        if datetime.date(y, m, 13).weekday() == DAYS.index("Friday")
    )
    return [str(count)]


@check("s1.reasoning.frontier.07")
def _frontier07() -> list[str]:
    vex_lies = {"Monday", "Tuesday", "Sunday"}
    wyn_lies = {"Wednesday", "Friday", "Saturday"}
    answers = []
    for t in range(7):
        today, yesterday, tomorrow = DAYS[t], DAYS[(t - 1) % 7], DAYS[(t + 1) % 7]
        vex_claim = yesterday in vex_lies  # "Yesterday was one of my lying days."
        wyn_claim = tomorrow in wyn_lies  # "Tomorrow will be one of my lying days."
        if vex_claim != (today in vex_lies) and wyn_claim != (today in wyn_lies):
            answers.append(today)
    return answers


DIST_FRONTIER08 = {
    "AB": 12, "AC": 15, "AD": 4, "AE": 18, "AF": 11, "BC": 5, "BD": 9, "BE": 7, "BF": 15,
    "CD": 19, "CE": 11, "CF": 16, "DE": 7, "DF": 11, "EF": 4,
}  # fmt: skip


@check("s1.reasoning.frontier.08")
def _frontier08() -> list[str]:
    def dist(a: str, b: str) -> int:
        return DIST_FRONTIER08.get(a + b) or DIST_FRONTIER08[b + a]

    lengths = {}
    for perm in itertools.permutations("BCDEF"):
        if perm[0] > perm[-1]:
            continue  # a tour and its reverse are the same tour
        tour = ("A", *perm, "A")
        lengths[tour] = sum(dist(tour[i], tour[i + 1]) for i in range(len(tour) - 1))
    best = min(lengths.values())
    assert sum(1 for v in lengths.values() if v == best) == 1, "the optimal tour should be unique"
    return [str(best)]


@check("s1.reasoning.frontier.09")
def _frontier09() -> list[str]:
    cells = "10011000101"
    for _ in range(6):
        n = len(cells)
        cells = "".join(
            str((int(cells[i - 1]) + int(cells[i]) + int(cells[(i + 1) % n])) % 2) for i in range(n)
        )
    return [cells]


FUTOSHIKI_GIVENS = {(1, 1): 2, (1, 2): 3, (2, 5): 2}  # (row, col): digit, 1-based
FUTOSHIKI_GREATER = [  # (bigger cell, smaller cell)
    ((2, 4), (3, 4)), ((3, 5), (4, 5)), ((5, 2), (5, 3)), ((4, 1), (5, 1)),
    ((2, 3), (1, 3)), ((3, 1), (2, 1)), ((5, 4), (4, 4)), ((1, 3), (1, 4)),
]  # fmt: skip


@check("s1.reasoning.frontier.10")
def _frontier10() -> list[str]:
    n = 5
    grid = [[0] * (n + 1) for _ in range(n + 1)]
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    answers: list[str] = []

    def consistent() -> bool:
        for (r1, c1), (r2, c2) in FUTOSHIKI_GREATER:
            a, b = grid[r1][c1], grid[r2][c2]
            if a and b and not a > b:
                return False
        return True

    def fill(k: int) -> None:
        if k == len(cells):
            answers.append("".join(str(grid[5][c]) for c in range(1, n + 1)))
            return
        r, c = cells[k]
        for v in range(1, n + 1):
            if (r, c) in FUTOSHIKI_GIVENS and FUTOSHIKI_GIVENS[(r, c)] != v:
                continue
            if any(grid[r][j] == v for j in range(1, n + 1)) or any(grid[i][c] == v for i in range(1, n + 1)):
                continue
            grid[r][c] = v
            if consistent():
                fill(k + 1)
            grid[r][c] = 0

    fill(0)
    return answers


@check("s1.reasoning.frontier.11")
def _frontier11() -> list[str]:
    letters = "ABCD"
    answers = []
    for sheet in itertools.product(letters, repeat=5):
        idx = [letters.index(x) for x in sheet]
        first_b = next((q for q, x in enumerate(sheet, 1) if x == "B"), None)
        q4_target = [1, 2, 3, 5][idx[3]]
        conditions = [
            first_b == [2, 3, 4, 5][idx[0]],  # Q1: the first question whose answer is B
            sheet.count("A") == [0, 1, 2, 3][idx[1]],  # Q2: how many answers are A
            sheet[4] == ["C", "D", "A", "B"][idx[2]],  # Q3: the answer to Q5
            sheet[3] == sheet[q4_target - 1],  # Q4: same answer as question 1/2/3/5
            sheet.count("D") == [0, 1, 2, 3][idx[4]],  # Q5: how many answers are D
        ]
        if all(conditions):
            answers.append("".join(sheet))
    return answers


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
