"""Structure checks of the ``checks`` grader (list items, optionally under a heading; labelled lines)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from stackeval.graders import _text as tx
from stackeval.graders._checks_base import _Check, _Counted

# ------------------------------------------------------------------------------------ structure checks

_ITEM = re.compile(r"^[ \t]{0,8}(?:(?P<bullet>[-*+\u2022\u2013])|(?P<b>\*\*|__)?(?P<num>\d{1,3})[.)](?P=b)?)[ \t]+"
                   r"(?P<text>\S.*?)[ \t]*$")


def _section(text: str, heading: str | None) -> str | None:
    """The lines under the ATX heading whose text is ``heading`` (case and emphasis ignored) up to the next
    heading of the same or a higher level; the whole text when ``heading`` is None; None if not found."""
    if heading is None:
        return text
    want = tx.normalize(heading).casefold().rstrip(":")
    out: list[str] = []
    level = 0
    for ln in text.splitlines():
        m = re.match(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$", ln)
        if m:
            title = re.sub(r"^(\*\*|__|\*|_)(.+)\1$", r"\2", m.group(2).strip())
            if level and len(m.group(1)) <= level:
                break
            if not level and tx.normalize(title).casefold().rstrip(":") == want:
                level = len(m.group(1))
                continue
        if level:
            out.append(ln)
    return "\n".join(out) if level else None


class ListItems(_Counted):
    """The list items of the answer, or of the section under ``under_heading``, read tolerantly: ``-``,
    ``*``, ``+``, ``•`` or ``1.``/``1)`` markers, any spaces after the marker, blank lines between items,
    emphasis and trailing spaces allowed. The count is ``exact``/``min``/``max``. Options:

    - ``style``: ``bullet``, ``numbered`` (numbered 1, 2, 3, ... in order) or ``any``;
    - ``only``: nothing but the list there (no intro, no closing line);
    - ``item_words_min``/``item_words_max``: words per item, the marker not counted;
    - ``match``: one phrase (``re:`` for a regular expression) per item, in order, searched in the item's
      text case-insensitively (``re:^1788:.*\\bmill\\b`` for "1788: Mill on the Brook opens").
    """

    kind: Literal["list_items"]
    style: Literal["bullet", "numbered", "any"] = "any"
    under_heading: str | None = None
    only: bool = False
    item_words_min: int | None = Field(default=None, ge=0)
    item_words_max: int | None = Field(default=None, ge=0)
    match: list[str] = Field(default_factory=list)

    def run(self, text: str) -> tuple[bool, str]:
        where = "" if self.under_heading is None else f" under {self.under_heading!r}"
        sect = _section(text, self.under_heading)
        if sect is None:
            return False, f"no heading {self.under_heading!r}"
        items: list[tuple[str, int | None]] = []
        stray: list[str] = []
        fenced = False
        for ln in sect.splitlines():
            if re.match(r"^\s{0,3}(```|~~~)", ln):
                fenced = not fenced
            m = None if fenced else _ITEM.match(ln)
            if m and (self.style == "any" or (self.style == "bullet") == bool(m.group("bullet"))):
                body = re.sub(r"^(\*\*|__)(.+?)\1", r"\2", m.group("text"))
                items.append((body, int(m.group("num")) if m.group("num") else None))
            elif ln.strip() and items and ln[:1] in " \t" and not _ITEM.match(ln):
                items[-1] = (items[-1][0] + " " + ln.strip(), items[-1][1])  # an indented continuation
            elif ln.strip():
                stray.append(ln.strip())
        ok, why = self.judge(len(items), f"list items{where}")
        if not ok:
            return ok, why
        if self.only and stray:
            return False, f"text besides the list{where}: {stray[0][:50]!r}"
        nums = [n for _, n in items]
        if self.style == "numbered" and nums != list(range(1, len(items) + 1)):
            return False, f"numbered {nums}, want 1..{len(items)} in order"
        for i, (body, _n) in enumerate(items, 1):
            n = len(tx.words(body))
            if self.item_words_min is not None and n < self.item_words_min:
                return False, f"item {i} has {n} words, want at least {self.item_words_min}"
            if self.item_words_max is not None and n > self.item_words_max:
                return False, f"item {i} has {n} words, want at most {self.item_words_max}"
        if self.match:
            if len(self.match) != len(items):
                return False, f"{len(items)} items for {len(self.match)} patterns"
            for i, (pat, (body, _n)) in enumerate(zip(self.match, items, strict=True), 1):
                if not tx.phrase_regex(pat).search(tx.normalize(body)):
                    return False, f"item {i} {body[:40]!r} does not match {pat!r}"
        return True, why


class LabelledLines(_Check):
    """Every non-blank line is ``<label>: <text>`` with the labels cycling through ``labels`` in order
    (``[Q, A]``: Q, A, Q, A, ...), ``repeat`` full cycles; markdown emphasis around a label is allowed
    (``**Q:**``). With ``only: false`` other lines may sit between them. ``max_sentences`` bounds each
    labelled text (``{A: 1}``: every answer one sentence)."""

    kind: Literal["labelled_lines"]
    labels: list[str] = Field(min_length=1)
    repeat: int | None = Field(default=None, ge=1)
    only: bool = True
    ignore_case: bool = True
    max_sentences: dict[str, int] = Field(default_factory=dict)

    def run(self, text: str) -> tuple[bool, str]:
        flags = re.IGNORECASE if self.ignore_case else 0
        pats = [re.compile(rf"^[ \t>*_-]*{re.escape(lab)}[*_ \t]*:[*_]*[ \t]*(?P<v>\S.*?)[ \t]*$", flags)
                for lab in self.labels]
        got: list[tuple[int, str]] = []
        for ln in tx.lines(text):
            hit = next(((k, m.group("v")) for k, p in enumerate(pats) if (m := p.match(ln))), None)
            if hit is None:
                if self.only:
                    return False, f"line without a label: {ln.strip()[:50]!r}"
                continue
            got.append(hit)
        want_order = [k % len(self.labels) for k in range(len(got))]
        if [k for k, _ in got] != want_order or len(got) % len(self.labels):
            return False, f"labels in order {[self.labels[k] for k, _ in got][:8]}, want {self.labels} repeated"
        cycles = len(got) // len(self.labels)
        if self.repeat is not None and cycles != self.repeat or not got:
            return False, f"{cycles} labelled groups, want {self.repeat or 'at least 1'}"
        for k, v in got:
            lim = self.max_sentences.get(self.labels[k])
            if lim is not None and (n := len(tx.sentences(v))) > lim:
                return False, f"{self.labels[k]}: {v[:40]!r} has {n} sentences, want at most {lim}"
        return True, f"{cycles} labelled groups"
