"""Prose checks of the ``checks`` grader (headings, reading level, sentence length, repetition)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from stackeval.graders import _text as tx
from stackeval.graders._checks_base import _Check, _Range, _show

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
