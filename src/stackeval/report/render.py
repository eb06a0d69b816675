"""One renderer per output format, for every report. Pure.

A report is built once as a typed document (``SuiteReport``, ``BenchDocument``, ``Comparison``); ``json``
writes that document, ``md`` and ``html`` write the page built from it (``Doc``) with the Markdown or
the HTML writer, and ``term`` is the Markdown for a terminal (the CLI prints it with rich).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from stackeval.records.bench import BenchDocument
from stackeval.records.comparison import Comparison
from stackeval.records.report import SuiteReport
from stackeval.records.run import RunInfo, TestResult
from stackeval.records.stack import StackProfile
from stackeval.report.agentic_report import render_agentic_markdown
from stackeval.report.blocks import Doc, to_markdown
from stackeval.report.compare_page import comparison_page
from stackeval.report.html import to_html
from stackeval.report.resources import resource_blocks
from stackeval.report.run_page import bench_page, run_page
from stackeval.report.suite_report import build_report

__all__ = ["FORMATS", "Format", "render", "render_bench", "render_bench_markdown", "render_comparison", "render_report",
           "render_run"]

Format = Literal["term", "md", "html", "json"]
FORMATS: tuple[str, ...] = ("term", "md", "html", "json")


def render(doc: Doc, fmt: str) -> str:
    """A page as HTML, or as Markdown (``md`` and ``term``)."""
    if fmt == "html":
        return to_html(doc)
    if fmt in ("md", "term"):
        return to_markdown(doc)
    raise ValueError(f"unknown format {fmt!r}")


def _json(model: Any) -> str:
    return model.model_dump_json(indent=2) + "\n"


def render_report(rep: SuiteReport, fmt: str, docs: dict[str, Any] | None = None) -> str:
    """A run's report in ``fmt``. A bench run's JSON is its bench document; an agentic run (``docs`` are its
    stored docs) is reported by its tasks in Markdown and as its suite report otherwise."""
    agentic = rep.headline.kind == "agentic"
    if fmt == "json":
        if rep.headline.kind == "bench" and rep.bench is not None:
            return _json(rep.bench)
        if agentic:
            return json.dumps({"suite": rep.model_dump(mode="json"), "agentic": docs or {}}, indent=2, default=str) + "\n"
        return _json(rep)
    if agentic and fmt in ("md", "term"):
        return render_agentic_markdown(docs or {})
    page = run_page(rep)
    if rep.headline.kind != "bench":  # a bench run's resources are in its bench document
        page.blocks += resource_blocks((docs or {}).get("resources"))
    return render(page, fmt)


def render_run(info: RunInfo, stack: StackProfile, results: Sequence[TestResult], docs: dict[str, Any] | None,
               fmt: str) -> str:
    """Build the run's report once and write it in ``fmt``."""
    return render_report(build_report(info, stack, results, docs), fmt, docs)


def render_bench(bench: BenchDocument | dict[str, Any], fmt: str) -> str:
    doc = bench if isinstance(bench, BenchDocument) else BenchDocument.model_validate(bench)
    return _json(doc) if fmt == "json" else render(bench_page(doc), fmt)


def render_bench_markdown(bench: BenchDocument | dict[str, Any]) -> str:
    return render_bench(bench, "md")


def render_comparison(cmp: Comparison, fmt: str, title: str | None = None) -> str:
    return _json(cmp) if fmt == "json" else render(comparison_page(cmp, title), fmt)
