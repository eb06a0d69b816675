"""n-gram speculative decoding on real vLLM (CPU backend), K=3, with real ``vllm:spec_decode_*`` counters.

1. ``stackeval bench --prompt repeat``: the document's spec-decode figures (acceptance rate, mean
   accepted length, per position) equal the deltas of the server's counters over the level's window,
   read by this test from the bench's stored raw /metrics texts and bracketed by its own scrapes.
2. Requests driven here through ``stackeval.client``: vLLM's per-request ``metrics.speculative_decoding``
   objects summed by ``stackeval.perf.specdecode`` equal the counter deltas over the same window
   (``stackeval.stack.prometheus``), and the periodic ``SpecDecoding metrics`` log lines add up to the
   counters' totals (``stackeval.stack.logs``).
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from stackeval.client.http import Client, ClientOptions
from stackeval.perf.specdecode import from_counters, from_vllm_requests, vllm_request_spec_object
from stackeval.records.request import ChatRequest, ChatResult
from stackeval.runner.bench import PromptMaker
from stackeval.stack.logs import parse_startup_log
from stackeval.stack.prometheus import diff, parse_metrics
from stackeval.stack.prometheus import spec_counters as se_spec_counters
from stackeval.store.db import Store
from tests.helpers.cli import stackeval
from tests.integration_vllm._helpers import (
    assert_spec_equals,
    counter,
    minus,
    per_position,
    scrape,
    scrape_until,
    spec_counters,
)

K = 3
N_TOKENS = 64


def test_startup_log_shows_the_speculative_config(vllm_spec_server) -> None:  # noqa: ANN001
    info = parse_startup_log(vllm_spec_server.log_path.read_text(errors="replace"))
    assert info.engine == "vllm" and info.ready and info.fatal_error is None
    spec = info.speculative_config or {}
    assert spec.get("method") == "ngram"
    assert spec.get("num_speculative_tokens", spec.get("num_spec_tokens")) == K


def test_stack_profile_records_speculative_decoding(vllm_spec_server) -> None:  # noqa: ANN001
    r = stackeval("stack", "-e", vllm_spec_server.base_url, "--json", timeout=60)
    assert r.returncode == 0, r.stderr
    prof = json.loads(r.stdout)
    assert prof["engine"] == "vllm"
    assert prof["settings"]["metrics.spec_decode"] is True
    assert prof["settings"]["metrics.spec_decode.num_positions"] == K


def test_bench_cli_spec_decode_equals_the_counter_deltas(vllm_spec_server, tmp_path: Path) -> None:  # noqa: ANN001
    url = vllm_spec_server.base_url
    out, db = tmp_path / "spec.json", tmp_path / "spec.db"
    t0 = spec_counters(scrape(url))
    r = stackeval("bench", "-e", url, "--prompt", "repeat", "--no-single-stream", "-c", "2", "--requests", "4",
                  "-n", str(N_TOKENS), "--json", str(out), "--db", str(db), timeout=600)
    assert r.returncode == 0, r.stderr
    t1 = spec_counters(scrape(url))
    doc = json.loads(out.read_text())
    assert doc["params"]["prompt_style"] == "repeat" and "Speculative decoding" in r.stdout
    (lv,) = doc["levels"]
    assert lv["errors"] == {} and lv["ok"] == 4 and lv["output_tokens"] == 4 * N_TOKENS
    assert lv["server"]["token_count_agrees"] is True
    with Store(db) as st:
        snaps = {label: text for label, _t, text in st.snapshots(doc["run_id"])}
    b0, b1 = spec_counters(snaps["c2:before"]), spec_counters(snaps["c2:after"])
    d = minus(b1, b0)
    assert d["drafts"] > 0, "n-gram speculation drafted nothing on a repeat prompt"
    assert_spec_equals(doc["spec_decode"], d)
    assert doc["spec_decode"]["k"] == K and len(doc["spec_decode"]["per_position"]) == K
    assert d["draft_tokens"] <= K * d["drafts"]
    # a repeat prompt is what n-gram lookup is for: a good share of the drafts is accepted
    assert doc["spec_decode"]["acceptance_rate"] > 0.2
    # the bench's snapshots are the server's: bracketed by this test's own scrapes
    warmup = minus(b0, t0)
    assert all(v >= 0 for v in warmup.values())
    assert all(v >= 0 for v in minus(t1, b1).values())


async def _drive(url: str, model: str, n: int, concurrency: int) -> list[ChatResult]:
    prompts = PromptMaker(48, seed=11, style="repeat")
    sem = asyncio.Semaphore(concurrency)
    async with Client(ClientOptions(base_url=url, max_retries=0, total_timeout_s=300)) as c:
        async def one(i: int) -> ChatResult:
            body = {"model": model, "temperature": 0, "max_tokens": N_TOKENS, "ignore_eos": True,
                    "min_tokens": N_TOKENS, "messages": [{"role": "user", "content": prompts("drive")}]}
            async with sem:
                return await c.chat(ChatRequest(body=body, stream=i % 2 == 0))

        return list(await asyncio.gather(*(one(i) for i in range(n))))


def _window(srv, n: int = 4) -> tuple[list[ChatResult], str, str]:  # noqa: ANN001
    url = srv.base_url
    before = scrape(url)
    g0 = counter(before, "vllm:generation_tokens_total")
    results = asyncio.run(_drive(url, srv.served_model_name, n, concurrency=2))
    assert all(r.ok for r in results), [r.error for r in results]
    gen = sum(r.usage.completion_tokens for r in results)
    after = scrape_until(url, lambda t: counter(t, "vllm:generation_tokens_total") - g0 >= gen)
    assert counter(after, "vllm:generation_tokens_total") - g0 == gen == n * N_TOKENS
    return results, before, after


def test_per_request_objects_and_counters_agree(vllm_spec_server) -> None:  # noqa: ANN001
    results, before, after = _window(vllm_spec_server)
    d = minus(spec_counters(after), spec_counters(before))
    assert d["drafts"] > 0

    # stackeval's own window math on the real exposition
    window = from_counters(se_spec_counters(diff(parse_metrics(before), parse_metrics(after))))
    assert_spec_equals(window.model_dump(), d)

    # vLLM's per-request objects (streamed in the terminal chunk, or in the whole response)
    objs = [vllm_request_spec_object(r) for r in results]
    assert all(o is not None for o in objs), [r.extra for r in results]
    per_req = from_vllm_requests(objs)
    assert per_req.requests == len(results) and per_req.k == K
    assert (per_req.drafts, per_req.draft_tokens, per_req.accepted_tokens) == (
        d["drafts"], d["draft_tokens"], d["accepted_tokens"])
    assert per_req.acceptance_rate == pytest.approx(window.acceptance_rate)
    assert per_req.mean_accepted_length == pytest.approx(window.mean_accepted_length)
    for o in objs:  # vLLM's own per-request mean length uses the same definition
        assert o["mean_acceptance_length"] == pytest.approx(1 + o["num_accepted_draft_tokens"] / o["num_spec_steps"])
    # acceptance_histogram (a dense list in vLLM 0.32: index = drafts accepted in a step) rebuilt
    # into per-position counts, by hand, equals the per-position counters
    hist = [0.0] * (K + 1)
    for o in objs:
        h = o["acceptance_histogram"]
        items = h.items() if isinstance(h, dict) else enumerate(h)
        for a, c in items:
            hist[int(a)] += c
    assert sum(hist) == d["drafts"]
    assert [sum(hist[i + 1 :]) for i in range(K)] == per_position(d)


def test_per_request_per_position_from_list_histograms(vllm_spec_server) -> None:  # noqa: ANN001
    results, before, after = _window(vllm_spec_server, n=2)
    d = minus(spec_counters(after), spec_counters(before))
    per_req = from_vllm_requests([vllm_request_spec_object(r) for r in results])
    assert per_req.per_position == pytest.approx([x / d["drafts"] for x in per_position(d)])


def test_log_lines_add_up_to_the_counters(vllm_spec_server) -> None:  # noqa: ANN001
    """vLLM logs a ``SpecDecoding metrics`` line every 10 s in which something was drafted; once
    the server has been idle for a full interval, the lines sum to the counters' totals."""
    url, log = vllm_spec_server.base_url, vllm_spec_server.log_path
    totals = spec_counters(scrape(url))
    if totals["drafts"] == 0:  # run alone: make some traffic first
        _window(vllm_spec_server, n=2)
        totals = spec_counters(scrape(url))
    assert totals["drafts"] > 0
    deadline = time.monotonic() + 40
    info = parse_startup_log(log.read_text(errors="replace"))
    while info.log_spec_accepted != totals["accepted_tokens"] and time.monotonic() < deadline:
        time.sleep(2)
        info = parse_startup_log(log.read_text(errors="replace"))
    assert info.log_spec_lines > 0
    assert (info.log_spec_accepted, info.log_spec_drafted) == (totals["accepted_tokens"], totals["draft_tokens"])


