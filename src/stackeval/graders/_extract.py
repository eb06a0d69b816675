"""Shared, pure helpers for answer-line graders: find the final ``ANSWER:`` line, clean it, parse numbers.

Extraction rules (used by the ``math`` and ``answer_line`` graders):

- An answer line is a line that starts, after optional markdown decoration (spaces, ``#``, ``>``, ``-``,
  ``*``, ``_``, backticks: ```ANSWER: 42``` is an answer line), with ``ANSWER`` (any case) followed by a colon; decoration may also sit between the word
  and the colon and after the colon (``**ANSWER:** 42``, ``**Answer**: 42``, ``## ANSWER: 42``).
  The word must start the line: ``Final answer: 42`` is not an answer line.
- The last answer line wins. If its value is empty (``ANSWER:`` alone), the next non-empty line is the value.
- The value is cleaned: surrounding whitespace, ``$``, ``*`` and backticks are removed, and a single
  trailing period is dropped (``**42**.`` -> ``42``).

Number parsing (``parse_number``) accepts, and nothing else:

- integers and decimals with an optional sign, including the unicode minus ``−`` (U+2212) and a leading
  ``.5``; ``-0`` parses as zero;
- thousands separators as commas in groups of three (``1,234,567.5``; ``1,2`` is not a number);
- scientific notation (``1e3``, ``2.5E-4``);
- simple fractions ``a/b`` of two such numbers (``3/4``, ``-7/2``); a zero denominator is not a number;
- a trailing percent sign. ``percent`` chooses its meaning: ``"scale"`` (default) reads ``50%`` as 0.5,
  ``"strip"`` reads it as 50 (used when the expected answer is itself a percentage, so ``12.5`` and
  ``12.5%`` compare equal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

__all__ = [
    "Extraction",
    "boxed_values",
    "plain_math",
    "clean_value",
    "decimal_half_unit",
    "extract_answer",
    "find_numbers",
    "parse_number",
]

_ANSWER_LINE = re.compile(r"^[\s>#*_\-`]*answer[\s*_`]*:[\s*_]*(?P<value>.*?)\s*$", re.IGNORECASE)
_MINUSES = str.maketrans({"\u2212": "-", "\u2012": "-", "\u2013": "-", "\ufe63": "-", "\uff0d": "-"})

_NUM = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"
_NUMBER_FULL = re.compile(
    rf"(?P<sign>[-+]?)(?P<num>{_NUM})(?:/(?P<den_sign>[-+]?)(?P<den>{_NUM}))?(?P<pct>%?)"
)
# A number token inside running text: not glued to a preceding word character or decimal point.
_NUMBER_TOKEN = re.compile(rf"(?<![\w.])[-+]?{_NUM}(?:/[-+]?{_NUM})?%?(?![\d])")

PercentMode = Literal["scale", "strip"]


@dataclass(frozen=True)
class Extraction:
    """The final answer found in a response. ``value`` is None when there is no answer line."""

    value: str | None
    line_count: int  # how many answer lines the response had

    @property
    def found(self) -> bool:
        return self.value is not None


def clean_value(raw: str) -> str:
    """Strip whitespace, surrounding ``$``/``*``/backticks, and one trailing period."""
    s = raw.strip()
    period_dropped = False
    while True:
        before = s
        s = s.strip().strip("*`$").strip()
        if not period_dropped and s.endswith("."):
            s = s[:-1]
            period_dropped = True
        if s == before:
            return s


def extract_answer(content: str) -> Extraction:
    """Find the last ``ANSWER:`` line of ``content`` and return its cleaned value."""
    lines = content.splitlines()
    last: int | None = None
    count = 0
    for i, line in enumerate(lines):
        if _ANSWER_LINE.match(line):
            last = i
            count += 1
    if last is None:
        return Extraction(None, 0)
    m = _ANSWER_LINE.match(lines[last])
    assert m is not None
    value = clean_value(m.group("value"))
    if not value:
        for nxt in lines[last + 1 :]:
            if nxt.strip():
                value = clean_value(nxt)
                break
    return Extraction(value, count)


_LATEX_FRAC = re.compile(r"\\[dt]?frac\s*(?:\{([^{}]*)\}|(\d))\s*(?:\{([^{}]*)\}|(\d))")
_DOT_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3}){2,}(?![\d.]*\d)")
_LATEX_WRAP = re.compile(r"\\(?:boxed|fbox|text|textbf|mathrm|mathbf)\s*\{([^{}]*)\}")
_SPACED_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?![\d,])")


def plain_math(text: str) -> str:
    """A value as written in LaTeX or with spaced digits, rewritten in the plain form ``parse_number`` reads:
    ``\\boxed{\\frac{3}{8}}`` or ``\\frac38`` -> ``3/8``, ``$1{,}250$`` -> ``1,250``, ``1 250 000`` (space,
    no-break or thin space) or ``1.250.000`` -> ``1250000``, ``2 / 3`` -> ``2/3``, ``12.5\\%`` -> ``12.5%``. Used only for the tolerant
    diagnostic: a value written so is the right value in the wrong format, never a strict pass."""
    t = text.translate(_MINUSES)
    for _ in range(4):  # nested \boxed{\frac{..}{..}}
        t2 = _LATEX_WRAP.sub(r"\1", _LATEX_FRAC.sub(_frac, t))
        if t2 == t:
            break
        t = t2
    t = re.sub(r"\\[,;:! ]|\\thinspace|~", " ", t).replace("{,}", ",").replace("\\%", "%")
    t = re.sub(r"\\left|\\right|\\[()\[\]]|\$", "", t)
    t = re.sub(r"\((-?[\d.,]+)\)", r"\1", t)  # (3)/(8) from \frac
    t = re.sub(r"(?<=\d)\s*/\s*(?=[-+]?[\d.])", "/", t)
    t = _SPACED_THOUSANDS.sub(lambda m: re.sub(r"\s", "", m.group()), t)
    t = _DOT_THOUSANDS.sub(lambda m: m.group().replace(".", ""), t)  # 1.234.567 (two groups or more)
    return t.strip()


def _frac(m: re.Match[str]) -> str:
    return f"({m.group(1) if m.group(1) is not None else m.group(2)})/({m.group(3) if m.group(3) is not None else m.group(4)})"


def boxed_values(text: str) -> list[str]:
    """The contents of every ``\\boxed{...}`` (one level of inner braces allowed), in order."""
    return re.findall(r"\\boxed\s*\{((?:[^{}]|\{[^{}]*\})*)\}", text)


def _to_float(num: str) -> float:
    return float(num.replace(",", ""))


def parse_number(text: str, *, percent: PercentMode = "scale") -> float | None:
    """Parse ``text`` as one number (see the module docstring); None if it is not exactly one number."""
    s = text.strip().translate(_MINUSES)
    m = _NUMBER_FULL.fullmatch(s)
    if m is None:
        return None
    value = _to_float(m.group("num"))
    if m.group("den") is not None:
        den = _to_float(m.group("den"))
        if den == 0:
            return None
        value /= den
        if m.group("den_sign") == "-":
            value = -value
    if m.group("sign") == "-":
        value = -value
    if m.group("pct") and percent == "scale":
        value /= 100.0
    return value


def find_numbers(text: str) -> list[str]:
    """Every number token in running text, in order (unicode minus normalised to ``-``)."""
    return _NUMBER_TOKEN.findall(text.translate(_MINUSES))


def decimal_half_unit(answer: str) -> float | None:
    """Half a unit in the last written place of a decimal answer: 0.0005 for ``16.913``, 0.5 for ``42``,
    5 for ``1.2e2`` (written to the tens). None when ``answer`` is not a plain decimal (fractions)."""
    s = answer.strip().translate(_MINUSES).rstrip("%").replace(",", "")
    if "/" in s:
        return None
    try:
        exponent = Decimal(s).as_tuple().exponent
    except InvalidOperation:
        return None
    if not isinstance(exponent, int):  # NaN / Infinity
        return None
    return 0.5 * 10.0**exponent
