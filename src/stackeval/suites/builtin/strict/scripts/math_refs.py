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


DET7 = [
    [4, -2, 6, -5, -4, -3, 5],
    [-5, 0, -5, -4, 7, 7, -4],
    [1, -4, 7, -5, -3, 1, -5],
    [6, -5, 1, -5, -2, 3, 7],
    [-2, -3, 3, -1, -3, 0, 5],
    [-3, -4, -5, 0, 9, 7, 4],
    [8, 8, 5, 3, 1, -1, 1],
]


@ref("s1.math.frontier.01")
def _frontier01() -> Ref:
    d = _det(DET7)
    assert d == _det_permutations(DET7)  # 5040 terms: an independent check
    return Ref(str(int(d)))


CHAIN02 = {  # station: {next station: probability}; Z is the exit
    "A": {"A": Fraction(1, 6), "B": Fraction(1, 2), "C": Fraction(1, 3)},
    "B": {"A": Fraction(1, 4), "C": Fraction(1, 4), "D": Fraction(1, 2)},
    "C": {"B": Fraction(1, 3), "E": Fraction(1, 3), "F": Fraction(1, 3)},
    "D": {"C": Fraction(2, 5), "E": Fraction(2, 5), "Z": Fraction(1, 5)},
    "E": {"D": Fraction(1, 2), "F": Fraction(1, 4), "A": Fraction(1, 4)},
    "F": {"Z": Fraction(1, 3), "E": Fraction(1, 3), "B": Fraction(1, 3)},
}


@ref("s1.math.frontier.02")
def _frontier02() -> Ref:
    states = sorted(CHAIN02)
    index = {s: i for i, s in enumerate(states)}
    rows = []
    for s in states:
        assert sum(CHAIN02[s].values()) == 1
        row = [Fraction(0)] * (len(states) + 1)
        row[index[s]] += 1
        row[-1] = Fraction(1)
        for t, p in CHAIN02[s].items():
            if t != "Z":
                row[index[t]] -= p
        rows.append(row)
    h = _solve(rows)
    # cross-check: iterate the distribution and sum P(not yet exited) far enough to converge
    dist = dict.fromkeys(states, 0.0)
    dist["A"] = 1.0
    approx = 0.0
    for _ in range(3000):
        approx += sum(dist.values())
        nxt = dict.fromkeys(states, 0.0)
        for s, mass in dist.items():
            for t, p in CHAIN02[s].items():
                if t != "Z":
                    nxt[t] += mass * float(p)
        dist = nxt
    assert abs(approx - float(h[index["A"]])) < 1e-9
    return frac(h[index["A"]])


@ref("s1.math.frontier.03")
def _frontier03() -> Ref:
    def largest_prime_factor(n: int) -> int:
        best, p = 1, 2
        while n > 1:
            while n % p == 0:
                best, n = p, n // p
            p += 1
        return best

    return Ref(str(sum(largest_prime_factor(n) for n in range(2, 241))))


def _power_mod(base: int, exp: int, mod: int) -> int:
    result = 1
    base %= mod
    while exp:
        if exp & 1:
            result = result * base % mod
        base = base * base % mod
        exp >>= 1
    return result


@ref("s1.math.frontier.04")
def _frontier04() -> Ref:
    p = 65537
    x1 = _power_mod(3, 2026, p)
    x2 = _power_mod(5, x1, p)
    assert (x1, x2) == (pow(3, 2026, p), pow(5, x1, p))
    return Ref(str(x2))


@ref("s1.math.frontier.05")
def _frontier05() -> Ref:
    a = [1, 1, 2]
    for n in range(3, 61):
        a.append(2 * a[n - 1] + a[n - 2] - a[n - 3] + n % 3)
    return Ref(str(a[60]))


@ref("s1.math.frontier.06")
def _frontier06() -> Ref:
    # counter in -4..7 is still playing; >= 8 wins, <= -5 loses
    states = list(range(-4, 8))
    index = {s: i for i, s in enumerate(states)}
    steps = ((3, Fraction(1, 4)), (1, Fraction(1, 4)), (-2, Fraction(1, 2)))
    rows = []
    for s in states:
        row = [Fraction(0)] * (len(states) + 1)
        row[index[s]] += 1
        for d, p in steps:
            if s + d >= 8:
                row[-1] += p
            elif s + d >= -4:
                row[index[s + d]] -= p
        rows.append(row)
    win = _solve(rows)[index[0]]

    # cross-check by pushing probability mass forward until what is left is negligible
    mass = {0: 1.0}
    won = 0.0
    for _ in range(2000):
        nxt: dict[int, float] = {}
        for s, m in mass.items():
            for d, p in steps:
                t = s + d
                if t >= 8:
                    won += m * float(p)
                elif t >= -4:
                    nxt[t] = nxt.get(t, 0.0) + m * float(p)
        mass = nxt
    assert abs(won - float(win)) < 1e-9
    return frac(win)


@ref("s1.math.frontier.07")
def _frontier07() -> Ref:
    count = sum(
        1
        for word in itertools.product(range(4), repeat=12)
        if sum(word) % 5 == 0 and all(a != b for a, b in zip(word, word[1:], strict=False))
    )
    return Ref(str(count))


@ref("s1.math.frontier.08")
def _frontier08() -> Ref:
    # P(running total of die rolls ever equals exactly n), by first-step analysis
    p = [Fraction(1)]
    for n in range(1, 16):
        p.append(sum((p[n - j] for j in range(1, 7) if n - j >= 0), Fraction(0)) / 6)

    # independent check: enumerate compositions of 15 into parts 1..6, each weighted (1/6)^parts
    @cache
    def ways(n: int) -> Fraction:
        if n == 0:
            return Fraction(1)
        return sum((ways(n - j) / 6 for j in range(1, 7) if n - j >= 0), Fraction(0))

    assert p[15] == ways(15)
    return frac(p[15])


@ref("s1.math.frontier.09")
def _frontier09() -> Ref:
    # exact DP over (step, position); cross-checked by a meet-in-the-middle count
    table = {0: 1}
    for _ in range(24):
        nxt: dict[int, int] = {}
        for pos, c in table.items():
            for d in (-1, 1, 2):
                if -3 <= pos + d <= 4:
                    nxt[pos + d] = nxt.get(pos + d, 0) + c
        table = nxt
    count = table.get(0, 0)

    def half(sign: int) -> dict[int, int]:
        # 12 steps from 0 that stay in bounds; sign -1 walks the second half backwards from the end
        out: dict[int, int] = {}
        for steps in itertools.product((-1, 1, 2), repeat=12):
            pos = 0
            for d in steps:
                pos += sign * d
                if not -3 <= pos <= 4:
                    break
            else:
                out[pos] = out.get(pos, 0) + 1
        return out

    first, back = half(1), half(-1)
    assert count == sum(c * back.get(mid, 0) for mid, c in first.items())
    return Ref(str(count))


@ref("s1.math.frontier.10")
def _frontier10() -> Ref:
    return Ref(str(sum(k * k // 37 for k in range(1, 251))))


@ref("s1.math.frontier.11")
def _frontier11() -> Ref:
    m = [[2, 1, -1], [0, 3, 1], [1, -2, 2]]

    def mul(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
        return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]

    power = [[int(i == j) for j in range(3)] for i in range(3)]
    for _ in range(15):
        power = mul(power, m)
    square = mul(m, m)  # cross-check: M^15 = M · (M^2)^7
    alt = m
    for _ in range(7):
        alt = mul(alt, square)
    assert alt == power
    return Ref(str(power[0][2]))


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
