"""Grader ``checks``: verifiable constraints on the answer text.

Spec::

    grader:
      kind: checks
      checks:
        - {kind: word_count, min: 150, max: 200}
        - {kind: ends_with, phrase: "Ride safe."}
        - {kind: forbidden_keywords, name: no_brand, keywords: [Acme]}

Every check is evaluated; the answer passes iff all pass. A failure is classed
``constraint:<name of the first failed check>`` (``name`` defaults to the kind and must be unique in a
spec); ``detail`` lists every failed check with the reason, ``data.failed`` their names and
``data.results`` / ``data.details`` every check's verdict and measurement.

Where a prompt asks for content to be judged, prefer a structure the answer must show over a loose
pattern: ``list_items`` (a list read tolerantly, item by item, optionally under a heading, with "nothing
else"), ``labelled_lines`` (``Q:``/``A:`` lines), ``json_format``; ``required_facts`` ignores negated
mentions (``no contradictions``) and takes ``not_with`` words that void a mention in the same sentence.

Counted checks take ``exact`` or ``min``/``max`` (at least one). Phrase arguments (keywords, facts,
banned phrases) match case-insensitively on normalised text with word boundaries; a phrase written
``re:<pattern>`` is a regular expression instead, searched in the normalised text (NFKC, ASCII quotes,
whitespace runs collapsed to one space, so no line anchors). The ``regex`` check searches the raw answer
(multiline by default). See ``_text`` for how words, sentences, paragraphs, characters and languages
are counted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from stackeval.graders import _text as tx
from stackeval.graders.base import GradeContext, register
from stackeval.records.answer import Answer, GradeResult

__all__ = ["DEFAULT_BANNED", "Check", "CheckOutcome", "ChecksSpec", "Fact", "evaluate", "grade_checks"]

DEFAULT_BANNED: tuple[str, ...] = (
    "in today's fast-paced world", "delve", "delves", "delving", "tapestry", "testament to",
    "it is important to note", "it's important to note", "in conclusion", "game-changer", "game changer",
    "unlock the power", "navigate the complexities", "ever-evolving landscape", "at the end of the day",
    "needless to say", "a myriad of", "seamlessly", "embark on a journey",
)


@dataclass(frozen=True)
class CheckOutcome:
    name: str
    passed: bool
    detail: str


class _Check(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str | None = None

    @property
    def label(self) -> str:
        return self.name or str(getattr(self, "kind"))  # noqa: B009

    def run(self, text: str) -> tuple[bool, str]:  # pragma: no cover - every kind overrides it
        raise NotImplementedError


class _Counted(_Check):
    exact: int | None = None
    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _bounds(self) -> _Counted:
        if self.exact is None and self.min is None and self.max is None:
            raise ValueError("give exact, min or max")
        if self.exact is not None and (self.min is not None or self.max is not None):
            raise ValueError("exact excludes min/max")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("min > max")
        return self

    def want(self) -> str:
        if self.exact is not None:
            return f"exactly {self.exact}"
        if self.min is not None and self.max is not None:
            return f"{self.min}-{self.max}"
        return f"at least {self.min}" if self.min is not None else f"at most {self.max}"

    def judge(self, n: int, unit: str) -> tuple[bool, str]:
        ok = (n == self.exact) if self.exact is not None else (
            (self.min is None or n >= self.min) and (self.max is None or n <= self.max))
        return ok, f"{n} {unit}, want {self.want()}"


class _Range(_Check):
    """A float range (reading level, average sentence length)."""

    min: float | None = None
    max: float | None = None

    @model_validator(mode="after")
    def _bounds(self) -> _Range:
        if self.min is None and self.max is None:
            raise ValueError("give min or max")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("min > max")
        return self

    def judge(self, x: float, what: str) -> tuple[bool, str]:
        ok = (self.min is None or x >= self.min) and (self.max is None or x <= self.max)
        want = (f"{self.min}-{self.max}" if self.min is not None and self.max is not None
                else f"at least {self.min}" if self.min is not None else f"at most {self.max}")
        return ok, f"{what} {x:.1f}, want {want}"


def _phrases_found(text: str, phrases: list[str]) -> list[str]:
    return [p for p in phrases if tx.contains(text, p)]


def _show(items: list[str], limit: int = 5) -> str:
    shown = ", ".join(repr(i) for i in items[:limit])
    return shown + (f" (+{len(items) - limit} more)" if len(items) > limit else "")


# ------------------------------------------------------------------------------------ counting checks


class WordCount(_Counted):
    kind: Literal["word_count"]

    def run(self, text: str) -> tuple[bool, str]:
        return self.judge(len(tx.words(text)), "words")


class LengthBand(_Counted):
    """``word_count`` with both bounds required: the length band of a prose answer."""

    kind: Literal["length_band"]
    min: int = Field(ge=0)
    max: int = Field(ge=0)

    def run(self, text: str) -> tuple[bool, str]:
        return self.judge(len(tx.words(text)), "words")


class SentenceCount(_Counted):
    """Sentences (see ``_text.sentences``). A greeting line and a sign-off block (``Hi Sam,`` ...
    ``Best, Ana``) are not sentences unless ``count_salutations``."""

    kind: Literal["sentence_count"]
    count_salutations: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        body = text if self.count_salutations else tx.letter_body(text)
        return self.judge(len(tx.sentences(body)), "sentences")


class ParagraphCount(_Counted):
    kind: Literal["paragraph_count"]

    def run(self, text: str) -> tuple[bool, str]:
        return self.judge(len(tx.paragraphs(text)), "paragraphs")


class LineCount(_Counted):
    kind: Literal["line_count"]
    blank: bool = False  # also count blank lines between the first and last non-blank line

    def run(self, text: str) -> tuple[bool, str]:
        n = len(text.strip().splitlines()) if self.blank else len(tx.lines(text))
        return self.judge(n, "lines")


class CharCount(_Counted):
    """Characters of the stripped answer. ``cjk: true``: every visible character counts one and whitespace
    never counts (``whitespace`` is ignored); see ``_text.char_count``."""

    kind: Literal["char_count"]
    whitespace: bool = True
    cjk: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        return self.judge(tx.char_count(text, whitespace=self.whitespace, cjk=self.cjk), "characters")


class BulletCount(_Counted):
    """Lines starting with ``-``, ``*``, ``+``, ``•`` or ``1.`` followed by a space and text."""

    kind: Literal["bullet_count"]

    def run(self, text: str) -> tuple[bool, str]:
        return self.judge(len(tx.bullet_lines(text)), "bullets")


class NumberedList(_Counted):
    """``1.``/``1)`` items; with ``consecutive`` they must be numbered 1, 2, 3, ... in order."""

    kind: Literal["numbered_list"]
    consecutive: bool = True

    def run(self, text: str) -> tuple[bool, str]:
        nums = tx.numbered_items(text)
        ok, why = self.judge(len(nums), "numbered items")
        if ok and self.consecutive and nums != list(range(1, len(nums) + 1)):
            return False, f"numbered {nums}, want 1..{len(nums)} in order"
        return ok, why


class HeadingCount(_Counted):
    kind: Literal["heading_count"]
    level: int | None = Field(default=None, ge=1, le=6)

    def run(self, text: str) -> tuple[bool, str]:
        hs = [h for h in tx.headings(text) if self.level is None or h[0] == self.level]
        return self.judge(len(hs), "headings" if self.level is None else f"level-{self.level} headings")


class PlaceholderCount(_Counted):
    """Square-bracket placeholders like ``[name]`` (a markdown link ``[text](url)`` is not one)."""

    kind: Literal["placeholder_count"]

    def run(self, text: str) -> tuple[bool, str]:
        return self.judge(len(re.findall(r"\[[^\[\]\n]*[^\s\[\]][^\[\]\n]*\](?!\()", text)), "placeholders")


class SectionCount(_Counted):
    """Lines starting with ``<marker> <number>`` (e.g. ``SECTION 2``), optionally after ``#``/``*``."""

    kind: Literal["section_count"]
    marker: str = "SECTION"
    ignore_case: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        pat = re.compile(rf"^[ \t#*_>]*{re.escape(self.marker)}[ \t]+(?:\d+|[IVXLC]+)\b",
                         re.MULTILINE | (re.IGNORECASE if self.ignore_case else 0))
        return self.judge(len(pat.findall(text)), f"{self.marker} markers")


