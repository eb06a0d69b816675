"""Console rendering with rich."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.table import Table

from stackeval.records.report import Rate, RunSummary
from stackeval.records.run import RunInfo
from stackeval.records.stack import StackProfile

console = Console(highlight=False, width=None if sys.stdout.isatty() else 140)


def print_markdown(md: str) -> None:
    """A Markdown document on the terminal with its tables whole: rich shrinks table columns to the
    console width and cuts numbers with an ellipsis ("154.3/154…"); a console at least as wide as the
    widest table row lets the terminal wrap instead, and no figure is lost."""
    from rich.markdown import Markdown

    widest = max((len(ln) for ln in md.splitlines() if ln.lstrip().startswith("|")), default=0)
    out = console if widest <= console.width else Console(highlight=False, width=widest + 4)
    out.print(Markdown(md))


def _pct(c: Rate) -> str:
    return "-" if c.rate is None else f"{100 * c.rate:.1f}%"


def summary_table(summary: RunSummary, title: str) -> Table:
    t = Table(title=title, title_justify="left")
    for col in ("group", "pass", "total", "rate", "fail", "error", "timeout"):
        t.add_column(col, justify="left" if col == "group" else "right")
    for kind, groups in (("category", summary.by_category), ("tier", summary.by_tier), ("arm", summary.by_arm)):
        for name, c in groups.items():
            t.add_row(f"{kind}: {name}", str(c.passed), str(c.total), _pct(c), str(c.failed), str(c.errors),
                      str(c.timeouts))
        if groups:
            t.add_section()
    t.add_row("overall", str(summary.passed), str(summary.total), _pct(summary), str(summary.failed),
              str(summary.errors), str(summary.timeouts), style="bold")
    return t


def stack_table(p: StackProfile) -> Table:
    t = Table(title=f"stack at {p.endpoint}", title_justify="left", show_header=False)
    t.add_column("key", style="bold")
    t.add_column("value")
    t.add_row("engine", p.engine)
    t.add_row("engine version", p.engine_version or "?")
    t.add_row("evidence", "; ".join(p.evidence) or "-")
    t.add_row("models", ", ".join(p.models) or "-")
    t.add_row("max model len", str(p.max_model_len or "?"))
    t.add_row("/metrics", "yes" if p.metrics_available else "no")
    t.add_row("fingerprint", p.fingerprint)
    for k, v in p.settings.items():
        src = p.sources.get(k, "")
        t.add_row(k, f"{v}" + (" (recipe)" if src == "recipe" else ""))
    for c in p.conflicts:
        t.add_row(f"CONFLICT {c.key}", f"recipe={c.recipe!r} discovered={c.discovered!r}", style="red")
    return t


def runs_table(runs: list[RunInfo]) -> Table:
    t = Table(title_justify="left")
    for col in ("id", "started (UTC)", "status", "model", "engine", "profile", "pass/total"):
        t.add_column(col)
    for r in runs:
        t.add_row(r.id, r.started_at.replace("T", " ")[:19], r.status, r.model, r.engine, r.profile, f"{r.passed}/{r.total}")
    return t
