"""Serving performance against the real local llama.cpp server (SmolLM2-135M).

1. ``stackeval bench`` through the CLI at concurrency 1 and 8: the document's figures exist, obey
   their definitions, count exactly the requested tokens and agree with the server's own counters.
2. Speculative decoding on a second server started here (``--spec-type ngram-mod``): the bench's
   spec-decode figures equal the difference of the server's ``llamacpp:spec_decode_*`` counters,
   scraped and parsed by this test itself around the same window, and the summed per-response
   ``timings.draft_n`` / ``draft_n_accepted``.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
from tests.helpers.cli import stackeval
from tests.integration.conftest import usable_build_names

from stackeval.client.http import Client, ClientOptions
from stackeval.localserver import LocalServer
from stackeval.runner.bench import BenchParams, PromptMaker, level_doc, run_level
from stackeval.stack.discover import discover
from stackeval.store.db import Store

N_TOKENS = 64
_COUNTER = re.compile(r'^llamacpp:spec_decode_num_(drafts|draft_tokens|accepted_tokens)_total(?:\{[^}]*\})? (\S+)$', re.M)
_PER_POS = re.compile(r'^llamacpp:spec_decode_num_accepted_tokens_per_pos_total\{[^}]*position="(\d+)"[^}]*\} (\S+)$', re.M)


# ---- helpers: this test's own /metrics reading, independent of stackeval's parser --------------


def scrape(base_url: str) -> str:
    with urllib.request.urlopen(base_url + "/metrics", timeout=10) as r:  # noqa: S310 (loopback)
        return r.read().decode()


def spec_counters(text: str) -> dict[str, float]:
    out = {k: float(v) for k, v in _COUNTER.findall(text)}
    for pos, v in _PER_POS.findall(text):
        out[f"pos{pos}"] = float(v)
    return out


def minus(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    return {k: v - before.get(k, 0.0) for k, v in after.items()}


def per_position(d: dict[str, float]) -> list[float]:
    n = 1 + max((int(k[3:]) for k in d if k.startswith("pos")), default=-1)
    return [d.get(f"pos{i}", 0.0) for i in range(n)]


def assert_spec_equals(spec: dict, d: dict[str, float]) -> None:
    """The bench's spec-decode record equals the vLLM-semantics figures of counter deltas ``d``."""
    drafts, dt, acc = d["drafts"], d["draft_tokens"], d["accepted_tokens"]
    assert spec["source"] == "llamacpp_metrics"
    assert (spec["drafts"], spec["draft_tokens"], spec["accepted_tokens"]) == (drafts, dt, acc)
    assert spec["acceptance_rate"] == pytest.approx(acc / dt)
    assert spec["mean_accepted_length"] == pytest.approx(1 + acc / drafts)
    pp = per_position(d)
    assert spec["per_position"] == pytest.approx([x / drafts for x in pp])
    assert sum(pp) == acc  # the invariant holds on the raw counters, and the bench saw no violation
    assert spec["violations"] == []


def check_distribution(dist: dict, count: int) -> None:
    assert dist["count"] == count
    for k in ("mean", "p50", "p90", "p99", "min", "max"):
        assert dist[k] is not None and dist[k] > 0, (k, dist)
    assert dist["min"] <= dist["p50"] <= dist["p90"] <= dist["p99"] <= dist["max"]


def check_level(lv: dict, n: int) -> None:
    assert lv["n"] == lv["ok"] == n
    assert lv["errors"] == {} and lv["stopped_early"] == 0 and lv["flags"] == []
    assert lv["output_tokens"] == n * N_TOKENS  # exactly what was asked for, every request
    for name in ("ttft_ms", "ttfb_ms", "tpot_ms", "e2e_ms"):
        check_distribution(lv[name], n)
    ds = lv["decode_tok_s"]
    assert ds["n"] == n and 0 < ds["min"] <= ds["median"] <= ds["max"]
    assert lv["output_tok_s"] > 0 and lv["request_throughput"] > 0
    assert lv["ttfb_ms"]["p50"] <= lv["ttft_ms"]["p50"] < lv["e2e_ms"]["p50"]
    # TPOT is defined as (E2E - TTFT) / (tokens - 1): means are linear, so this holds exactly
    assert lv["tpot_ms"]["mean"] == pytest.approx((lv["e2e_ms"]["mean"] - lv["ttft_ms"]["mean"]) / (N_TOKENS - 1))
    srv = lv["server"]  # /metrics differenced over the level's window
    assert srv["engine"] == "llama.cpp"
    assert srv["generation_tokens"] == srv["client_completion_tokens"] == n * N_TOKENS
    assert srv["token_count_agrees"] is True


# ---- 1. the CLI on the shared local server --------------------------------------------------------