class HighlightedSections(_Counted):
    """Markdown emphasis spans with asterisks: ``**bold**`` or ``*italic*`` on one line."""

    kind: Literal["highlighted_sections"]

    def run(self, text: str) -> tuple[bool, str]:
        bold = re.compile(r"\*\*(?=\S)[^*\n]+?(?<=\S)\*\*")
        n = len(bold.findall(text))
        rest = bold.sub(" ", text)
        n += len(re.findall(r"(?<!\*)\*(?=[^\s*])[^*\n]+?(?<=[^\s*])\*(?!\*)", rest))
        return self.judge(n, "highlighted spans")


class KeywordFrequency(_Counted):
    kind: Literal["keyword_frequency"]
    keyword: str = Field(min_length=1)

    def run(self, text: str) -> tuple[bool, str]:
        return self.judge(tx.count_phrase(text, self.keyword), f"occurrences of {self.keyword!r}")


# ------------------------------------------------------------------------------------- phrase checks


class RequiredKeywords(_Check):
    kind: Literal["required_keywords"]
    keywords: list[str] = Field(min_length=1)
    min_occurrences: int = Field(default=1, ge=1)

    def run(self, text: str) -> tuple[bool, str]:
        counts = {k: tx.count_phrase(text, k) for k in self.keywords}
        missing = [k for k, n in counts.items() if n < self.min_occurrences]
        if not missing:
            return True, f"all {len(self.keywords)} keywords present"
        times = "" if self.min_occurrences == 1 else f" at least {self.min_occurrences} times"
        return False, f"missing{times}: {_show(missing)}"


