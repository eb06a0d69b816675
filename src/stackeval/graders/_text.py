"""Text measurements behind the ``checks`` grader. Pure, deterministic and unicode-aware.

Conventions (documented here once, relied on by the checks):

- **Words**: runs of letters/digits, keeping inner apostrophes and hyphens (``don't``, ``well-known``,
  ``COVID-19``) and numbers with separators (``3.5``, ``1,250``) as one word. Chinese and Japanese are
  written without spaces, so every Han or kana character counts as one word; Korean (spaced) counts
  normally. Use character counts for CJK length limits.
- **Sentences**: a sentence ends at ``.``, ``!``, ``?``, ``…`` (optionally followed by closing quotes or
  brackets) before whitespace or the end, at ``。！？`` anywhere, and at paragraph breaks. Headings and
  list items are sentences of their own; other line breaks inside a paragraph are soft wraps (so a
  greeting line without punctuation joins the next line). All-lowercase text still splits at periods. A period does not
  end a sentence after a title (``Dr.``, ``St.``), after an abbreviation (``e.g.``, ``etc.``, ``p.m.``,
  any token with an inner period) followed by a lower-case word or digit, or after a capital initial
  followed by a capital (``J. R. Tolkien``); an ellipsis followed by a lower-case word is a pause.
- **Paragraphs**: blocks separated by one or more blank (whitespace-only) lines.
- **Characters**: code points after NFC normalisation of the stripped text; see :func:`char_count`.
- **Language**: script first (kana → ja, Han without kana → zh, Hangul → ko, Cyrillic → ru, ...), then for
  Latin script the share of stopwords of en/fr/es/de/it/pt/nl. Reliable from about ten words of ordinary
  prose; short, mixed or list-only text may come out ``und`` (undetermined) or wrong. Cyrillic is always
  ``ru`` (no uk/bg distinction).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

__all__ = [
    "avg_sentence_length", "bullet_lines", "char_count", "contains", "count_phrase", "detect_language",
    "flesch_kincaid_grade", "headings", "is_cjk_char", "lines", "normalize", "numbered_items", "paragraphs",
    "phrase_regex", "repeated_ngrams", "repeated_sentences", "sentences", "strip_json_fence", "syllables",
    "words",
]

# ---------------------------------------------------------------------------------------------- basics

_QUOTES = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-",
})


def normalize(text: str) -> str:
    """NFKC, typographic quotes and hyphens to ASCII, whitespace runs to one space, stripped.

    Used on both sides of every phrase comparison, so ``Let’s`` matches ``Let's`` and a no-break space
    matches a space.
    """
    t = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    return re.sub(r"\s+", " ", t).strip()


def _cjk_word_char(ch: str) -> bool:
    """Han ideographs and kana: the characters of unspaced scripts (each is one 'word')."""
    o = ord(ch)
    return (
        0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF or 0xFF66 <= o <= 0xFF9F or 0x20000 <= o <= 0x3FFFF
    )


def is_cjk_char(ch: str) -> bool:
    """Han, kana, Hangul, CJK punctuation or fullwidth form."""
    o = ord(ch)
    return (
        _cjk_word_char(ch) or 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F
        or 0x3000 <= o <= 0x303F or 0xFF00 <= o <= 0xFFEF
    )


_WORD_RE = re.compile(r"\d+(?:[.,:]\d+)*%?|[^\W_]+(?:['\u2019\-][^\W_]+)*")


def words(text: str) -> list[str]:
    out: list[str] = []
    for tok in _WORD_RE.findall(unicodedata.normalize("NFC", text)):
        if not any(_cjk_word_char(c) for c in tok):
            out.append(tok)
            continue
        run = ""
        for c in tok:
            if _cjk_word_char(c):
                if run:
                    out.append(run)
                    run = ""
                out.append(c)
            else:
                run += c
        if run:
            out.append(run)
    return out


def lines(text: str) -> list[str]:
    """Non-blank lines, trailing whitespace removed."""
    return [ln.rstrip() for ln in text.splitlines() if ln.strip()]


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n[^\S\n]*\n\s*", text.strip()) if p.strip()]


def char_count(text: str, *, whitespace: bool = True, cjk: bool = False) -> int:
    """Characters of the stripped, NFC-normalised text.

    ``cjk=True`` counts the way Chinese/Japanese length limits are meant: every visible character (a Han
    character, a kana, a Hangul syllable, a fullwidth punctuation mark, a Latin letter or digit) is one;
    whitespace, line breaks, combining marks and zero-width format characters never count, so
    ``whitespace`` is ignored. Otherwise every code point counts, whitespace only if ``whitespace``.
    """
    t = unicodedata.normalize("NFC", text.strip())
    if cjk:
        return sum(1 for c in t if not c.isspace() and unicodedata.category(c) not in ("Mn", "Me", "Cf"))
    if not whitespace:
        return sum(1 for c in t if not c.isspace())
    return len(t)


# ------------------------------------------------------------------------------------------- sentences

# never end a sentence after these ("Dr. Smith"); the soft ones do not when the next word is lower case
_TITLE_ABBREV = frozenset("mr mrs ms dr prof sr jr st mt capt col gen lt sgt rev fig figs".split())
_SOFT_ABBREV = frozenset("etc vs approx cf dept est incl al e.g i.e a.m p.m".split())
_LATIN_END = re.compile(r"[.!?\u2026\u203d]+[\"'\u201d\u2019)\]\u00bb]*(?=\s|$)")
_CJK_END = re.compile(r"[\u3002\uff01\uff1f]+[\u300d\u300f\uff09)\"'\u201d]*")
_CLOSERS = "\"'\u201d\u2019)]\u00bb"


def _ends_sentence(line: str, m: re.Match[str]) -> bool:
    mark = m.group().rstrip(_CLOSERS)
    rest = line[m.end():].lstrip()
    nxt = rest[:1]
    if "?" in mark or "!" in mark or "\u203d" in mark:
        return True
    if mark != ".":  # an ellipsis: a pause unless a capital follows
        return not (nxt.islower() or nxt.isdigit())
    before = re.search(r"([^\s(\[\"']+)$", line[: m.start()])
    prev = before.group(1) if before else ""
    low = prev.lower()
    if low in _TITLE_ABBREV:
        return False
    if (low in _SOFT_ABBREV or "." in prev) and (nxt.islower() or nxt.isdigit()):
        return False
    return not (re.fullmatch(r"[A-Z]", prev) and nxt.isupper())  # an initial: "J. R. Tolkien"


def _line_sentences(line: str) -> list[str]:
    cuts = [m.end() for m in _CJK_END.finditer(line)]
    cuts += [m.end() for m in _LATIN_END.finditer(line) if _ends_sentence(line, m)]
    out: list[str] = []
    start = 0
    for c in sorted(set(cuts)):
        out.append(line[start:c])
        start = c
    out.append(line[start:])
    return [s.strip() for s in out if re.search(r"[^\W_]", s)]


_HEADING_LINE = re.compile(r"^ {0,3}#{1,6}\s")
_ITEM_LINE = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)]|>|\|)\s")


def _units(text: str) -> list[str]:
    """Paragraphs with soft-wrapped lines joined; headings and list items are units of their own (an
    indented line continues the list item above it)."""
    units: list[str] = []
    for para in paragraphs(text):
        buf: list[str] = []
        in_item = False
        for ln in para.splitlines():
            if not ln.strip():
                continue
            heading, item = bool(_HEADING_LINE.match(ln)), bool(_ITEM_LINE.match(ln))
            if heading or item or (in_item and not ln[:1].isspace()):
                if buf:
                    units.append(" ".join(buf))
                buf, in_item = [], item
            buf.append(ln.strip())
            if heading:
                units.append(" ".join(buf))
                buf = []
        if buf:
            units.append(" ".join(buf))
    return units


def sentences(text: str) -> list[str]:
    out: list[str] = []
    for unit in _units(text):
        out.extend(_line_sentences(unit))
    return out


def avg_sentence_length(text: str) -> float:
    sents = sentences(text)
    return sum(len(words(s)) for s in sents) / len(sents) if sents else 0.0


# ------------------------------------------------------------------------------- syllables, readability


def syllables(word: str) -> int:
    """English syllable estimate: vowel groups, minus a silent final ``e`` / ``es`` / ``ed``; at least 1.

    Accents are folded (``café`` → ``cafe``); a token without letters (a number) counts as one syllable.
    """
    w = "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if "a" <= c <= "z")
    if not w:
        return 1
    if len(w) <= 3:
        return 1
    n = len(re.findall(r"[aeiouy]+", w))
    if w.endswith("e") and not re.search(r"[^aeiouy]le$", w) and not w.endswith(("ee", "ye")):
        n -= 1
    elif w.endswith("es") and not re.search(r"(?:[sxz]|[cs]h|[cg])es$", w):
        n -= 1
    elif w.endswith("ed") and not re.search(r"[td]ed$", w):
        n -= 1
    return max(1, n)


def flesch_kincaid_grade(text: str) -> float:
    """0.39 · words/sentences + 11.8 · syllables/words − 15.59 (0.0 for text without words)."""
    sents = sentences(text)
    ws = [w for w in words(text) if not _cjk_word_char(w[0])]
    if not sents or not ws:
        return 0.0
    syl = sum(syllables(w) for w in ws)
    return 0.39 * len(ws) / len(sents) + 11.8 * syl / len(ws) - 15.59


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


_JSON_FENCE = re.compile(r"^```[ \t]*(?:json|JSON)?[ \t]*\n(.*?)\n?```$", re.DOTALL)


def strip_json_fence(text: str) -> tuple[str, bool]:
    """The stripped text, or the inside of one ```json fence wrapping the whole answer; and whether fenced."""
    t = text.strip()
    m = _JSON_FENCE.match(t)
    if m and "```" not in m.group(1):
        return m.group(1).strip(), True
    return t, False


