"""Shape checks of the ``checks`` grader (exact text, start/end, case, characters, quoting, JSON, language)."""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import Field, model_validator

from stackeval.graders import _text as tx
from stackeval.graders._checks_base import _Check, _show


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


def _both(text: str, phrase: str, ignore_case: bool) -> tuple[str, str]:
    """The answer and the phrase, normalised alike (and case-folded when asked)."""
    got, want = tx.normalize(text), tx.normalize(phrase)
    return (got.casefold(), want.casefold()) if ignore_case else (got, want)


class StartsWith(_Check):
    kind: Literal["starts_with"]
    phrase: str = Field(min_length=1)
    ignore_case: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        got, want = _both(text, self.phrase, self.ignore_case)
        ok = any(g.startswith(want) for g in (got, _OPENERS.sub("", got)))
        return ok, f"starts {got[: len(want) + 10]!r}, want {want!r}"


class EndsWith(_Check):
    kind: Literal["ends_with"]
    phrase: str = Field(min_length=1)
    ignore_case: bool = False

    def run(self, text: str) -> tuple[bool, str]:
        got, want = _both(text, self.phrase, self.ignore_case)
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