class ForbiddenKeywords(_Check):
    """None of the keywords may appear. ``allow_negated``: a mention denied by a negation just before it
    (``not waterproof``, ``no survey``) is allowed: for claims the source does not support, where saying
    the product is *not* waterproof is faithful."""

    kind: Literal["forbidden_keywords"]
    keywords: list[str] = Field(min_length=1)
    allow_negated: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        if self.allow_negated:
            norm = tx.normalize_lines(text)
            found = [k for k in self.keywords
                     if any(not _negated(norm, m, k) for m in tx.phrase_regex(k).finditer(norm))]
        else:
            found = _phrases_found(text, self.keywords)
        return (not found), (f"found {_show(found)}" if found else "none found")


class BannedPhrases(_Check):
    """Like ``forbidden_keywords``, for clichés; ``include_defaults`` adds ``DEFAULT_BANNED``."""

    kind: Literal["banned_phrases"]
    phrases: list[str] = Field(default_factory=list)
    include_defaults: bool = False

    @model_validator(mode="after")
    def _some(self) -> BannedPhrases:
        if not self.phrases and not self.include_defaults:
            raise ValueError("give phrases or include_defaults: true")
        return self

    def run(self, text: str) -> tuple[bool, str]:
        phrases = list(self.phrases) + (list(DEFAULT_BANNED) if self.include_defaults else [])
        found = _phrases_found(text, phrases)
        return (not found), (f"found {_show(found)}" if found else "none found")


class Fact(BaseModel):
    """A fact with conditions: ``any`` alternative phrasings; an occurrence does not count when the same
    sentence holds a word of ``not_with`` (``£1,550`` stated with "less" where the fact is "more")."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    any: list[str] = Field(min_length=1)
    not_with: list[str] = Field(default_factory=list)


def _alternatives(entry: str | list[str] | Fact) -> list[str]:
    if isinstance(entry, Fact):
        return entry.any
    return [entry] if isinstance(entry, str) else entry


# A negation right before a fact voids that occurrence ("found no contradictions", "not on Thursday",
# "isn't due"), unless it only bounds a quantity ("no later than 6 pm", "not only", "not less than").
_NEGATORS = frozenset(
    "no not never none without nor neither cannot isn't aren't wasn't weren't doesn't don't didn't won't can't "
    "hasn't haven't hadn't shouldn't wouldn't couldn't kein keine keinen keinem keiner nicht ohne "
    "nie aucun aucune sans jamais ningún ninguna ninguno sin nunca nessun nessuna nessuno senza mai".split()
)
_NOT_NEGATING_AFTER = re.compile(r"^(?:later|earlier|more|less|fewer|sooner|longer|only|just|merely|until|"
                                 r"plus\s+tard|m[aá]s|menos)\b", re.IGNORECASE)


def _sentence_span(text: str, start: int, end: int) -> str:
    """The text of the sentence (or line, or clause after ; and :) around [start, end)."""
    left = max(text.rfind(c, 0, start) for c in ".!?;\n")
    rights = [i for i in (text.find(c, end) for c in ".!?;\n") if i != -1]
    return text[left + 1: min(rights) if rights else len(text)]


def _negated(text: str, m: re.Match[str], phrase: str) -> bool:
    """Whether a negation among the three words before the match, in the same clause (a comma, colon or
    dash ends a negation's reach), denies it; never when the phrase itself holds the negation."""
    if not _NEGATORS.isdisjoint(w.lower() for w in re.findall(r"[\w']+", phrase)):
        return False
    clause = re.split(r"[,;:()\u2013\u2014\n]| - ", text[max(0, m.start() - 60): m.start()])[-1]
    window = [w.lower() for w in re.findall(r"[\w']+", clause)][-3:]
    negated = False
    for i, w in enumerate(window):
        if w in _NEGATORS or w.endswith("n't"):
            rest = " ".join(window[i + 1:])
            negated = not _NOT_NEGATING_AFTER.match(rest) if rest else True
    return negated


def _fact_present(text: str, fact: str | list[str] | Fact) -> bool:
    norm_lines = tx.normalize_lines(text)
    not_with = fact.not_with if isinstance(fact, Fact) else []
    for alt in _alternatives(fact):
        for m in tx.phrase_regex(alt).finditer(norm_lines):
            if _negated(norm_lines, m, alt):
                continue
            span = _sentence_span(norm_lines, m.start(), m.end())
            if any(tx.contains(span, bad) for bad in not_with):
                continue
            return True
    return False


class RequiredFacts(_Check):
    """Each fact is a phrasing, a list of alternative phrasings or a ``Fact`` (``{any: [...], not_with:
    [...]}``); ``min`` facts (default all) must appear. An occurrence with a negation among the three words
    before it (``no contradictions``, ``not on Thursday``; not ``no later than``) does not count, unless
    the phrasing itself holds the negation."""

    kind: Literal["required_facts"]
    facts: list[str | list[str] | Fact] = Field(min_length=1)
    min: int | None = Field(default=None, ge=1)

    def run(self, text: str) -> tuple[bool, str]:
        missing = [_alternatives(f)[0] for f in self.facts if not _fact_present(text, f)]
        need = self.min if self.min is not None else len(self.facts)
        have = len(self.facts) - len(missing)
        if have >= need:
            return True, f"{have} of {len(self.facts)} facts present"
        return False, f"missing {len(missing)} of {len(self.facts)} facts: {_show(missing)}"


class KeywordCoverage(_Check):
    kind: Literal["keyword_coverage"]
    terms: list[str | list[str]] = Field(min_length=1)
    min: int = Field(ge=1)

    @model_validator(mode="after")
    def _k(self) -> KeywordCoverage:
        if self.min > len(self.terms):
            raise ValueError("min exceeds the number of terms")
        return self

    def run(self, text: str) -> tuple[bool, str]:
        hit = [_alternatives(t)[0] for t in self.terms if any(tx.contains(text, a) for a in _alternatives(t))]
        miss = [_alternatives(t)[0] for t in self.terms if _alternatives(t)[0] not in hit]
        why = f"{len(hit)} of {len(self.terms)} terms, want at least {self.min}"
        return len(hit) >= self.min, why + (f" (missing {_show(miss)})" if len(hit) < self.min else "")


class Regex(_Check):
    kind: Literal["regex"]
    pattern: str
    forbid: bool = False
    ignore_case: bool = False
    multiline: bool = True

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, v: str) -> str:
        try:
            re.compile(v)
        except re.error as e:
            raise ValueError(f"bad regular expression: {e}") from e
        return v

    def run(self, text: str) -> tuple[bool, str]:
        flags = (re.IGNORECASE if self.ignore_case else 0) | (re.MULTILINE if self.multiline else 0)
        m = re.search(self.pattern, text, flags)
        if self.forbid:
            return m is None, (f"forbidden pattern matched {m.group()!r}" if m else "no match")
        return m is not None, ("matched" if m else f"no match for /{self.pattern}/")


