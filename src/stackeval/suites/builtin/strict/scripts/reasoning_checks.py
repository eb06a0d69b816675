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
    a, b, c = 13, 0, 1
    line, executed = 1, 0
    while line != 9:  # line 9 is HALT and is not counted
        executed += 1
        if line == 1:
            b, line = b + a, 2
        elif line == 2:
            line = 5 if b % 2 == 0 else 3
        elif line == 3:
            c, line = (3 * c + b) % 1000, 4
        elif line == 4:
            line = 6
        elif line == 5:
            b, line = b // 2, 6
        elif line == 6:
            a, line = a - 1, 7
        elif line == 7:
            line = 1 if a > 0 else 8
        elif line == 8:
            c, line = 2 * c - b, 9
    return [f"{a} {b} {c} {executed}"]


TASKS_FRONTIER02 = {  # name: (arrival, priority, duration); a lower priority number runs first
    "A": (0, 3, 5), "B": (1, 2, 4), "C": (2, 1, 3), "D": (4, 2, 6),
    "E": (5, 1, 2), "F": (7, 3, 4), "G": (8, 2, 3), "H": (10, 1, 5),
}  # fmt: skip


@check("s1.reasoning.frontier.02")
def _frontier02() -> list[str]:
    left = {k: v[2] for k, v in TASKS_FRONTIER02.items()}
    prio = {k: v[1] for k, v in TASKS_FRONTIER02.items()}
    done: dict[str, int] = {}
    last, streak, t = None, 0, 0
    while left:
        ready = [k for k in left if TASKS_FRONTIER02[k][0] <= t]
        if not ready:
            t, last, streak = t + 1, None, 0
            continue
        k = min(ready, key=lambda k: (prio[k], TASKS_FRONTIER02[k][0], k))
        streak = streak + 1 if k == last else 1
        last = k
        left[k] -= 1
        t += 1
        if left[k] == 0:
            done[k] = t
            del left[k]
            last, streak = None, 0
        elif streak == 3:  # three units in a row: demoted by one, and the streak starts again
            prio[k] += 1
            streak = 0
    return [" ".join(f"{k}={done[k]}" for k in sorted(done))]


@check("s1.reasoning.frontier.03")
def _frontier03() -> list[str]:
    cells = [int(ch) for ch in "1222111212110211"]
    n = len(cells)
    seen = {tuple(cells)}
    for _ in range(15):
        cells = [(cells[i - 1] + cells[i] * cells[(i + 1) % n]) % 3 for i in range(n)]
        seen.add(tuple(cells))
    assert len(seen) == 16, "no generation repeats, so there is no cycle to shortcut"
    return ["".join(map(str, cells))]


LEDGER_FRONTIER04 = [  # cents; each month's transactions in order
    [-80000], [45000, -120000], [-95000], [30000], [-60000, 20000], [],
    [-110000], [200000, -15000], [-70000], [-40000, -40000], [55000], [-125000],
]  # fmt: skip


@check("s1.reasoning.frontier.04")
def _frontier04() -> list[str]:
    balance = 250000
    for month in LEDGER_FRONTIER04:
        for amount in month:
            balance += amount
        if balance < 100000:
            balance -= 1200
        if balance > 0:
            balance += balance * 75 // 10000  # 0.75 %, rounded down to the cent
        elif balance < 0:
            debt = -balance
            balance -= (debt * 19 + 999) // 1000  # 1.9 % of the debt, rounded up to the cent
    sign = "-" if balance < 0 else ""
    return [f"{sign}{abs(balance) // 100}.{abs(balance) % 100:02d}"]


@check("s1.reasoning.frontier.05")
def _frontier05() -> list[str]:
    names = ["Abe", "Bea", "Cal", "Dot", "Eli", "Fay", "Gil", "Hana"]

    def ok(p: dict[str, int]) -> bool:
        a, b, c, d, e, f, g, h = (p[n] for n in names)
        return (
            abs(a - b) == 3  # 1: exactly two people between Abe and Bea
            and c < d  # 2
            and e % 2 == 1  # 3
            and abs(f - g) >= 4  # 4: at least three people between Fay and Gil
            and a + e == g  # 5
            and abs(h - c) == 1  # 6
            and b < f  # 7
            and h < c  # 8
        )

    return [", ".join(sorted(names, key=s.__getitem__)) for s in orderings(names, ok)]


