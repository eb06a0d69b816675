"""Language detection: script first, then lingua (see :mod:`stackeval.graders._text`)."""

from __future__ import annotations

import re
import threading
from collections import Counter

from stackeval.graders._text_basics import _cjk_word_char, words

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