# ------------------------------------------------------------------------------------ shape checks


class Exact(_Check):
    """The whole answer equals ``text`` (normalised whitespace and quotes)."""

    kind: Literal["exact"]
    text: str
    ignore_case: bool = False
    ignore_trailing_punctuation: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        got, want = tx.normalize(text), tx.normalize(self.text)
        if self.ignore_trailing_punctuation:
            got, want = got.rstrip(".!。！ "), want.rstrip(".!。！ ")
        if self.ignore_case:
            got, want = got.casefold(), want.casefold()
        return got == want, f"answer is {got[:60]!r}, want {want!r}"


# an answer wrapped in quotes or emphasis still starts / ends with its phrase: ``"Ride safe."``,
# ``"Ride safe".`` (the closing quote before the final stop) and ``**Ride safe.**`` all end with "Ride safe."
_OPENERS = re.compile(r"^[\"'\u201c\u201e\u00ab\u00bb\u300c\u300e*_]+")
_CLOSERS = re.compile(r"[\"'\u201d\u201c\u00bb\u00ab\u300d\u300f*_]+([.!?\u3002\uff01\uff1f]?)$")


class StartsWith(_Check):
    kind: Literal["starts_with"]
    phrase: str = Field(min_length=1)
    ignore_case: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        got, want = tx.normalize(text), tx.normalize(self.phrase)
        if self.ignore_case:
            got, want = got.casefold(), want.casefold()
        ok = any(g.startswith(want) for g in (got, _OPENERS.sub("", got)))
        return ok, f"starts {got[: len(want) + 10]!r}, want {want!r}"


class EndsWith(_Check):
    kind: Literal["ends_with"]
    phrase: str = Field(min_length=1)
    ignore_case: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        got, want = tx.normalize(text), tx.normalize(self.phrase)
        if self.ignore_case:
            got, want = got.casefold(), want.casefold()
        ok = any(g.endswith(want) for g in (got, _CLOSERS.sub(r"\1", got)))
        return ok, f"ends {got[-(len(want) + 10):]!r}, want {want!r}"


class AllLinesEndWith(_Check):
    kind: Literal["all_lines_end_with"]
    suffix: str = Field(min_length=1)

    def run(self, text: str) -> tuple[bool, str]:
        want = tx.normalize(self.suffix)
        # emphasis closing after the mark ("- **Hydrate daily.**") does not move the line's last mark
        bad = [i for i, ln in enumerate(tx.lines(text), 1)
               if not any(t.endswith(want) for t in (tx.normalize(ln), tx.normalize(ln).rstrip("*_ ")))]
        if not tx.lines(text):
            return False, "no lines"
        return (not bad), (f"lines {bad[:5]} do not end with {want!r}" if bad else "every line ends right")


class MaxLineLength(_Check):
    kind: Literal["max_line_length"]
    max: int = Field(ge=1)
    unit: Literal["chars", "words"] = "chars"

    def run(self, text: str) -> tuple[bool, str]:
        size = (lambda ln: len(tx.words(ln))) if self.unit == "words" else len
        longest = max((size(ln.strip()) for ln in tx.lines(text)), default=0)
        return longest <= self.max, f"longest line {longest} {self.unit}, want at most {self.max}"


_MINOR_WORDS = frozenset("a an the and or but nor so yet of in on at to for by with as from into onto upon per via "
                         "over under off up out than after before near like".split())


