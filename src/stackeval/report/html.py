"""The HTML writer: one self-contained HTML file per ``Doc`` (inline CSS, charts as SVG images embedded
as data URIs, no scripts, no external resources). Pure."""

from __future__ import annotations

from stackeval.report.blocks import Chart, Doc, Heading, Note, Table, Text, cell
from stackeval.report.charts import CHART_WIDTH, data_uri, esc

__all__ = ["to_html"]

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:1200px;color:#222;padding:0 1rem}
h1{font-size:1.6rem;border-bottom:2px solid #3366cc;padding-bottom:.3rem}h2{font-size:1.25rem;margin-top:2rem}
h3{font-size:1.05rem}table{border-collapse:collapse;margin:.6rem 0;font-size:.85rem;display:block;overflow-x:auto}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}th{background:#eef2fa}
tr.bad td{background:#fde8e8}tr.padded td{background:repeating-linear-gradient(45deg,#fff,#fff 6px,#e6ecf7 6px,#e6ecf7 12px)}
tr.good td{background:#e8f6e8}.note{padding:.5rem .8rem;border-left:4px solid #3366cc;background:#f3f6fc;margin:.6rem 0}
.note.bad{border-color:#c62828;background:#fdecec}.note.good{border-color:#2e7d32;background:#edf7ee}
.note.warn{border-color:#e69500;background:#fff6e5}figure{margin:1rem 0}figcaption{font-size:.8rem;color:#555}
details{margin:.4rem 0}code{background:#f4f4f4;padding:0 .2rem}
"""


def _html_table(t: Table) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in t.headers)
    rows = []
    for i, r in enumerate(t.rows):
        cls = t.row_class[i] if i < len(t.row_class) and t.row_class[i] else ""
        rows.append(f'<tr class="{cls}">' if cls else "<tr>")
        rows.append("".join(f"<td>{esc(cell(v))}</td>" for v in r) + "</tr>")
    cap = f"<caption>{esc(t.caption)}</caption>" if t.caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def to_html(doc: Doc) -> str:
    parts = [f"<h1>{esc(doc.title)}</h1>"]
    for b in doc.blocks:
        if isinstance(b, Heading):
            parts.append(f"<h{b.level}>{esc(b.text)}</h{b.level}>")
        elif isinstance(b, Text):
            parts.append(f"<p>{esc(b.text)}</p>")
        elif isinstance(b, Note):
            parts.append(f'<div class="note {b.kind}">{esc(b.text)}</div>')
        elif isinstance(b, Table):
            parts.append(_html_table(b))
        elif isinstance(b, Chart):
            parts.append(f'<figure><img src="{data_uri(b.svg)}" alt="{esc(b.title)}" width="{CHART_WIDTH}">'
                         f"<figcaption>{esc(b.title)}</figcaption><details><summary>data</summary>"
                         f"{_html_table(b.data)}</details></figure>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{esc(doc.title)}</title>"
            f"<style>{_CSS}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")
