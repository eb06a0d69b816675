"""Every measured request of a bench level is stored (migration 3, ``bench_requests``): a user recomputes
any percentile from the stored records and gets the figures the bench reported."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from stackeval.client.http import Client, ClientOptions
from stackeval.perf.stats import percentile
from stackeval.records.bench import BenchDocument
from stackeval.records.run import RunSpec
from stackeval.records.stack import StackProfile
from stackeval.runner.bench import BenchParams, run_bench
from stackeval.store.db import Store
from stackeval.testing.fakeserver import FakeServer, Reply

TOKENS = 8


def _params() -> BenchParams:
    kw = {"workers": 1} if "workers" in BenchParams.__dataclass_fields__ else {}  # one client process
    return BenchParams(model="m", output_tokens=TOKENS, input_words=4, runs=3, concurrency=(1, 4), requests_per_level=12,
                       **kw)


async def test_p50_p99_ttft_recomputed_from_stored_records_match_the_report(tmp_path: Path) -> None:
    rng = random.Random(3)

    def varied(body: dict) -> Reply:  # TTFTs spread over 1-20 ms so the percentiles differ
        return Reply(content="w " * TOKENS, ttft_s=rng.uniform(0.001, 0.02), step_s=0.0005, completion_tokens=TOKENS)

    async with FakeServer(varied) as srv:
        stack = StackProfile(endpoint=srv.base_url, engine="llamacpp", models=["m"])
        with Store(tmp_path / "b.db") as st:
            rid = st.create_run(RunSpec(kind="bench", endpoint=srv.base_url, model="m", profile="bench"), stack, "-", "0", None)
            async with Client(ClientOptions(base_url=srv.base_url, max_retries=0)) as c:
                doc = await run_bench(c, stack, _params(),
                                      on_requests=lambda level, rs: st.put_bench_requests(rid, level, rs, TOKENS))
            st.put_doc(rid, "bench", doc)

    with Store(tmp_path / "b.db") as st:
        bench = BenchDocument.model_validate(st.docs(rid)["bench"])
        assert [r.level for r in st.bench_requests(rid)][:3] == ["single_stream"] * 3
        assert len(st.bench_requests(rid)) == 3 + 12 + 12
        for lv in bench.levels:
            recs = st.bench_requests(rid, lv.label)
            assert len(recs) == lv.n == 12
            ttft = [r.metrics.ttft_ms for r in recs if r.metrics.ok]
            assert len(set(ttft)) > 1
            for q, reported in ((50, lv.ttft_ms.p50), (99, lv.ttft_ms.p99)):
                assert reported is not None
                assert percentile(ttft, q) == pytest.approx(reported, rel=1e-12)
                # and from the raw timings alone, without the stored metrics
                raw = [(r.timings.first_output_ns - r.timings.sent_ns) / 1e6 for r in recs
                       if r.metrics.ok and r.timings.first_output_ns is not None and r.timings.sent_ns is not None]
                assert percentile(raw, q) == pytest.approx(reported, rel=1e-9)
            e2e = [r.metrics.e2e_ms for r in recs if r.metrics.ok and not r.metrics.stopped_early]
            assert percentile(e2e, 90) == pytest.approx(lv.e2e_ms.p90, rel=1e-12)
        ss = bench.single_stream
        assert ss is not None
        dec = [r.metrics.decode_tok_s for r in st.bench_requests(rid, "single_stream")]
        assert None not in dec
        assert percentile(dec, 50) == pytest.approx(ss.decode_tok_s.median, rel=1e-12)


def test_bench_document_loads_back_and_round_trips_through_the_store(tmp_path: Path) -> None:
    stack = StackProfile(endpoint="http://127.0.0.1:1", engine="llamacpp", models=["m"])
    raw = {"schema_version": 1, "stack": stack.model_dump(), "params": {"model": "m", "concurrency": [2], "workers": 3},
           "levels": [{"concurrency": 2, "n": 4, "ok": 4, "ttft_ms": {"count": 4, "p50": 30.0}, "mode": "closed_loop",
                       "client": {"loop_lag_ms": {"count": 1, "p99": 0.2}, "workers": [{"pid": 1}]}}],
           "warnings": ["w"]}
    doc = BenchDocument.model_validate(raw)
    assert doc.levels[0].ttft_ms.p50 == 30.0 and doc.levels[0].label == "c2"
    assert doc.params.model_extra == {"workers": 3}  # fields from a newer stackeval are kept, not refused
    with Store(tmp_path / "d.db") as st:
        rid = st.create_run(RunSpec(kind="bench", endpoint="x", model="m", profile="bench"), stack, "-", "0", None)
        st.put_doc(rid, "bench", doc)  # a typed document is stored as its JSON
        again = BenchDocument.model_validate(st.docs(rid)["bench"])
    assert again == doc