class Case(_Check):
    """``upper``/``lower``: no cased letter of the other case (and at least one letter); ``title``: every
    word starts upper-case, except short function words not at a line start when ``allow_minor``."""

    kind: Literal["case"]
    mode: Literal["upper", "lower", "title"]
    allow_minor: bool = True

    def run(self, text: str) -> tuple[bool, str]:
        if self.mode in ("upper", "lower"):
            wrong = [c for c in text if (c.islower() if self.mode == "upper" else c.isupper())]
            cased = any(c.isupper() or c.islower() for c in text)
            return (cased and not wrong), (f"{len(wrong)} {'lower' if self.mode == 'upper' else 'upper'}-case "
                                           f"letters (first {''.join(wrong[:5])!r})" if wrong
                                           else "no letters" if not cased else f"all {self.mode} case")
        bad: list[str] = []
        for ln in tx.lines(text):
            for i, w in enumerate(tx.words(ln)):
                first = next((c for c in w if c.isalpha()), "")
                if not first.islower():
                    continue
                if self.allow_minor and i > 0 and w.lower() in _MINOR_WORDS:
                    continue
                bad.append(w)
        return (not bad and bool(tx.words(text))), (f"not capitalised: {_show(bad)}" if bad else "title case")


# every comma Unicode knows: the punctuation characters whose name says COMMA (Latin, Armenian, Arabic, NKo,
# Ethiopic, Mongolian, ideographic, vertical, small and fullwidth forms, ...), not quotation marks shaped like
# one; a unit test rebuilds this list from unicodedata
_COMMAS = ("\u002c\u055d\u060c\u07f8\u1363\u1802\u1808\u2e32\u2e34\u2e41\u2e49\u2e4c\u3001\ua4fe\ua60d"
           "\ua6f5\ufe10\ufe11\ufe50\ufe51\uff0c\uff64\U0001144d\U0001145a\U00016e97\U0001da87")


class NoCommas(_Check):
    """No comma of any script (every punctuation character Unicode names a comma: ``,`` ``，`` ``、``
    ``،`` ``﹐`` ``､`` ``︐`` ...)."""

    kind: Literal["no_commas"]

    def run(self, text: str) -> tuple[bool, str]:
        n = sum(text.count(c) for c in _COMMAS)
        return n == 0, f"{n} commas" if n else "no commas"


class ForbiddenChars(_Check):
    kind: Literal["forbidden_chars"]
    chars: str = Field(min_length=1)
    ignore_case: bool = False  # forbid both cases of every letter in chars

    def run(self, text: str) -> tuple[bool, str]:
        pool = set(self.chars)
        if self.ignore_case:
            pool |= {c.lower() for c in self.chars} | {c.upper() for c in self.chars}
        found = {c: text.count(c) for c in sorted(pool) if c in text}
        return (not found), (", ".join(f"{c!r}x{n}" for c, n in found.items()) if found else "none found")


_QUOTE_PAIRS = (('"', '"'), ("\u201c", "\u201d"), ("\u201d", "\u201d"), ("\u201e", "\u201c"),
                ("\u201e", "\u201d"), ("\u00ab", "\u00bb"), ("\u00bb", "\u00ab"), ("\u300c", "\u300d"),
                ("\u300e", "\u300f"), ("\uff02", "\uff02"))


class Quoted(_Check):
    """The whole answer is wrapped in double quotes of any national style (``"…"``, ``“…”``, ``”…”``,
    ``„…“``, ``«…»``, ``»…«``, ``「…」``, ``『…』``). Final punctuation may sit inside or just outside the
    closing quote (``"… lamp."`` and ``"… lamp".``): the prompt says which marks, not which style."""

    kind: Literal["quoted"]

    def run(self, text: str) -> tuple[bool, str]:
        t = text.strip()
        if len(t) >= 3 and t[-1] in ".!?\u3002" and t[-2] in "\"\u201d\u201c\u00bb\u00ab\u300d\u300f\uff02":
            t = t[:-1]
        ok = len(t) >= 2 and any(t.startswith(a) and t.endswith(b) for a, b in _QUOTE_PAIRS)
        return ok, "wrapped in quotes" if ok else f"not wrapped in double quotes: {t[:12]!r}...{t[-12:]!r}"


