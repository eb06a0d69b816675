"""Words, lines, paragraphs, characters and sentences; the conventions are documented once in
:mod:`stackeval.graders._text`.
"""

from __future__ import annotations

import re
import unicodedata

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