# -------------------------------------------------------------------------------------------- language

_STOPWORDS: dict[str, frozenset[str]] = {
    "en": frozenset("the and of to a in is that it for on with as was are be this by not or have from at "
                    "which but you we they will can has an were been their its".split()),
    "fr": frozenset("le la les de des et est un une du en que qui dans pour pas sur au aux avec ce il elle "
                    "sont nous vous ne plus par se cette son sa ses leur être mais ou".split()),
    "es": frozenset("el la los las de del y en que un una es por con para no se su al lo como más pero sus "
                    "le ya o este esta son muy también hay".split()),
    "de": frozenset("der die das und ist nicht ein eine zu den von mit sich des auf für im dem auch es sie "
                    "ich wir wird werden sind war bei oder aus nach einer".split()),
    "it": frozenset("il lo la gli le di e che un una per non è in del della con sono si da come anche più ma "
                    "questo nel alla dei delle".split()),
    "pt": frozenset("o a os as de do da e que um uma em para com não é por se no na mais como mas dos das ao "
                    "são também pelo pela".split()),
    "nl": frozenset("de het een en van is dat op te in niet met voor zijn er aan ook als maar bij worden "
                    "wordt naar deze".split()),
}
_LETTER_HINTS: dict[str, str] = {"es": "ñ¿¡", "de": "ßäöü", "fr": "çèêàœùâî", "pt": "ãõç", "it": "òìù"}


