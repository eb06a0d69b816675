"""Text measurements behind the ``checks`` grader. Pure, deterministic and unicode-aware.

Conventions (documented here once, relied on by the checks):

- **Words**: runs of letters/digits, keeping inner apostrophes, hyphens and underscores (``don't``,
  ``well-known``, ``COVID-19``, ``snake_case``) and numbers with separators (``3.5``, ``1,250``) as one word. Chinese and Japanese are
  written without spaces, so every Han or kana character counts as one word; Korean (spaced) counts
  normally. Use character counts for CJK length limits.
- **Sentences**: a sentence ends at ``.``, ``!``, ``?``, ``…`` (optionally followed by closing quotes or
  brackets) before whitespace or the end, at ``。！？`` anywhere, and at paragraph breaks. Headings and
  list items are sentences of their own. A line break inside a paragraph is a soft wrap when the line
  ends with a comma, dash or connecting word or the next line starts in lower case; otherwise it ends a
  sentence (forty unpunctuated lines are forty sentences); so does a stop glued to a capitalised word
  (``rained.Then``). :func:`letter_body` drops a greeting line and a sign-off block, which
  ``sentence_count`` does not count. All-lowercase text still splits at periods. A period does not
  end a sentence after a title (``Dr.``, ``St.``), after an abbreviation (``e.g.``, ``etc.``, ``p.m.``,
  any token with an inner period) followed by a lower-case word or digit, or after a capital initial
  followed by a capital (``J. R. Tolkien``); an ellipsis followed by a lower-case word is a pause.
- **Paragraphs**: blocks separated by one or more blank (whitespace-only) lines.
- **Characters**: code points after NFC normalisation of the stripped text; see :func:`char_count`.
- **Language**: script first (kana → ja, Han without kana → zh, Hangul → ko, Greek, Hebrew, Arabic,
  Devanagari, Thai by script), then lingua (a maintained n-gram detector whose models ship in its wheel)
  restricted to the languages the suites ask for and their close neighbours (``LATIN_LANGUAGES``,
  ``CYRILLIC_LANGUAGES``), so Catalan is not Spanish and Ukrainian or Bulgarian not Russian. ``und``
  (undetermined) when the detector is unsure, as with a few words that several languages share.
- **Readability**: Flesch-Kincaid as textstat computes it, and with this module's sentences and syllables
  from the CMU Pronouncing Dictionary (pyphen for words it lacks) or pyphen alone; see
  :func:`flesch_kincaid_grades`.
"""

from __future__ import annotations

# the measurements live in the _text_* modules (issue 15: no module over ~500 lines)
from stackeval.graders._text_basics import (
    avg_sentence_length,
    char_count,
    is_cjk_char,
    letter_body,
    lines,
    normalize,
    normalize_lines,
    paragraphs,
    sentences,
    words,
)
from stackeval.graders._text_language import CYRILLIC_LANGUAGES as CYRILLIC_LANGUAGES
from stackeval.graders._text_language import LATIN_LANGUAGES as LATIN_LANGUAGES
from stackeval.graders._text_language import detect_language
from stackeval.graders._text_match import (
    bullet_lines,
    contains,
    count_phrase,
    headings,
    numbered_items,
    phrase_regex,
    repeated_ngrams,
    repeated_sentences,
    strip_json_fence,
)
from stackeval.graders._text_readability import (
    flesch_kincaid_grade,
    flesch_kincaid_grades,
    flesch_kincaid_textstat,
    syllables,
    syllables_cmu,
    syllables_pyphen,
)

__all__ = [
    "avg_sentence_length", "bullet_lines", "char_count", "contains", "count_phrase", "detect_language",
    "flesch_kincaid_grade", "flesch_kincaid_grades", "flesch_kincaid_textstat", "headings", "is_cjk_char", "letter_body", "lines",
    "normalize", "normalize_lines", "numbered_items", "paragraphs", "phrase_regex", "repeated_ngrams", "repeated_sentences",
    "sentences", "strip_json_fence", "syllables", "syllables_cmu", "syllables_pyphen", "words",
]
