"""Compute every reference answer of strict/math.yaml with code and check the YAML against it.

Run: ``python math_refs.py``. Prints ``<id> <answer>`` for each item and exits non-zero if an answer in the
YAML differs from the computed one, if a YAML ``value`` is not the computed true value, or if a rounded
answer sits too close to a rounding boundary (the digit after the last kept one must not be 4/5-ish).
Standard library + PyYAML only.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import yaml

YAML = Path(__file__).resolve().parent.parent / "math.yaml"


class Ref:
    """A computed reference: the exact answer string, and the true value when the answer is rounded."""

    def __init__(self, answer: str, true_value: float | None = None) -> None:
        self.answer = answer
        self.true_value = true_value


def rounded(x: float, places: int) -> Ref:
    return Ref(f"{x:.{places}f}", x)


def frac(x: Fraction) -> Ref:
    return Ref(f"{x.numerator}/{x.denominator}")


REFS: dict[str, Callable[[], Ref]] = {}


def ref(item_id: str) -> Callable[[Callable[[], Ref]], Callable[[], Ref]]:
    def deco(fn: Callable[[], Ref]) -> Callable[[], Ref]:
        REFS[item_id] = fn
        return fn

    return deco


# --- core / easy / medium -------------------------------------------------------------------------


@ref("s1.math.core.01")
def _core01() -> Ref:
    return Ref(str(9 + 6))


@ref("s1.math.easy.01")
def _easy01() -> Ref:
    return Ref(str(24 * 7))


@ref("s1.math.easy.02")
def _easy02() -> Ref:
    v = Fraction(15, 100) * 240
    assert v.denominator == 1
    return Ref(str(v.numerator))


@ref("s1.math.medium.01")
def _medium01() -> Ref:
    v = Fraction(18) / Fraction(40, 60)
    assert v.denominator == 1
    return Ref(str(v.numerator))


@ref("s1.math.medium.02")
def _medium02() -> Ref:
    v = Fraction(80) * Fraction(130, 100) * Fraction(80, 100)
    return Ref(f"{float(v):.2f}")


@ref("s1.math.medium.03")
def _medium03() -> Ref:
    return Ref(str(math.comb(5, 2) * math.comb(6, 2)))


# --- hard ------------------------------------------------------------------------------------------


@ref("s1.math.hard.01")
def _hard01() -> Ref:
    even = sum(1 for a in range(1, 7) for b in range(1, 7) if (a * b) % 2 == 0)
    return frac(Fraction(even, 36))


@ref("s1.math.hard.02")
def _hard02() -> Ref:
    return Ref(str(pow(7, 222, 11)))


@ref("s1.math.hard.03")
def _hard03() -> Ref:
    return rounded(2500 * (1 + 0.04 / 4) ** 12, 2)


@ref("s1.math.hard.04")
def _hard04() -> Ref:
    def monotone(s: str) -> bool:
        pairs = list(zip(s, s[1:], strict=False))
        return all(a < b for a, b in pairs) or all(a > b for a, b in pairs)

    # 7-digit numbers: brute force over digit combinations rather than 9 million numbers
    count = 0
    for digits in itertools.combinations("0123456789", 7):
        inc = "".join(digits)
        dec = inc[::-1]
        count += inc[0] != "0"  # increasing, no leading zero
        count += dec[0] != "0"  # decreasing (its leading digit is the largest, never 0)
        assert monotone(inc) and monotone(dec)
    return Ref(str(count))


@ref("s1.math.hard.05")
def _hard05() -> Ref:
    return Ref(str(sum(n for n in range(1, 201) if n % 3 == 0 or n % 5 == 0)))


# --- expert ----------------------------------------------------------------------------------------


@ref("s1.math.expert.01")
def _expert01() -> Ref:
    principal, r, n = 18000, 0.066 / 12, 48
    return rounded(principal * r / (1 - (1 + r) ** -n), 2)


@ref("s1.math.expert.02")
def _expert02() -> Ref:
    # 39 cards: ranks 0..12, three suits; draw 4; exactly one pair (two share a rank, the other two
    # ranks distinct and different from the pair's). Brute force over all hands.
    deck = [(rank, suit) for rank in range(13) for suit in range(3)]
    good = total = 0
    for hand in itertools.combinations(deck, 4):
        total += 1
        counts = sorted((sum(1 for c in hand if c[0] == r) for r in {c[0] for c in hand}), reverse=True)
        good += counts == [2, 1, 1]
    return frac(Fraction(good, total))


def _det(m: list[list[int]]) -> int:
    n = len(m)
    total = 0
    for p in itertools.permutations(range(n)):
        inversions = sum(1 for i in range(n) for j in range(i + 1, n) if p[i] > p[j])
        prod = 1
        for i in range(n):
            prod *= m[i][p[i]]
        total += (-1) ** inversions * prod
    return total


@ref("s1.math.expert.03")
def _expert03() -> Ref:
    return Ref(str(_det([[2, -1, 0, 3], [1, 4, -2, 0], [0, 3, 1, -1], [5, 0, 2, 1]])))


@ref("s1.math.expert.04")
def _expert04() -> Ref:
    total = sum(len(set(roll)) for roll in itertools.product(range(1, 7), repeat=5))
    return frac(Fraction(total, 6**5))


@ref("s1.math.expert.05")
def _expert05() -> Ref:
    f = math.factorial(1000)
    zeros = 0
    while f % 12 == 0:
        f //= 12
        zeros += 1
    return Ref(str(zeros))


@ref("s1.math.expert.06")
def _expert06() -> Ref:
    return Ref(str(sum(1 for n in range(1, 10001) if n % 6 and n % 10 and n % 15)))


@ref("s1.math.expert.07")
def _expert07() -> Ref:
    return frac(sum((Fraction(1, k * (k + 1) * (k + 2)) for k in range(1, 51)), Fraction(0)))


@ref("s1.math.expert.08")
def _expert08() -> Ref:
    # position of the second ace: exact distribution over the positions of the 4 aces among 52 cards
    total = Fraction(0)
    for aces in itertools.combinations(range(1, 53), 4):
        total += aces[1]
    return frac(total / math.comb(52, 4))


# --- frontier --------------------------------------------------------------------------------------


@ref("s1.math.frontier.01")
def _frontier01() -> Ref:
    result, base, exp = 1, 3, 1000
    while exp:  # square and multiply, written out rather than pow() so the method is visible
        if exp & 1:
            result = result * base % 10007
        base = base * base % 10007
        exp >>= 1
    assert result == pow(3, 1000, 10007)
    return Ref(str(result))


@ref("s1.math.frontier.02")
def _frontier02() -> Ref:
    @cache
    def paths(x: int, y: int) -> int:
        if x < 0 or y < 0 or (x % 2 == 1 and y % 2 == 1):
            return 0
        if (x, y) == (0, 0):
            return 1
        return paths(x - 1, y) + paths(x, y - 1) + paths(x - 1, y - 1)

    return Ref(str(paths(8, 6)))


def _solve(rows: list[list[Fraction]]) -> list[Fraction]:
    """Gauss-Jordan elimination on an augmented matrix of Fractions."""
    m = [r[:] for r in rows]
    n = len(m)
    for c in range(n):
        r = next(r for r in range(c, n) if m[r][c] != 0)
        m[c], m[r] = m[r], m[c]
        piv = m[c][c]
        m[c] = [x / piv for x in m[c]]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [a - f * b for a, b in zip(m[r], m[c], strict=True)]
    return [m[i][n] for i in range(n)]


def _det(matrix: list[list[int]]) -> Fraction:
    m = [[Fraction(x) for x in row] for row in matrix]
    n, d = len(m), Fraction(1)
    for c in range(n):
        r = next((r for r in range(c, n) if m[r][c] != 0), None)
        if r is None:
            return Fraction(0)
        if r != c:
            m[c], m[r] = m[r], m[c]
            d = -d
        d *= m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            m[r] = [a - f * b for a, b in zip(m[r], m[c], strict=True)]
    return d


def _det_permutations(matrix: list[list[int]]) -> int:
    """Leibniz formula: an independent check of _det."""
    n = len(matrix)
    total = 0
    for perm in itertools.permutations(range(n)):
        inversions = sum(1 for i in range(n) for j in range(i + 1, n) if perm[i] > perm[j])
        term = 1
        for i in range(n):
            term *= matrix[i][perm[i]]
        total += -term if inversions % 2 else term
    return total


@ref("s1.math.frontier.03")
def _frontier03() -> Ref:
    links = ["AB", "AC", "BC", "BD", "CD", "CE", "DF", "EF"]
    adj: dict[str, list[str]] = {}
    for a, b in links:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    states = [v for v in sorted(adj) if v != "F"]
    index = {v: i for i, v in enumerate(states)}
    rows = []
    for v in states:
        row = [Fraction(0)] * (len(states) + 1)
        row[index[v]] += 1
        row[-1] = Fraction(1)
        for w in adj[v]:
            if w != "F":
                row[index[w]] -= Fraction(1, len(adj[v]))
        rows.append(row)
    return frac(_solve(rows)[index["A"]])


@ref("s1.math.frontier.04")
def _frontier04() -> Ref:
    m = [[2, -1, 3, 0, 4], [1, 5, -2, 3, -1], [0, 2, 4, -3, 1], [-2, 1, 0, 5, 2], [3, -4, 1, 2, -1]]
    d = _det(m)
    assert d == _det_permutations(m)
    return Ref(str(int(d)))


@ref("s1.math.frontier.05")
def _frontier05() -> Ref:
    total = sum(sum(sorted(roll)[2:]) for roll in itertools.product(range(1, 7), repeat=5))
    return frac(Fraction(total, 6**5))


@ref("s1.math.frontier.06")
def _frontier06() -> Ref:
    ab, ac, ad, bc, bd, cd = 5, 6, 7, 8, 6, 5
    cm = [
        [0, 1, 1, 1, 1],
        [1, 0, ab**2, ac**2, ad**2],
        [1, ab**2, 0, bc**2, bd**2],
        [1, ac**2, bc**2, 0, cd**2],
        [1, ad**2, bd**2, cd**2, 0],
    ]
    d = _det(cm)
    assert d == _det_permutations(cm) and d > 0
    return rounded(math.sqrt(d / 288), 3)


@ref("s1.math.frontier.07")
def _frontier07() -> Ref:
    return Ref(str(sum(d for n in range(1, 151) for d in range(1, n + 1) if n % d == 0)))


@ref("s1.math.frontier.08")
def _frontier08() -> Ref:
    count = sum(
        1
        for word in itertools.product("ABC", repeat=10)
        if "AA" not in "".join(word) and "BCB" not in "".join(word)
    )
    return Ref(str(count))


@ref("s1.math.frontier.09")
def _frontier09() -> Ref:
    # month by month with exact Decimal-free floats is enough at this size; cross-check the closed form
    i = 0.069 / 12
    payment = 18500 * i / (1 - (1 + i) ** -48)
    balance = 18500.0
    for _ in range(20):
        balance = balance * (1 + i) - payment
    closed = payment * (1 - (1 + i) ** -28) / i
    assert math.isclose(balance, closed, rel_tol=1e-12)
    return rounded(closed, 2)


@ref("s1.math.frontier.10")
def _frontier10() -> Ref:
    return Ref(str(sum(1 for s in itertools.combinations(range(1, 16), 5) if sum(s) % 8 == 0)))


@ref("s1.math.frontier.11")
def _frontier11() -> Ref:
    # chain over (unseen, seen once) among faces 1..3; cross-checked by the full 27-state count vector
    @cache
    def expected(unseen: int, once: int) -> Fraction:
        if unseen == 0 and once == 0:
            return Fraction(0)
        total = Fraction(6)
        if unseen:
            total += unseen * expected(unseen - 1, once + 1)
        if once:
            total += once * expected(unseen, once - 1)
        return total / (unseen + once)

    @cache
    def full(counts: tuple[int, int, int]) -> Fraction:
        if all(c >= 2 for c in counts):
            return Fraction(0)
        moves = [tuple(min(2, c + (k == j)) for k, c in enumerate(counts)) for j in range(3)]
        useful = [m for m in moves if m != counts]
        return (6 + sum((full(m) for m in useful), Fraction(0))) / len(useful)

    assert expected(3, 0) == full((0, 0, 0))
    return frac(expected(3, 0))


# --- checking ----------------------------------------------------------------------------------------


def _boundary_ok(answer: str, true_value: float) -> bool:
    """The true value must round to the answer with a margin: at most 0.4 of a last-place unit away."""
    unit = float(Decimal(1).scaleb(Decimal(answer).as_tuple().exponent))
    return abs(true_value - float(answer)) <= 0.4 * unit


def main() -> int:
    items = {it["id"]: it for it in yaml.safe_load(YAML.read_text(encoding="utf-8"))}
    errors: list[str] = []
    missing = sorted(set(items) - set(REFS))
    extra = sorted(set(REFS) - set(items))
    if missing or extra:
        errors.append(f"ids without a computation: {missing}; computations without an item: {extra}")
    for item_id, fn in REFS.items():
        r = fn()
        print(item_id, r.answer)
        item = items.get(item_id)
        if item is None:
            continue
        grader = item["grader"]
        if grader.get("answer") != r.answer:
            errors.append(f"{item_id}: YAML answer {grader.get('answer')!r} != computed {r.answer!r}")
        if r.true_value is not None:
            if not _boundary_ok(r.answer, r.true_value):
                errors.append(
                    f"{item_id}: {r.true_value!r} is too close to a rounding boundary of {r.answer}"
                )
            yaml_value = grader.get("value")
            if yaml_value is None or not math.isclose(float(yaml_value), r.true_value, rel_tol=1e-9):
                errors.append(f"{item_id}: YAML value {yaml_value!r} != true value {r.true_value!r}")
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