def _script(ch: str) -> str | None:
    o = ord(ch)
    if 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
        return "kana"
    if _cjk_word_char(ch):
        return "han"
    if 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
        return "ko"
    if not ch.isalpha():
        return None
    for lo, hi, name in ((0x0400, 0x052F, "ru"), (0x0370, 0x03FF, "el"), (0x0590, 0x05FF, "he"),
                         (0x0600, 0x06FF, "ar"), (0x0900, 0x097F, "hi"), (0x0E00, 0x0E7F, "th")):
        if lo <= o <= hi:
            return name
    return "latin" if o < 0x0250 or 0x1E00 <= o <= 0x1EFF else None


def detect_language(text: str) -> tuple[str, dict[str, float]]:
    """A best-guess language code and the scores behind it (see the module docstring for the limits)."""
    scripts = Counter(s for s in map(_script, text) if s)
    if not scripts:
        return "und", {}
    top, _ = scripts.most_common(1)[0]
    cjk = scripts["han"] + scripts["kana"]
    if cjk >= max(scripts["latin"], scripts["ko"]) and cjk:
        share = scripts["kana"] / cjk
        return ("ja" if share >= 0.1 else "zh"), {"kana_share": round(share, 3)}
    if top != "latin":
        return top, {top: 1.0}
    toks = [w.lower() for w in words(text)]
    if not toks:
        return "und", {}
    low = text.lower()
    scores: dict[str, float] = {}
    for lang, stop in _STOPWORDS.items():
        hits = sum(1 for t in toks if t in stop)
        hint = sum(low.count(c) for c in _LETTER_HINTS.get(lang, ""))
        scores[lang] = round((hits + 0.5 * hint) / len(toks), 4)
    best = max(scores, key=lambda k: scores[k])
    if scores[best] == 0:
        return "und", scores
    return best, scores