_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "number": (int, float), "integer": (int,), "boolean": (bool,), "array": (list,),
    "object": (dict,), "null": (type(None),),
}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class JsonFormat(_Check):
    """The whole answer is one JSON value (one ```json fence around it is allowed with ``allow_fence``).
    ``required_keys`` / ``key_types`` (and ``exact_keys``: no other keys) apply to the top-level object, or
    to every element of a top-level array; ``array_length`` fixes a top-level array's length."""

    kind: Literal["json_format"]
    type: Literal["object", "array", "any"] = "any"
    required_keys: list[str] = Field(default_factory=list)
    key_types: dict[str, Literal["string", "number", "integer", "boolean", "array", "object", "null"]] = Field(
        default_factory=dict)
    exact_keys: bool = False  # no keys beyond required_keys
    array_length: int | None = Field(default=None, ge=0)
    allow_fence: bool = True

    @model_validator(mode="after")
    def _keys(self) -> JsonFormat:
        if self.exact_keys and not self.required_keys:
            raise ValueError("exact_keys needs required_keys")
        return self

    def run(self, text: str) -> tuple[bool, str]:
        body, fenced = tx.strip_json_fence(text)
        if fenced and not self.allow_fence:
            return False, "JSON is inside a code fence"
        try:
            val = json.loads(body, parse_constant=_reject_constant)
        except ValueError as e:
            return False, f"not valid JSON: {str(e)[:80]}"
        if self.type != "any" and not isinstance(val, dict if self.type == "object" else list):
            return False, f"top level is {type(val).__name__}, want {self.type}"
        if self.array_length is not None and (not isinstance(val, list) or len(val) != self.array_length):
            return False, f"array of {len(val) if isinstance(val, list) else 'n/a'} items, want {self.array_length}"
        objs = val if isinstance(val, list) else [val]
        for i, o in enumerate(objs):
            where = f"element {i}: " if isinstance(val, list) else ""
            if (self.required_keys or self.key_types) and not isinstance(o, dict):
                return False, f"{where}not an object"
            if not isinstance(o, dict):
                continue
            missing = [k for k in self.required_keys if k not in o]
            if missing:
                return False, f"{where}missing keys {missing}"
            extra = [k for k in o if self.exact_keys and k not in self.required_keys]
            if extra:
                return False, f"{where}unexpected keys {extra}"
            for k, t in self.key_types.items():
                v = o.get(k)
                if k in o and (not isinstance(v, _JSON_TYPES[t]) or (t in ("number", "integer") and isinstance(v, bool))):
                    return False, f"{where}key {k!r} is {type(v).__name__}, want {t}"
        return True, "valid JSON"


class Language(_Check):
    kind: Literal["language"]
    code: str = Field(min_length=2)

    def run(self, text: str) -> tuple[bool, str]:
        got, scores = tx.detect_language(text)
        top = ", ".join(f"{k}={v}" for k, v in sorted(scores.items(), key=lambda kv: -kv[1])[:3])
        return got == self.code, f"detected {got} ({top}), want {self.code}"


# ------------------------------------------------------------------------------------ structure checks

_ITEM = re.compile(r"^[ \t]{0,8}(?:(?P<bullet>[-*+\u2022\u2013])|(?P<b>\*\*|__)?(?P<num>\d{1,3})[.)](?P=b)?)[ \t]+"
                   r"(?P<text>\S.*?)[ \t]*$")


