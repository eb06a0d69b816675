"""The resource sections: the fits table, per-phase table and timeline charts of a run, and memory per column
with deltas in ``compare``."""

from __future__ import annotations

from stackeval.perf.resource_summary import summarize
from stackeval.records.perf import StartupInfo
from stackeval.records.resources import PhaseMark, ResourceSample
from stackeval.records.run import RunInfo, RunSpec
from stackeval.records.stack import StackProfile
from stackeval.records.sweep import ColumnInput, RunData
from stackeval.report.blocks import Doc, to_markdown
from stackeval.report.html import to_html
from stackeval.report.resources import memory_blocks, memory_comparison, resource_blocks

MIB = 1024**2


def _profile(base_mib: int, kv_gib: float):  # noqa: ANN202
    samples = [ResourceSample(t=100.0 + i, host_total_bytes=24 * 1024 * MIB, host_available_bytes=(20 * 1024 - i) * MIB,
                              rss_bytes=(base_mib + 5 * i) * MIB, cpu_s=float(i)) for i in range(8)]
    marks = [PhaseMark(name="process_start", t=99.5), PhaseMark(name="weights_loaded", t=101.5, source="log"),
             PhaseMark(name="kv_allocated", t=102.5, source="log"), PhaseMark(name="ready", t=103.5),
             PhaseMark(name="warmup", t=104.5), PhaseMark(name="c4", t=105.5), PhaseMark(name="end", t=107.5)]
    return summarize({"pid": 42, "host_total_bytes": 24 * 1024 * MIB, "interval_s": 1.0}, samples, marks, source="local",
                     startup=StartupInfo(model_load_gib=0.09, kv_cache_gib=kv_gib, kv_cache_tokens=2048))


def test_run_section_has_fits_phases_and_charts() -> None:
    doc = Doc("t", resource_blocks(_profile(400, 0.0234).model_dump(mode="json")))
    md = to_markdown(doc)
    for s in ("## Resources", "### Fits", "| weights (startup log) | 0.09 GiB |", "KV cache (startup log) | 0.02 GiB, 2,048 tokens",
              "server RSS at ready | 420.0 MiB", "server RSS peak under load (c4) | 435.0 MiB", "### Per phase",
              "| kv_allocated |"):
        assert s in md, s
    html = to_html(doc)
    assert html.count("data:image/svg+xml;base64,") == 2 and "memory over the timeline" in html
    assert resource_blocks(None) == [] and resource_blocks({"not": "a profile"}) == []


def _col(label: str, prof) -> ColumnInput:  # noqa: ANN001
    info = RunInfo(id=f"r-{label}", kind="bench", started_at="x", status="complete", profile="bench", suite_hash="-",
                   stack_fingerprint="f", model="m", endpoint="e", engine="llamacpp", stackeval_version="0",
                   spec=RunSpec(endpoint="e", model="m", profile="bench"))
    docs = {"resources": prof.model_dump(mode="json")} if prof is not None else {}
    return ColumnInput(label=label, runs=[RunData(info=info, stack=StackProfile(endpoint="e"), docs=docs)])


def test_memory_per_column_and_deltas_against_the_first() -> None:
    mc = memory_comparison([_col("f16", _profile(400, 0.0469)), _col("q8_0", _profile(380, 0.0234)), _col("none", None)])
    assert mc is not None and [r.label for r in mc.columns] == ["f16", "q8_0", "none"] and mc.columns[2].runs == 0
    d = {x.metric: x for x in mc.deltas}
    assert d["server RSS at ready"].delta_bytes == -20 * MIB and d["server RSS at ready"].b == "q8_0"
    assert d["KV cache (log)"].delta_bytes < 0
    md = to_markdown(Doc("c", memory_blocks(mc)))
    assert "## Memory" in md and "| f16 | q8_0 | server RSS at ready | 420.0 MiB | 400.0 MiB | -20.0 MiB | -4.8% |" in md
    assert memory_comparison([_col("none", None)]) is None
