"""A report as a list of blocks (headings, text, notes, tables, charts) and the Markdown writer. Pure.

Every page (a run, a bench run, a comparison) is built once as a ``Doc``; the Markdown writer here and the
HTML writer (``stackeval.report.html``) both write the same ``Doc``. In Markdown a chart is written as
its data table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["Block", "Chart", "Doc", "Heading", "Note", "Table", "Text", "cell", "ci", "num", "pct", "stat", "to_markdown"]


@dataclass
class Heading:
    text: str
    level: int = 2


@dataclass
class Text:
    text: str


@dataclass
class Note:
    text: str
    kind: Literal["info", "good", "bad", "warn"] = "info"


@dataclass
class Table:
    headers: list[str]
    rows: list[list[Any]]
    row_class: list[str] = field(default_factory=list)  # per row: "", "bad", "padded", ...
    caption: str = ""


@dataclass
class Chart:
    title: str
    svg: str
    data: Table


Block = Heading | Text | Note | Table | Chart


@dataclass
class Doc:
    title: str
    blocks: list[Block] = field(default_factory=list)


def cell(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.4g}" if abs(v) < 1e4 else f"{v:.0f}"
    if isinstance(v, (list, dict)):
        return json.dumps(v, default=str)
    return str(v)


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def ci(lo: float | None, hi: float | None) -> str:
    return "–" if lo is None or hi is None else f"{100 * lo:.0f}–{100 * hi:.0f}%"


def num(x: float | None, nd: int = 1) -> str:
    return "–" if x is None else f"{x:.{nd}f}"


def stat(s: Any) -> str:
    if s is None:
        return "–"
    iv = f" [{s.low:.1f}, {s.high:.1f}]" if s.low is not None and s.high is not None else ""
    return f"{s.mean:.1f}{iv} (n={s.n})"


def _md_cell(v: Any) -> str:
    return cell(v).replace("|", "\\|").replace("\n", " ")


def _md_table(t: Table) -> list[str]:
    out = ["| " + " | ".join(t.headers) + " |", "|" + "|".join("---" for _ in t.headers) + "|"]
    for i, r in enumerate(t.rows):
        mark = " (padded)" if i < len(t.row_class) and t.row_class[i] == "padded" else ""
        cells = [_md_cell(v) for v in r]
        if mark and cells:
            cells[0] += mark
        out.append("| " + " | ".join(cells) + " |")
    return out


def to_markdown(doc: Doc) -> str:
    L = [f"# {doc.title}", ""]
    for b in doc.blocks:
        if isinstance(b, Heading):
            L += ["#" * b.level + " " + b.text, ""]
        elif isinstance(b, Text):
            L += [b.text, ""]
        elif isinstance(b, Note):
            L += [f"> {'**' + b.kind + ':** ' if b.kind in ('bad', 'warn') else ''}{b.text}", ""]
        elif isinstance(b, Table):
            L += [*_md_table(b), ""]
        elif isinstance(b, Chart):
            L += [f"*Chart: {b.title}* (drawn in the HTML report)", "", *_md_table(b.data), ""]
    return "\n".join(L).rstrip() + "\n"