@check("s1.reasoning.frontier.06")
def _frontier06() -> list[str]:
    people = ["Ines", "Jorge", "Kemal", "Lotte", "Mirek", "Nadia"]
    pets = ["ferret", "gecko", "hamster", "parrot", "rabbit", "tortoise"]
    drinks = ["cocoa", "coffee", "kefir", "lemonade", "tea", "water"]
    houses = list(itertools.permutations(range(1, 7)))
    out = []
    # exhaustive over all 720^3 assignments, with each clue tested as soon as its attributes are fixed
    for hp in houses:
        h = dict(zip(people, hp, strict=True))
        if not (h["Kemal"] in (1, 6) and h["Jorge"] == 2 * h["Ines"]):
            continue
        for dp in houses:
            d = dict(zip(drinks, dp, strict=True))
            if not (
                d["kefir"] == h["Ines"] - 1
                and h["Lotte"] == d["coffee"]
                and d["tea"] == d["lemonade"] + 1
                and h["Nadia"] != d["lemonade"]
            ):
                continue
            for pp in houses:
                p = dict(zip(pets, pp, strict=True))
                if (
                    p["gecko"] == d["coffee"]
                    and abs(p["parrot"] - d["cocoa"]) == 1
                    and p["tortoise"] < p["rabbit"]
                    and p["hamster"] > p["gecko"]
                    and abs(p["ferret"] - d["water"]) == 5
                    and abs(p["ferret"] - h["Nadia"]) == 1
                ):
                    out.append(", ".join(sorted(pets, key=p.__getitem__)))
    return out


@check("s1.reasoning.frontier.07")
def _frontier07() -> list[str]:
    names = ["Ada", "Bram", "Cato", "Dina", "Emil", "Fern", "Gale", "Hugo"]
    kn, kv, sp = "knight", "knave", "spy"

    def count(r: dict[str, str], role: str, among: list[str] | None = None) -> int:
        return sum(1 for n in (among or names) if r[n] == role)

    claims: dict[str, tuple[Callable[[dict[str, str]], bool], Callable[[dict[str, str]], bool]]] = {
        "Ada": (lambda r: count(r, sp) == 2, lambda r: r["Bram"] != kn),
        "Bram": (lambda r: r["Hugo"] == kn, lambda r: count(r, kn) > count(r, kv)),
        "Cato": (lambda r: r["Dina"] == r["Fern"], lambda r: r["Ada"] == sp),
        "Dina": (lambda r: r["Cato"] != kn, lambda r: count(r, kn, ["Emil", "Fern", "Gale"]) == 1),
        "Emil": (lambda r: r["Gale"] == kv, lambda r: r["Ada"] != r["Dina"]),
        "Fern": (lambda r: r["Hugo"] == kv or r["Gale"] == sp, lambda r: r["Bram"] == kv and r["Emil"] == kv),
        "Gale": (lambda r: r["Fern"] == kv, lambda r: count(r, kn) >= 3),
        "Hugo": (lambda r: r["Cato"] == kn, lambda r: r["Fern"] == sp),
    }

    def consistent(role: str, first: bool, second: bool) -> bool:
        if role == kn:
            return first and second
        if role == kv:
            return not first and not second
        return first != second  # a spy: exactly one of the two statements is true

    out = []
    for roles in itertools.product([kn, kv, sp], repeat=len(names)):
        r = dict(zip(names, roles, strict=True))
        if all(consistent(r[w], claims[w][0](r), claims[w][1](r)) for w in names):
            out.append(", ".join(roles))
    return out