def test_every_endpoint_spelling_gives_one_stack_and_the_spec_decode_block(vllm_spec_server, tmp_path: Path) -> None:  # noqa: ANN001
    """Users paste ``…/v1``: server-level paths (/metrics, /version) must still be found, so the stack
    profile is byte-identical (endpoint aside) and bench still reads the spec-decode counters."""
    root = vllm_spec_server.base_url
    stacks, blocks = set(), []
    for i, url in enumerate((root, root + "/", root + "/v1", root + "/v1/")):
        r = stackeval("stack", "-e", url, "--json", timeout=60)
        assert r.returncode == 0, r.stderr
        prof = json.loads(r.stdout)
        prof.pop("endpoint")
        stacks.add(json.dumps(prof, sort_keys=True))
        out = tmp_path / f"b{i}.json"
        r = stackeval("bench", "-e", url, "--prompt", "repeat", "--no-single-stream", "-c", "1", "--requests", "2",
                      "-n", "32", "--json", str(out), "--db", str(tmp_path / "b.db"), timeout=600)
        assert r.returncode == 0, r.stderr
        spec = json.loads(out.read_text())["spec_decode"]
        assert spec and spec["k"] == K, (url, spec)
        blocks.append(sorted(spec))
    assert len(stacks) == 1
    assert all(b == blocks[0] for b in blocks)
