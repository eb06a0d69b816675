"""Phrase matching, repetition, markdown structure and JSON fences (see :mod:`stackeval.graders._text`)."""

from __future__ import annotations

import re
from collections import Counter

from stackeval.graders._text_basics import is_cjk_char, normalize, sentences, words

# ------------------------------------------------------------------------------------ phrase matching


# a word character of a script written with spaces (CJK characters next to a phrase are no word boundary
# problem: "7月20日" must match inside "日程は7月20日です")
_SPACED_WORD_CHAR = (r"[^\W\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
                     r"\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003ffff]")


def phrase_regex(phrase: str, *, ignore_case: bool = True) -> re.Pattern[str]:
    """A pattern for a phrase or, with the prefix ``re:``, a regular expression.

    Literal phrases are normalised (see :func:`normalize`), match across any whitespace, and need word
    boundaries at ends that are letters or digits: no letter or digit of a spaced script may touch them
    (CJK and Hangul neighbours are allowed, since those scripts attach words and particles).
    """
    flags = re.IGNORECASE if ignore_case else 0
    if phrase.startswith("re:"):
        return re.compile(phrase[3:], flags)
    p = normalize(phrase)
    body = r"\s+".join(re.escape(part) for part in p.split(" "))
    if p and re.match(r"\w", p[0]) and not is_cjk_char(p[0]):
        body = rf"(?<!{_SPACED_WORD_CHAR})" + body
    if p and re.match(r"\w", p[-1]) and not is_cjk_char(p[-1]):
        body += rf"(?!{_SPACED_WORD_CHAR})"
    return re.compile(body, flags)


def count_phrase(text: str, phrase: str, *, ignore_case: bool = True) -> int:
    return len(phrase_regex(phrase, ignore_case=ignore_case).findall(normalize(text)))


def contains(text: str, phrase: str, *, ignore_case: bool = True) -> bool:
    return phrase_regex(phrase, ignore_case=ignore_case).search(normalize(text)) is not None


# ------------------------------------------------------------------------------------------ repetition


def _sentence_key(s: str) -> str:
    return " ".join(w.lower() for w in words(s))


def repeated_sentences(text: str, *, min_words: int = 4) -> list[tuple[str, int]]:
    """Sentences (case, punctuation and spacing ignored) that occur more than once."""
    keys = [k for k in (_sentence_key(s) for s in sentences(text)) if len(k.split()) >= min_words]
    return [(k, n) for k, n in Counter(keys).items() if n > 1]


def repeated_ngrams(text: str, n: int, max_repeats: int) -> list[tuple[str, int]]:
    """Word n-grams (lower-cased) occurring more than ``max_repeats`` times, most frequent first."""
    ws = [w.lower() for w in words(text)]
    grams = Counter(" ".join(ws[i : i + n]) for i in range(len(ws) - n + 1))
    return sorted(((g, c) for g, c in grams.items() if c > max_repeats), key=lambda gc: (-gc[1], gc[0]))


# -------------------------------------------------------------------------------------------- markdown

_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_BULLET = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+\S")
_NUMBERED = re.compile(r"^\s*(\d+)[.)]\s+\S")


def _outside_fences(text: str) -> list[str]:
    out: list[str] = []
    fenced = False
    for ln in text.splitlines():
        if _FENCE.match(ln):
            fenced = not fenced
            continue
        if not fenced:
            out.append(ln)
    return out


def headings(text: str) -> list[tuple[int, str]]:
    """ATX headings (``## Title``) outside code fences as (level, text); emphasis around the text dropped."""
    out: list[tuple[int, str]] = []
    for ln in _outside_fences(text):
        m = _HEADING.match(ln)
        if m:
            title = m.group(2).strip()
            title = re.sub(r"^(\*\*|__|\*|_)(.+)\1$", r"\2", title).strip()
            out.append((len(m.group(1)), title))
    return out


def bullet_lines(text: str) -> list[str]:
    """Lines starting with ``-``, ``*``, ``+``, ``•`` or ``1.``/``1)`` followed by text (outside fences)."""
    return [ln for ln in _outside_fences(text) if _BULLET.match(ln)]


def numbered_items(text: str) -> list[int]:
    """The numbers of ``1.`` / ``1)`` list lines, in order."""
    return [int(m.group(1)) for ln in _outside_fences(text) if (m := _NUMBERED.match(ln))]


# one fence around the whole answer: ``` or ~~~ (three or more), an optional tag "json" in any case, the
# body on the following lines or on the fence line itself (```json {"a": 1}```)
_JSON_FENCE = re.compile(r"^(?P<f>`{3,}|~{3,})[ \t]*(?:json(?=[\s{\[])|JSON(?=[\s{\[]))?(?P<body>.*?)(?P=f)$",
                         re.DOTALL | re.IGNORECASE)


def strip_json_fence(text: str) -> tuple[str, bool]:
    """The stripped text, or the inside of one code fence wrapping the whole answer; and whether fenced.

    The fence may be backticks or tildes, tagged ``json`` in any case or untagged, and may sit on one line.
    """
    t = text.strip()
    m = _JSON_FENCE.match(t)
    if m and m.group("f")[0] * 3 not in m.group("body"):
        return m.group("body").strip(), True
    return t, False