@check("s1.reasoning.frontier.08")
def _frontier08() -> list[str]:
    rules = [("CAB", "B"), ("BB", "AC"), ("CA", "AC"), ("BA", "AB"), ("CB", "BC"), ("CCC", "A")]
    s, steps = "BABABCACCBBCACAA", 0
    while True:
        for left, right in rules:
            i = s.find(left)
            if i >= 0:
                s = s[:i] + right + s[i + len(left) :]
                steps += 1
                break
        else:
            return [f"{s} {steps}"]
        assert steps < 1000, "the rewriting should stop"


CUSTOMERS_FRONTIER09 = [  # name, arrival minute, service minutes, priority (1) or not (0)
    ("P", 0, 7, 0), ("Q", 1, 4, 0), ("R", 2, 6, 1), ("S", 3, 3, 0), ("T", 5, 5, 1), ("U", 6, 2, 0),
    ("V", 8, 6, 0), ("W", 9, 4, 1), ("X", 11, 3, 0), ("Y", 12, 5, 0), ("Z", 14, 2, 1),
]  # fmt: skip


@check("s1.reasoning.frontier.09")
def _frontier09() -> list[str]:
    free_at = [0, 0]
    served: set[str] = set()
    waiting_total, t = 0, 0
    while len(served) < len(CUSTOMERS_FRONTIER09):
        for teller in (0, 1):  # teller 1 chooses before teller 2 in the same minute
            if free_at[teller] <= t:
                queue = [c for c in CUSTOMERS_FRONTIER09 if c[1] <= t and c[0] not in served]
                if queue:
                    name, arrival, service, priority = min(queue, key=lambda c: (-c[3], c[1]))
                    served.add(name)
                    waiting_total += t - arrival
                    free_at[teller] = t + service
        t += 1
    return [f"{waiting_total} {max(free_at)}"]


TASKS_FRONTIER10 = {  # name: (days, prerequisites)
    "A": (4, []), "B": (3, []), "C": (6, ["A"]), "D": (2, ["A", "B"]), "E": (5, ["B"]),
    "F": (3, ["C", "D"]), "G": (4, ["D"]), "H": (7, ["E"]), "I": (2, ["F", "G"]),
    "J": (5, ["G", "H"]), "K": (3, ["I"]), "L": (4, ["J", "K"]),
}  # fmt: skip


@check("s1.reasoning.frontier.10")
def _frontier10() -> list[str]:
    free_at = [0, 0]
    finish: dict[str, int] = {}
    done_by: list[list[str]] = [[], []]
    t = 0
    while len(finish) < len(TASKS_FRONTIER10):
        for w in (0, 1):  # worker 1 chooses first
            if free_at[w] <= t:
                ready = [
                    k
                    for k, (_, pre) in TASKS_FRONTIER10.items()
                    if k not in finish and all(p in finish and finish[p] <= t for p in pre)
                ]
                if ready:
                    k = min(ready, key=lambda k: (-TASKS_FRONTIER10[k][0], k))
                    finish[k] = free_at[w] = t + TASKS_FRONTIER10[k][0]
                    done_by[w].append(k)
        t += 1
    return [f"{max(finish.values())} {''.join(done_by[1])}"]


@check("s1.reasoning.frontier.11")
def _frontier11() -> list[str]:
    blocked = {(2, 1), (4, 2), (1, 4), (5, 5), (3, 6), (6, 3), (0, 6), (6, 0)}
    x, y, heading, bumps = 0, 0, "N", 0
    compass = "NESW"
    delta = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
    for ch in "FFRFFFLFFRRFLFFFFRFFLLFRFFFRFFLFFFLFFRRFFFFLFRFFLFFRFFFLFFF":
        if ch in "LR":
            heading = compass[(compass.index(heading) + (1 if ch == "R" else -1)) % 4]
            continue
        nx, ny = x + delta[heading][0], y + delta[heading][1]
        if 0 <= nx <= 6 and 0 <= ny <= 6 and (nx, ny) not in blocked:
            x, y = nx, ny
        else:  # a bump: the robot stays and turns right
            bumps += 1
            heading = compass[(compass.index(heading) + 1) % 4]
    return [f"{x} {y} {heading} {bumps}"]


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
