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
    # states: 0 = no current streak, 1 = last roll was a 5 or 6. E0 = 1 + p E1 + q E0; E1 = 1 + q E0.
    p, q = Fraction(1, 3), Fraction(2, 3)
    # E0 = 1 + p(1 + q E0) + q E0  ->  E0 (1 - pq - q) = 1 + p
    e0 = (1 + p) / (1 - p * q - q)
    assert e0.denominator == 1
    return Ref(str(e0.numerator))


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
    a, b, c = 7, 8, 9
    s = (a + b + c) / 2
    area = math.sqrt(s * (s - a) * (s - b) * (s - c))
    return rounded(a * b * c / (4 * area), 3)


@ref("s1.math.expert.07")
def _expert07() -> Ref:
    return frac(sum((Fraction(1, k * (k + 1) * (k + 2)) for k in range(1, 51)), Fraction(0)))


@ref("s1.math.expert.08")
def _expert08() -> Ref:
    a, b, c = Fraction(1, 6), Fraction(1, 9), Fraction(1, 12)
    filled = 2 * (a + b - c)
    hours = 2 + (1 - filled) / (a + b)
    minutes = hours * 60
    assert minutes.denominator == 1
    return Ref(str(minutes.numerator))


# --- frontier --------------------------------------------------------------------------------------


@ref("s1.math.frontier.01")
def _frontier01() -> Ref:
    # digit-sum DP over 6-digit strings 000000..999999 (0 itself has sum 0); 10**6 has digit sum 1
    ways = [1] + [0] * 54
    for _ in range(6):
        ways = [sum(ways[s - d] for d in range(10) if s - d >= 0) for s in range(55)]
    return Ref(str(ways[27]))


@ref("s1.math.frontier.02")
def _frontier02() -> Ref:
    # domino tilings of a 4 x 7 board, column by column with a bitmask of cells already covered
    rows, cols = 4, 7

    def fills(col_mask: int, row: int, next_mask: int) -> list[int]:
        if row == rows:
            return [next_mask]
        if col_mask >> row & 1:
            return fills(col_mask, row + 1, next_mask)
        out = fills(col_mask, row + 1, next_mask | 1 << row)  # horizontal domino into the next column
        if row + 1 < rows and not col_mask >> (row + 1) & 1:
            out += fills(col_mask, row + 2, next_mask)  # vertical domino
        return out

    counts = {0: 1}
    for _ in range(cols):
        nxt: dict[int, int] = {}
        for mask, n in counts.items():
            for m in fills(mask, 0, 0):
                nxt[m] = nxt.get(m, 0) + n
        counts = nxt
    return Ref(str(counts.get(0, 0)))


@ref("s1.math.frontier.03")
def _frontier03() -> Ref:
    hits = sum(1 for t in itertools.product(range(1, 7), repeat=4) if max(t) - min(t) == 3)
    return frac(Fraction(hits, 6**4))


@ref("s1.math.frontier.04")
def _frontier04() -> Ref:
    growth = (1 + 0.0525 / 12) ** 12  # one year at 5.25% nominal, compounded monthly
    balance = 0.0
    for _ in range(15):
        balance = (balance + 1000) * growth  # deposit at the start of the year, then a year of growth
    return rounded(balance, 2)


@ref("s1.math.frontier.05")
def _frontier05() -> Ref:
    r1, r2, d = 5.0, 7.0, 8.0
    a1 = math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1))  # half-angle at the centre of circle 1
    a2 = math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2))
    area = r1 * r1 * (a1 - math.sin(a1) * math.cos(a1)) + r2 * r2 * (a2 - math.sin(a2) * math.cos(a2))
    return rounded(area, 3)


@ref("s1.math.frontier.06")
def _frontier06() -> Ref:
    n = 9
    count = sum(
        1
        for p in itertools.permutations(range(1, n + 1))
        if all(abs(p[i] - p[i + 1]) != 1 for i in range(n - 1))
    )
    return Ref(str(count))


@ref("s1.math.frontier.07")
def _frontier07() -> Ref:
    blocked = {(3, 1), (5, 4), (8, 5)}
    paths = [[0] * 7 for _ in range(11)]
    for x in range(11):
        for y in range(7):
            if (x, y) in blocked:
                paths[x][y] = 0
            elif x == 0 and y == 0:
                paths[x][y] = 1
            else:
                paths[x][y] = (paths[x - 1][y] if x else 0) + (paths[x][y - 1] if y else 0)
    return Ref(str(paths[10][6]))


@ref("s1.math.frontier.08")
def _frontier08() -> Ref:
    # seats 0..11 round a table; couples 0..5; women on even or odd seats; nobody beside their partner
    count = 0
    for women_on_even in (True, False):
        women_seats = [s for s in range(12) if (s % 2 == 0) == women_on_even]
        men_seats = [s for s in range(12) if (s % 2 == 0) != women_on_even]
        for women in itertools.permutations(range(6)):
            seat_of_woman = dict(zip(women, women_seats, strict=True))
            for men in itertools.permutations(range(6)):
                if all(
                    (seat - seat_of_woman[couple]) % 12 not in (1, 11)
                    for couple, seat in zip(men, men_seats, strict=True)
                ):
                    count += 1
    return Ref(str(count))


@ref("s1.math.frontier.09")
def _frontier09() -> Ref:
    @cache
    def no_run(left: int, streak: int) -> int:
        if left == 0:
            return 1
        total = no_run(left - 1, 0)  # tails
        if streak + 1 < 5:
            total += no_run(left - 1, streak + 1)  # heads
        return total

    p = 1 - Fraction(no_run(20, 0), 2**20)
    return rounded(float(p), 4)


@ref("s1.math.frontier.10")
def _frontier10() -> Ref:
    @cache
    def expected(total: int) -> Fraction:
        if total >= 20:
            return Fraction(0)
        return 1 + sum((expected(total + face) for face in range(1, 7)), Fraction(0)) / 6

    return rounded(float(expected(0)), 3)


@ref("s1.math.frontier.11")
def _frontier11() -> Ref:
    # 6 cards from 52 containing all four suits: count by suit-count patterns, checked against brute force
    # over suit patterns (multinomial weights) rather than 20 million hands.
    good = 0
    for counts in itertools.product(range(7), repeat=4):
        if sum(counts) == 6 and all(c >= 1 for c in counts):
            ways = 1
            for c in counts:
                ways *= math.comb(13, c)
            good += ways
    closed_form = 4 * math.comb(13, 3) * 13**3 + 6 * math.comb(13, 2) ** 2 * 13**2
    assert good == closed_form
    return rounded(good / math.comb(52, 6), 4)


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