def _section(text: str, heading: str | None) -> str | None:
    """The lines under the ATX heading whose text is ``heading`` (case and emphasis ignored) up to the next
    heading of the same or a higher level; the whole text when ``heading`` is None; None if not found."""
    if heading is None:
        return text
    want = tx.normalize(heading).casefold().rstrip(":")
    out: list[str] = []
    level = 0
    for ln in text.splitlines():
        m = re.match(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$", ln)
        if m:
            title = re.sub(r"^(\*\*|__|\*|_)(.+)\1$", r"\2", m.group(2).strip())
            if level and len(m.group(1)) <= level:
                break
            if not level and tx.normalize(title).casefold().rstrip(":") == want:
                level = len(m.group(1))
                continue
        if level:
            out.append(ln)
    return "\n".join(out) if level else None


class ListItems(_Counted):
    """The list items of the answer, or of the section under ``under_heading``, read tolerantly: ``-``,
    ``*``, ``+``, ``•`` or ``1.``/``1)`` markers, any spaces after the marker, blank lines between items,
    emphasis and trailing spaces allowed. The count is ``exact``/``min``/``max``. Options:

    - ``style``: ``bullet``, ``numbered`` (numbered 1, 2, 3, ... in order) or ``any``;
    - ``only``: nothing but the list there (no intro, no closing line);
    - ``item_words_min``/``item_words_max``: words per item, the marker not counted;
    - ``match``: one phrase (``re:`` for a regular expression) per item, in order, searched in the item's
      text case-insensitively (``re:^1788:.*\\bmill\\b`` for "1788: Mill on the Brook opens").
    """

    kind: Literal["list_items"]
    style: Literal["bullet", "numbered", "any"] = "any"
    under_heading: str | None = None
    only: bool = False
    item_words_min: int | None = Field(default=None, ge=0)
    item_words_max: int | None = Field(default=None, ge=0)
    match: list[str] = Field(default_factory=list)

    def run(self, text: str) -> tuple[bool, str]:
        where = "" if self.under_heading is None else f" under {self.under_heading!r}"
        sect = _section(text, self.under_heading)
        if sect is None:
            return False, f"no heading {self.under_heading!r}"
        items: list[tuple[str, int | None]] = []
        stray: list[str] = []
        fenced = False
        for ln in sect.splitlines():
            if re.match(r"^\s{0,3}(```|~~~)", ln):
                fenced = not fenced
            m = None if fenced else _ITEM.match(ln)
            if m and (self.style == "any" or (self.style == "bullet") == bool(m.group("bullet"))):
                body = re.sub(r"^(\*\*|__)(.+?)\1", r"\2", m.group("text"))
                items.append((body, int(m.group("num")) if m.group("num") else None))
            elif ln.strip() and items and ln[:1] in " \t" and not _ITEM.match(ln):
                items[-1] = (items[-1][0] + " " + ln.strip(), items[-1][1])  # an indented continuation
            elif ln.strip():
                stray.append(ln.strip())
        ok, why = self.judge(len(items), f"list items{where}")
        if not ok:
            return ok, why
        if self.only and stray:
            return False, f"text besides the list{where}: {stray[0][:50]!r}"
        nums = [n for _, n in items]
        if self.style == "numbered" and nums != list(range(1, len(items) + 1)):
            return False, f"numbered {nums}, want 1..{len(items)} in order"
        for i, (body, _n) in enumerate(items, 1):
            n = len(tx.words(body))
            if self.item_words_min is not None and n < self.item_words_min:
                return False, f"item {i} has {n} words, want at least {self.item_words_min}"
            if self.item_words_max is not None and n > self.item_words_max:
                return False, f"item {i} has {n} words, want at most {self.item_words_max}"
        if self.match:
            if len(self.match) != len(items):
                return False, f"{len(items)} items for {len(self.match)} patterns"
            for i, (pat, (body, _n)) in enumerate(zip(self.match, items, strict=True), 1):
                if not tx.phrase_regex(pat).search(tx.normalize(body)):
                    return False, f"item {i} {body[:40]!r} does not match {pat!r}"
        return True, why


class LabelledLines(_Check):
    """Every non-blank line is ``<label>: <text>`` with the labels cycling through ``labels`` in order
    (``[Q, A]``: Q, A, Q, A, ...), ``repeat`` full cycles; markdown emphasis around a label is allowed
    (``**Q:**``). With ``only: false`` other lines may sit between them. ``max_sentences`` bounds each
    labelled text (``{A: 1}``: every answer one sentence)."""

    kind: Literal["labelled_lines"]
    labels: list[str] = Field(min_length=1)
    repeat: int | None = Field(default=None, ge=1)
    only: bool = True
    ignore_case: bool = True
    max_sentences: dict[str, int] = Field(default_factory=dict)

    def run(self, text: str) -> tuple[bool, str]:
        flags = re.IGNORECASE if self.ignore_case else 0
        pats = [re.compile(rf"^[ \t>*_-]*{re.escape(lab)}[*_ \t]*:[*_]*[ \t]*(?P<v>\S.*?)[ \t]*$", flags)
                for lab in self.labels]
        got: list[tuple[int, str]] = []
        for ln in tx.lines(text):
            hit = next(((k, m.group("v")) for k, p in enumerate(pats) if (m := p.match(ln))), None)
            if hit is None:
                if self.only:
                    return False, f"line without a label: {ln.strip()[:50]!r}"
                continue
            got.append(hit)
        want_order = [k % len(self.labels) for k in range(len(got))]
        if [k for k, _ in got] != want_order or len(got) % len(self.labels):
            return False, f"labels in order {[self.labels[k] for k, _ in got][:8]}, want {self.labels} repeated"
        cycles = len(got) // len(self.labels)
        if self.repeat is not None and cycles != self.repeat or not got:
            return False, f"{cycles} labelled groups, want {self.repeat or 'at least 1'}"
        for k, v in got:
            lim = self.max_sentences.get(self.labels[k])
            if lim is not None and (n := len(tx.sentences(v))) > lim:
                return False, f"{self.labels[k]}: {v[:40]!r} has {n} sentences, want at most {lim}"
        return True, f"{cycles} labelled groups"


# --------------------------------------------------------------------------------------- prose checks


class RequiredHeadings(_Check):
    """Markdown ATX headings with exactly these texts (emphasis around a heading's text is ignored)."""

    kind: Literal["required_headings"]
    headings: list[str] = Field(min_length=1)
    in_order: bool = False
    level: int | None = Field(default=None, ge=1, le=6)
    ignore_case: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        def key(s: str) -> str:
            s = tx.normalize(s)
            return s.casefold() if self.ignore_case else s

        found = [key(t) for lvl, t in tx.headings(text) if self.level is None or lvl == self.level]
        want = [key(h) for h in self.headings]
        missing = [h for h, k in zip(self.headings, want, strict=True) if k not in found]
        if missing:
            return False, f"missing headings {_show(missing)}"
        if self.in_order:
            pos = [found.index(k) for k in want]
            if pos != sorted(pos):
                order = [t for _, t in sorted(zip(pos, self.headings, strict=True))]
                return False, f"headings out of order, found as {order}"
        return True, f"all {len(want)} headings present"


class ReadingLevel(_Range):
    """Flesch-Kincaid grade in the band under at least one of the readings common tools give (textstat's,
    and this module's sentences with CMU-dictionary or pyphen syllables; see
    ``_text.flesch_kincaid_grades``): a text fails only when every reading puts it out of band."""

    kind: Literal["reading_level"]

    def run(self, text: str) -> tuple[bool, str]:
        grades = tx.flesch_kincaid_grades(text)
        verdicts = {k: self.judge(g, "")[0] for k, g in grades.items()}
        shown = ", ".join(f"{k} {g:.1f}" for k, g in grades.items())
        ok = any(verdicts.values())
        best = min(grades.values(), key=lambda g: 0 if self.judge(g, "")[0] else min(
            abs(g - b) for b in (self.min, self.max) if b is not None))
        return ok, self.judge(best, "Flesch-Kincaid grade")[1] + f" ({shown})"


class SentenceLength(_Check):
    """Every sentence has ``min``..``max`` words (see ``_text.sentences``; a greeting and a sign-off are
    not sentences): "no sentence longer than 14 words" without a regular expression that backtracks."""

    kind: Literal["sentence_length"]
    min: int | None = Field(default=None, ge=1)
    max: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _bounds(self) -> SentenceLength:
        if self.min is None and self.max is None:
            raise ValueError("give min or max")
        return self

    def run(self, text: str) -> tuple[bool, str]:
        sents = tx.sentences(tx.letter_body(text))
        for i, sent in enumerate(sents, 1):
            n = len(tx.words(sent))
            if (self.max is not None and n > self.max) or (self.min is not None and n < self.min):
                return False, f"sentence {i} has {n} words: {sent[:50]!r}"
        return bool(sents), f"{len(sents)} sentences in range" if sents else "no sentences"


class ParagraphStarts(_Check):
    """The paragraphs begin, in order, with these words (one per paragraph; emphasis and quotes before a
    word are ignored): "the paragraphs begin with First, Second, Third and Finally"."""

    kind: Literal["paragraph_starts"]
    words: list[str] = Field(min_length=1)
    ignore_case: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        paras = tx.paragraphs(text)
        if len(paras) != len(self.words):
            return False, f"{len(paras)} paragraphs for {len(self.words)} opening words"
        for i, (para, want) in enumerate(zip(paras, self.words, strict=True), 1):
            first = tx.words(re.sub(r"^[\W_]+", "", para))[:len(want.split())]
            got = " ".join(first)
            if (got.casefold() != want.casefold()) if self.ignore_case else (got != want):
                return False, f"paragraph {i} begins {got!r}, want {want!r}"
        return True, "every paragraph begins right"


class AvgSentenceLength(_Range):
    kind: Literal["avg_sentence_length"]

    def run(self, text: str) -> tuple[bool, str]:
        return self.judge(tx.avg_sentence_length(text), "words per sentence")


class NoRepetition(_Check):
    """No sentence of ``min_sentence_words``+ words repeated, and (``ngram`` > 0) no word n-gram occurring
    more than ``max_repeats`` times: catches generation loops."""

    kind: Literal["no_repetition"]
    sentences: bool = True
    min_sentence_words: int = Field(default=4, ge=1)
    ngram: int = Field(default=8, ge=0)
    max_repeats: int = Field(default=2, ge=1)

    def run(self, text: str) -> tuple[bool, str]:
        if self.sentences and (rep := tx.repeated_sentences(text, min_words=self.min_sentence_words)):
            s, n = rep[0]
            return False, f"sentence repeated {n}x: {s[:60]!r}"
        if self.ngram and (grams := tx.repeated_ngrams(text, self.ngram, self.max_repeats)):
            g, n = grams[0]
            return False, f"{self.ngram}-gram occurs {n}x (max {self.max_repeats}): {g[:60]!r}"
        return True, "no repetition"


Check = Annotated[
    WordCount | LengthBand | SentenceCount | ParagraphCount | LineCount | CharCount | BulletCount
    | NumberedList | HeadingCount | PlaceholderCount | SectionCount | HighlightedSections | KeywordFrequency
    | RequiredKeywords | ForbiddenKeywords | BannedPhrases | RequiredFacts | KeywordCoverage | Regex | Exact
    | StartsWith | EndsWith | AllLinesEndWith | MaxLineLength | Case | NoCommas | ForbiddenChars | Quoted
    | JsonFormat | Language | RequiredHeadings | ReadingLevel | AvgSentenceLength | NoRepetition | ListItems
    | LabelledLines | SentenceLength | ParagraphStarts,
    Field(discriminator="kind"),
]


class ChecksSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    checks: list[Check] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> ChecksSpec:
        names = [c.label for c in self.checks]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"check names must be unique (set 'name'): {dup}")
        return self


def evaluate(spec: ChecksSpec, text: str) -> list[CheckOutcome]:
    return [CheckOutcome(c.label, *c.run(text)) for c in spec.checks]


@register("checks", ChecksSpec)
def grade_checks(spec: ChecksSpec, answer: Answer, ctx: GradeContext) -> GradeResult:
    outcomes = evaluate(spec, answer.content)
    failed = [o for o in outcomes if not o.passed]
    data: dict[str, Any] = {
        "failed": [o.name for o in failed],
        "results": {o.name: o.passed for o in outcomes},
        "details": {o.name: o.detail for o in outcomes},
    }
    flags = ["empty_answer"] if not answer.content.strip() else []
    if not failed:
        return GradeResult(passed=True, detail=f"all {len(outcomes)} checks passed", flags=flags, data=data)
    detail = "; ".join(f"{o.name}: {o.detail}" for o in failed)
    return GradeResult.fail(f"constraint:{failed[0].name}", detail, flags=flags, **data)
