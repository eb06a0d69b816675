"""Phrase checks of the ``checks`` grader (keywords, banned phrases, facts, regex)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from stackeval.graders import _text as tx
from stackeval.graders._checks_base import _Check, _phrases_found, _show

DEFAULT_BANNED: tuple[str, ...] = (
    "in today's fast-paced world", "delve", "delves", "delving", "tapestry", "testament to",
    "it is important to note", "it's important to note", "in conclusion", "game-changer", "game changer",
    "unlock the power", "navigate the complexities", "ever-evolving landscape", "at the end of the day",
    "needless to say", "a myriad of", "seamlessly", "embark on a journey",
)


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
