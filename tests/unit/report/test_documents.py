"""Typed documents load back (suite report, bench document, comparison, exported run), and `report` /
`export` write them from stored runs in every format."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.helpers.cli import stackeval
from tests.unit.report.test_compare import _bench_doc, _k_sweep, _stack

from stackeval.records.bench import BenchDocument
from stackeval.records.comparison import Comparison
from stackeval.records.report import RunDocument, SuiteReport
from stackeval.records.run import RunSpec, TestResult
from stackeval.report.render import render_comparison
from stackeval.report.suite_report import build_report
from stackeval.report.summary import run_document
from stackeval.store.db import Store


def _results() -> list[TestResult]:
    return [TestResult(test_id=f"k1.{c}.core.0{i}", category=c, tier="core", status=s, wall_s=1.0 + i,  # type: ignore[arg-type]
                       failure_class=None if s == "pass" else f, completion_tokens=10 * i, ttft_ms=5.0, decode_tok_s=40.0)
            for i, (c, s, f) in enumerate((("math", "pass", None), ("math", "fail", "format_mismatch"),
                                           ("coding", "fail", "assertion"), ("prose", "pass", None)))]


def _db(tmp_path: Path) -> tuple[Path, str, str]:
    db = tmp_path / "r.db"
    st_ = _stack()
    with Store(db) as st:
        rid = st.create_run(RunSpec(endpoint=st_.endpoint, model="m", profile="smoke"), st_, "h1", "0", None)
        for r in _results():
            st.put_result(rid, r, [])
        st.set_run_status(rid, "complete", finished=True)
        bid = st.create_run(RunSpec(kind="bench", endpoint=st_.endpoint, model="m", profile="bench"), st_, "-", "0", None)
        doc = _bench_doc(50.0, 90.0, {"acceptance_rate": 0.5, "per_position": [0.6, 0.4], "source": "llamacpp_metrics"})
        st.put_doc(bid, "bench", doc)
        st.set_run_status(bid, "complete", finished=True)
    return db, rid, bid


def test_suite_report_and_run_document_load_back(tmp_path: Path) -> None:
    db, rid, _ = _db(tmp_path)
    with Store(db) as st:
        info = st.run_info(rid)
        rep = build_report(info, st.stack(info.stack_fingerprint), list(st.latest_results(rid)), st.docs(rid))
        doc = run_document(info, st.stack(info.stack_fingerprint), list(st.latest_results(rid)), st.docs(rid))
    assert SuiteReport.model_validate_json(rep.model_dump_json()) == rep
    assert rep.headline.overall.passed == 2 and rep.by_category["math"].failed == 1
    assert rep.math_failures.format_mismatch == ["k1.math.core.01"]
    assert RunDocument.model_validate_json(doc.model_dump_json()) == doc
    assert doc.summary.total == 4 and [r.test_id for r in doc.results][0] == "k1.coding.core.02"


def test_comparison_loads_back() -> None:
    cmp = _k_sweep(None, [1, 2, 4, 8, 16])
    again = Comparison.model_validate_json(render_comparison(cmp, "json"))
    assert again == cmp and again.schema_version == 1


def test_report_and_export_in_every_format(tmp_path: Path) -> None:
    db, rid, bid = _db(tmp_path)
    out = {f: stackeval("report", rid, "--db", str(db), "--format", f) for f in ("md", "html", "json", "term")}
    for f, r in out.items():
        assert r.returncode == 0, (f, r.stderr[-2000:])
    rep = SuiteReport.model_validate_json(out["json"].stdout)
    assert rep.headline.run_id == rid and list(rep.by_tier) == ["core"]
    for section in ("Per capability", "Difficulty gradient", "Coding failure modes", "Math failures", "Slowest tests",
                    "Most token-hungry tests", "Quality and speed per category", "95% CI"):
        assert section in out["md"].stdout, section
    assert "<h2>Per capability</h2>" in out["html"].stdout and "Per capability" in out["term"].stdout
    bench = stackeval("report", bid, "--db", str(db), "--format", "json")
    assert BenchDocument.model_validate_json(bench.stdout).single_stream.decode_tok_s.median == 50.0  # type: ignore[union-attr]
    md = stackeval("report", bid, "--db", str(db), "--format", "md").stdout
    assert "## Speed" in md and "### Load levels" in md and "acceptance 50.0%" in md
    exp = stackeval("export", rid, "--db", str(db))
    assert RunDocument.model_validate(json.loads(exp.stdout)).run.id == rid
    rows = list(csv.DictReader(io.StringIO(stackeval("export", rid, "--db", str(db), "--format", "csv").stdout)))
    assert len(rows) == 4 and rows[0]["test_id"] == "k1.coding.core.02" and rows[0]["flags"] == ""
