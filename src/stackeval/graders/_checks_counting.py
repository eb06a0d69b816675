"""Counting checks of the ``checks`` grader (words, sentences, lines, characters, list items, ...)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from stackeval.graders import _text as tx
from stackeval.graders._checks_base import _Counted

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
