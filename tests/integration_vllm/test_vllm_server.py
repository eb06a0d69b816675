"""stackeval against real vLLM (CPU build, default settings) with SmolLM2-135M-Instruct.

1. ``stackeval stack --json`` names vLLM and the version its /version endpoint reports.
2. /metrics differencing on the real exposition: the window's generation/prompt token deltas equal
   the client's usage sums, and the KV capacity from ``vllm:cache_config_info`` is the one vLLM logs.
3. The server's own startup log parses with ``stackeval logs parse`` (KV capacity, max concurrency,
   compilation and CUDA-graph settings).
4. ``stackeval bench -e URL -c 1,2 -n 32 --runs 2`` completes with no errors and its counts agree
   with the server's counters.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from stackeval.client.http import Client, ClientOptions
from stackeval.records.request import ChatRequest
from stackeval.stack.prometheus import diff, engine_metrics, parse_metrics
from tests.helpers.cli import stackeval
from tests.integration_vllm._helpers import counter, get_json_text, labels_of, scrape, scrape_until


def test_stack_json_names_vllm_and_its_version(vllm_server) -> None:  # noqa: ANN001
    version = json.loads(get_json_text(vllm_server.base_url, "/version"))["version"]
    r = stackeval("stack", "-e", vllm_server.base_url, "--json", timeout=60)
    assert r.returncode == 0, r.stderr
    prof = json.loads(r.stdout)
    assert prof["engine"] == "vllm"
    assert prof["engine_version"] == version and version[0].isdigit()
    assert any("/version" in e for e in prof["evidence"])
    assert prof["models"] == [vllm_server.served_model_name]
    assert prof["max_model_len"] == vllm_server.max_model_len
    assert prof["metrics_available"] is True
    # what /metrics says about the configuration (vllm:cache_config_info), and no spec decoding
    st = prof["settings"]
    assert st["metrics.cache_config.block_size"] > 0 and st["metrics.cache_config.kv_cache_size_tokens"] > 0
    assert "metrics.spec_decode" not in st
    human = stackeval("stack", "-e", vllm_server.base_url, timeout=60)
    assert human.returncode == 0 and "vllm" in human.stdout


async def _send(url: str, model: str, lengths: list[int]) -> list:
    async with Client(ClientOptions(base_url=url, max_retries=0, total_timeout_s=300)) as c:
        async def one(i: int, n: int):  # noqa: ANN202
            body = {"model": model, "temperature": 0, "max_tokens": n, "ignore_eos": True, "min_tokens": n,
                    "messages": [{"role": "user", "content": f"[{i}] Name a colour and a fruit, then explain why."}]}
            return await c.chat(ChatRequest(body=body, stream=i % 2 == 0))  # both transports

        return list(await asyncio.gather(*(one(i, n) for i, n in enumerate(lengths))))


def test_metrics_window_counts_exactly_the_clients_tokens(vllm_server) -> None:  # noqa: ANN001
    url = vllm_server.base_url
    before_text = scrape(url)
    before = parse_metrics(before_text, timestamp=0.0)
    lengths = [8, 16, 24, 40]
    results = asyncio.run(_send(url, vllm_server.served_model_name, lengths))
    assert all(r.ok for r in results), [r.error for r in results]
    gen = sum(r.usage.completion_tokens for r in results)
    prompt = sum(r.usage.prompt_tokens for r in results)
    assert gen == sum(lengths)  # ignore_eos + min_tokens: exactly what was asked for
    g0 = counter(before_text, "vllm:generation_tokens_total")
    after_text = scrape_until(url, lambda t: counter(t, "vllm:generation_tokens_total") - g0 >= gen)
    after = parse_metrics(after_text, timestamp=1.0)
    assert parse_metrics(after_text).parse_error is None

    d = diff(before, after)
    assert d.resets == []
    em = engine_metrics(d, "vllm")
    assert em is not None and em.engine == "vllm"
    assert em.generation_tokens == gen
    assert em.prompt_tokens == prompt
    assert em.requests_finished == len(lengths)
    assert em.spec is None  # no speculative decoding on this server
    # the same numbers, read by this test from the text directly
    assert counter(after_text, "vllm:generation_tokens_total") - g0 == gen
    assert (counter(after_text, "vllm:request_success_total", finished_reason="length")
            - counter(before_text, "vllm:request_success_total", finished_reason="length")) == len(lengths)
    # capacity: vllm:cache_config_info carries it as labels; the absolute snapshot gives it too
    cc = labels_of(after_text, "vllm:cache_config_info")
    cap = engine_metrics(after, "vllm")
    assert cap is not None and cap.kv_capacity_tokens is not None and cap.kv_capacity_tokens > 0
    if "kv_cache_size_tokens" in cc:
        assert cap.kv_capacity_tokens == int(cc["kv_cache_size_tokens"])
    assert cap.block_size == int(cc["block_size"])


def test_startup_log_parses(vllm_server) -> None:  # noqa: ANN001
    log = vllm_server.log_path
    assert log is not None and log.exists()
    r = stackeval("logs", "parse", str(log), timeout=60)
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    version = json.loads(get_json_text(vllm_server.base_url, "/version"))["version"]
    assert info["engine"] == "vllm" and info["version"] == version
    assert info["ready"] is True
    assert "fatal_error" not in info and info["error_lines"] == []
    # KV capacity and concurrency, and that they agree with what /metrics says
    kv = info["kv_cache_tokens"]
    assert kv > 0 and info["kv_cache_tokens_estimated"] is False and info["kv_cache_device"] == "CPU"
    cap = engine_metrics(parse_metrics(scrape(vllm_server.base_url)), "vllm")
    assert cap is not None and cap.kv_capacity_tokens == kv
    assert info["max_concurrency_tokens"] == vllm_server.max_model_len
    assert abs(info["max_concurrency"] - kv / vllm_server.max_model_len) < 0.01
    assert info["context_len"] == vllm_server.max_model_len
    assert info["available_kv_gib"] == vllm_server.kv_cache_gib
    # compilation and CUDA-graph settings: on the CPU backend there are no CUDA graphs
    assert info["cudagraph_mode"] == "NONE" and info["cudagraph_capture_sizes"] == []
    assert info["compilation_mode"] and isinstance(info["compilation_level"], int)
    assert info["enforce_eager"] is False
    assert info["cli_args"]["max_model_len"] == vllm_server.max_model_len
    assert info["cli_args"]["served_model_name"] == [vllm_server.served_model_name]
    assert "speculative_config" not in info
    assert info["engine_config"]["device_config"] == "cpu"
    assert info["init_engine_s"] > 0 and info["weights_load_s"] > 0


def test_bench_cli_concurrency_1_and_2(vllm_server, tmp_path: Path) -> None:  # noqa: ANN001
    out, db = tmp_path / "bench.json", tmp_path / "bench.db"
    r = stackeval("bench", "-e", vllm_server.base_url, "-c", "1,2", "-n", "32", "--runs", "2",
                  "--json", str(out), "--db", str(db), timeout=600)
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    assert doc["stack"]["engine"] == "vllm"
    assert doc["params"]["fixed_length_fields"] == {"max_tokens": 32, "ignore_eos": True, "min_tokens": 32}
    levels = [doc["single_stream"], *doc["levels"]]
    assert [lv["concurrency"] for lv in doc["levels"]] == [1, 2]
    for lv in levels:
        assert lv["errors"] == {} and lv["ok"] == lv["n"] > 0 and lv["stopped_early"] == 0, lv
        assert lv["output_tokens"] == 32 * lv["n"]
        srv = lv["server"]
        assert srv["engine"] == "vllm"
        assert srv["generation_tokens"] == srv["client_completion_tokens"] == 32 * lv["n"]
        assert srv["token_count_agrees"] is True
        assert srv["requests_finished"] == lv["n"]
    assert "spec_decode" not in doc


def _ps_rss(pgid: int) -> int:
    import subprocess

    out = subprocess.run(["ps", "-o", "rss=", "-g", str(pgid)], capture_output=True, text=True, check=False).stdout
    return sum(int(x) for x in out.split()) * 1024


def test_bench_resource_profile_matches_ps(vllm_server, tmp_path: Path) -> None:  # noqa: ANN001
    """5. The bench's resource profile (API server + engine core, the process tree listening on the port) matches
    what ``ps`` says of the server's process group when the bench starts, and /metrics adds the KV-cache usage."""
    out, db = tmp_path / "bench.json", tmp_path / "bench.db"
    before = _ps_rss(vllm_server.proc.pid)
    r = stackeval("bench", "-e", vllm_server.base_url, "-c", "2", "-n", "16", "--runs", "1", "--requests", "4",
                  "--json", str(out), "--db", str(db), timeout=600)
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())["resources"]
    assert res["source"] == "local" and res["samples"] > 0
    at_ready = res["fits"]["at_ready"]
    tol = max(64 * 1024**2, 0.05 * before)  # vLLM's RSS is ~1-2 GiB and moves while it serves
    assert abs(at_ready["rss_bytes"] - before) <= tol, (at_ready["rss_bytes"] / 1024**2, before / 1024**2)
    phases = {p["name"]: p for p in res["phases"]}
    assert {"idle", "warmup", "single_stream", "c2"} <= set(phases)
    assert phases["c2"]["rss_peak"] >= 0.9 * at_ready["rss_bytes"]
    assert phases["c2"]["kv_cache_usage_peak"] is not None and phases["c2"]["running_peak"] >= 1
