"""Brute-force checks for strict/reasoning.yaml.

Run: ``python reasoning_checks.py``. Every puzzle is re-solved here by exhaustive search over all candidate
solutions (orderings, role assignments, answer sheets, grids, rule families) or by an exact search (BFS,
Dijkstra, DP) for minimum/count questions. Each check returns the list of ALL answers consistent with the
puzzle; the script asserts there is exactly one and that it equals the YAML answer, then prints
``<id> <answer>``. Exits non-zero on any mismatch. Standard library + PyYAML only.
"""

from __future__ import annotations

import datetime
import itertools
import sys
from collections import deque
from collections.abc import Callable, Iterable
from functools import cache
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
    items = [3, 1, 4, 1, 5, 9, 2, 6]
    for _ in range(10):
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


@check("s1.reasoning.frontier.01")
def _frontier01() -> list[str]:
    def score(secret: str, guess: str) -> tuple[int, int]:
        hits = sum(a == b for a, b in zip(secret, guess, strict=True))
        return hits, len(set(secret) & set(guess)) - hits

    guesses = [("6813", (1, 1)), ("1238", (0, 2)), ("3916", (1, 1)), ("1532", (0, 3)), ("8947", (0, 1)),
               ("6907", (0, 1))]
    return [
        code
        for code in ("".join(p) for p in itertools.permutations("0123456789", 4))
        if all(score(code, g) == s for g, s in guesses)
    ]


@check("s1.reasoning.frontier.02")
def _frontier02() -> list[str]:
    cells = [int(c) for c in "100101100011"]
    n = len(cells)
    for _ in range(7):
        cells = [cells[i - 1] ^ (cells[i] | cells[(i + 1) % n]) for i in range(n)]
    return ["".join(map(str, cells))]


@check("s1.reasoning.frontier.03")
def _frontier03() -> list[str]:
    x, y, z = 5, 12, 0
    for k in range(1, 13):
        if (x + k) % 3 == 0:
            x = x + y
            y = y - k
        elif x > y:
            x = x - y
            z = z + x
        else:
            y = y + 2 * k - x
            z = z - 1
    return [f"{x} {y} {z}"]


@check("s1.reasoning.frontier.04")
def _frontier04() -> list[str]:
    caps = (13, 9, 7)

    def moves(s: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i in range(3):
            out.append(tuple(caps[i] if k == i else s[k] for k in range(3)))
            out.append(tuple(0 if k == i else s[k] for k in range(3)))
            for j in range(3):
                if i != j:
                    m = min(s[i], caps[j] - s[j])
                    out.append(tuple(s[k] - m if k == i else s[k] + m if k == j else s[k] for k in range(3)))
        return out

    return [str(bfs((0, 0, 0), lambda s: 10 in s, moves))]


@check("s1.reasoning.frontier.05")
def _frontier05() -> list[str]:
    names = ["Ari", "Bo", "Cy", "Dee", "Eve"]
    claims: dict[str, Callable[[dict[str, str]], bool]] = {
        "Ari": lambda r: (r["Bo"] == "knight") + (r["Dee"] == "knight") == 1,
        "Bo": lambda r: r["Eve"] == "knave",
        "Cy": lambda r: r["Bo"] != r["Cy"],
        "Dee": lambda r: r["Ari"] == "knave",
        "Eve": lambda r: r["Dee"] == "knight" and r["Bo"] == "knight",
    }
    out = []
    for roles in itertools.product(["knight", "knave", "spy"], repeat=5):
        if roles.count("spy") != 1:
            continue
        r = dict(zip(names, roles, strict=True))
        if all(r[w] == "spy" or (r[w] == "knight") == claims[w](r) for w in names):
            out.append(", ".join(roles))
    return out


@check("s1.reasoning.frontier.06")
def _frontier06() -> list[str]:
    names = ["Ada", "Ben", "Cleo", "Dan", "Edda", "Finn", "Gus"]

    def ok(s: dict[str, int]) -> bool:
        a, b, c, d, e, f, g = (s[n] for n in names)
        return (
            abs(a - b) == 2 and c == (a + b) // 2  # 1: exactly one between, and it is Cleo
            and c not in (1, 7)  # 2
            and d > f  # 3
            and abs(e - g) >= 3  # 4
            and abs(f - g) == 1  # 5
            and b != 4 and d != 5  # 6
            and e % 2 == 0  # 7
            and a + b > c + d  # 8
            and a < b  # 9
        )

    return [", ".join(sorted(names, key=s.__getitem__)) for s in orderings(names, ok)]


@check("s1.reasoning.frontier.07")
def _frontier07() -> list[str]:
    amounts = (1, 3, 8)

    @cache
    def wins(stones: int, last: int) -> bool:
        return any(not wins(stones - m, m) for m in amounts if m <= stones and m != last)

    return [str(m) for m in amounts if not wins(44 - m, m)]


@check("s1.reasoning.frontier.08")
def _frontier08() -> list[str]:
    ballots = [("PQRST", 9), ("QPSRT", 7), ("RTSQP", 8), ("SRQPT", 6), ("TSRQP", 5), ("QRPTS", 3),
               ("TPQSR", 4), ("SPRTQ", 2), ("RSPQT", 2)]
    assert sum(n for _, n in ballots) == 46
    left, order = set("PQRST"), []
    while len(left) > 1:
        tally = dict.fromkeys(left, 0)
        for ranking, n in ballots:
            tally[next(c for c in ranking if c in left)] += n
        low = min(tally.values())
        losers = [c for c in left if tally[c] == low]
        if len(losers) != 1:
            return []  # a tie would make the rule ambiguous
        order.append(losers[0])
        left.remove(losers[0])
    return ["".join(order) + left.pop()]


@check("s1.reasoning.frontier.09")
def _frontier09() -> list[str]:
    first = datetime.date(2031, 3, 3)
    assert first.weekday() == 0
    sundays = [first + datetime.timedelta(days=17 * k) for k in range(200)]
    sundays = [d for d in sundays if d.weekday() == 6]
    return [sundays[8].isoformat()]


@check("s1.reasoning.frontier.10")
def _frontier10() -> list[str]:
    table = {"AB": 17, "AC": 20, "AD": 17, "AE": 17, "AF": 19, "AG": 9, "BC": 8, "BD": 19, "BE": 18,
             "BF": 8, "BG": 6, "CD": 17, "CE": 12, "CF": 7, "CG": 5, "DE": 20, "DF": 4, "DG": 15,
             "EF": 17, "EG": 8, "FG": 3}

    def dist(a: str, b: str) -> int:
        return table[a + b] if a + b in table else table[b + a]

    best = min(
        sum(dist(p[i], p[i + 1]) for i in range(6)) for p in (("A", *q) for q in itertools.permutations("BCDEFG"))
    )
    return [str(best)]


@check("s1.reasoning.frontier.11")
def _frontier11() -> list[str]:
    cipher, key = "CYEKODHUAKIHULNZGDRLIEZSXYRFID", "QUARTZ"
    return [
        "".join(chr((ord(c) - ord(key[i % len(key)])) % 26 + 65) for i, c in enumerate(cipher))
    ]


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