def test_bench_cli_concurrency_1_and_8(local_server, tmp_path: Path) -> None:  # noqa: ANN001
    out, db = tmp_path / "bench.json", tmp_path / "bench.db"
    r = stackeval("bench", "-e", local_server.base_url, "-c", "1,8", "-n", str(N_TOKENS), "--runs", "2",
                  "--requests", "8", "--json", str(out), "--db", str(db), timeout=300)
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    assert doc["schema_version"] == 1 and doc["stack"]["engine"] == "llamacpp"
    assert doc["params"]["fixed_length_fields"] == {"max_tokens": N_TOKENS, "ignore_eos": True, "cache_prompt": False}

    ss = doc["single_stream"]
    assert ss["mode"] == "single_stream"
    check_level(ss, 2)
    assert [lv["concurrency"] for lv in doc["levels"]] == [1, 8]
    for lv in doc["levels"]:
        assert lv["mode"] == "closed_loop"
        check_level(lv, 8)
    c1, c8 = doc["levels"]
    # 8 streams on 4 slots: half the requests wait for a slot, which TTFT (from send) must show
    assert c8["ttft_ms"]["p90"] > c1["ttft_ms"]["p50"]
    assert "spec_decode" not in doc  # speculation is off on this server

    with Store(db) as st:
        run_id = st.resolve_run("latest")
        assert run_id == doc["run_id"] and st.run_info(run_id).status == "complete"
        assert st.docs(run_id)["bench"]["levels"][1]["output_tokens"] == 8 * N_TOKENS
        labels = [label for label, _t, _text in st.snapshots(run_id)]
    assert labels == ["single_stream:before", "single_stream:after", "c1:before", "c1:after", "c8:before", "c8:after"]


# ---- 2. speculative decoding on a second server ------------------------------------------------


@pytest.fixture(scope="module", params=usable_build_names() or ["none"])
def spec_server(request: pytest.FixtureRequest, local_server, tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN001, ANN201
    """llama.cpp with n-gram speculation (no draft model), on every build the probe accepts here.
    ``local_server`` is requested only for its availability check (skip locally, fail in CI)."""
    log = tmp_path_factory.mktemp(f"spec-server-{request.param}") / "llama-server.log"
    with LocalServer(extra_args=["--spec-type", "ngram-mod"], log_path=log, force_build=request.param) as srv:
        yield srv


async def test_spec_decode_equals_the_servers_counters_over_the_same_window(spec_server) -> None:  # noqa: ANN001
    url = spec_server.base_url
    async with Client(ClientOptions(base_url=url, max_retries=0, total_timeout_s=300)) as c:
        stack = await discover(c, url)
        assert stack.engine == "llamacpp" and stack.metrics_available
        p = BenchParams(model=stack.models[0], output_tokens=N_TOKENS, concurrency=(4,), warmup=0,
                        single_stream=False, prompt_style="repeat")
        before = spec_counters(scrape(url))
        lv = await run_level(c, stack, p, PromptMaker(p.input_words, p.seed, p.prompt_style), concurrency=4, n=4)
        after = spec_counters(scrape(url))
    d = minus(after, before)  # nothing else talks to this server: the same window as the bench's
    assert d["drafts"] > 0, "ngram-mod drafted nothing on a repeat prompt"

    doc = level_doc(lv)  # the level as it appears in the bench document
    assert doc["errors"] == {} and doc["stopped_early"] == 0 and doc["output_tokens"] == 4 * N_TOKENS
    assert_spec_equals(doc["spec_decode"], d)

    # every response's own timings, summed here, tell the same story (llama.cpp leaves draft_n out
    # of a response in which nothing was drafted)
    timings = [r.server_timings for r in lv.results]
    assert all(t is not None for t in timings)
    drafting = [t for t in timings if "draft_n" in t]
    assert drafting
    drafted = sum(t["draft_n"] for t in drafting)
    accepted = sum(t["draft_n_accepted"] for t in drafting)
    assert (drafted, accepted) == (d["draft_tokens"], d["accepted_tokens"])
    resp = doc["spec_decode_sources"]["responses"]
    assert resp["source"] == "llamacpp_timings" and resp["requests"] == len(drafting)
    assert (resp["draft_tokens"], resp["accepted_tokens"]) == (drafted, accepted)
    assert resp["acceptance_rate"] == pytest.approx(doc["spec_decode"]["acceptance_rate"])


def test_bench_cli_repeat_prompt_reports_spec_decode(spec_server, tmp_path: Path) -> None:  # noqa: ANN001
    url = spec_server.base_url
    out, db = tmp_path / "spec.json", tmp_path / "spec.db"
    t0 = spec_counters(scrape(url))
    r = stackeval("bench", "-e", url, "--prompt", "repeat", "--no-single-stream", "-c", "2", "--requests", "2",
                  "-n", str(N_TOKENS), "--json", str(out), "--db", str(db), timeout=300)
    assert r.returncode == 0, r.stderr
    t1 = spec_counters(scrape(url))
    doc = json.loads(out.read_text())
    assert doc["params"]["prompt_style"] == "repeat" and "Speculative decoding" in r.stdout
    with Store(db) as st:
        snaps = {label: text for label, _t, text in st.snapshots(doc["run_id"])}
    b0, b1 = spec_counters(snaps["c2:before"]), spec_counters(snaps["c2:after"])
    # the bench's window is the level (its warm-up request came before "c2:before")
    assert_spec_equals(doc["spec_decode"], minus(b1, b0))
    assert b1 == t1  # nothing reached the server after the level's window closed
    warmup = minus(b0, t0)
    assert all(v >= 0 for v in warmup.values())
    assert minus(t1, t0)["draft_tokens"] == doc["spec_decode"]["draft_tokens"] + warmup["draft_tokens"]
