"""Startup-log parser: what vLLM, SGLang and llama.cpp say about themselves -> ``StartupInfo``.

Pure: takes the log text. The engine is detected from the content. Lines are matched after their
prefix is removed (vLLM ``(EngineCore_DP0 pid=1) INFO 08-13 11:22:28 [core.py:121] ``, SGLang
``[2026-03-11 13:53:23 TP0] ``, llama.cpp ``0.00.368.112 I ``). A line that is not found leaves its
field None; formats from several generations are accepted (see server-formats.md, sections 1.5,
2.3 and 3.4).

The fatal error is the exception line closing the first traceback (the root cause: vLLM later
prints a generic "Engine core initialization failed" traceback), else the first ERROR line.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from stackeval.records.perf import StartupInfo

__all__ = ["parse_startup_log", "detect_engine", "split_top_level", "strip_prefix"]

_PREFIX = re.compile(
    r"^(?:\d{4}-\d\d-\d\d[T ][\d:.]+\s*\|\s*)?"  # docker-compose / journald style timestamp
    r"(?:\((?P<proc>[^)\s]+) pid=\d+\)\s+)?"
    r"(?:(?P<lvl>DEBUG|INFO|WARNING|ERROR|CRITICAL)\s+\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?\s+(?:\[[^\]]*\]|[\w.]+:\d+\]) ?)?"
)
_SGL_PREFIX = re.compile(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[^\]]*\] ")
_LCPP_PREFIX = re.compile(r"^(?P<ts>\d+\.\d\d\.\d{3}\.\d{3}) (?P<lvl>[IWEDT]) ")
_EXC = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Failure)\b(?::.*)?$")
_NUM = r"([\d,]+)"


def strip_prefix(line: str) -> tuple[str, str | None, str | None]:
    """(message, process name, level letter/word) for one log line."""
    m = _LCPP_PREFIX.match(line)
    if m:
        return line[m.end() :], None, m.group("lvl")
    m = _SGL_PREFIX.match(line)
    if m:
        return line[m.end() :], None, None
    m = _PREFIX.match(line)
    return line[m.end() :], m.group("proc"), m.group("lvl")


def detect_engine(text: str) -> str | None:
    if re.search(
        r"sglang\.srt|ServerArgs\(|fired up and ready to roll|KV Cache is allocated|Load weight end", text
    ):
        return "sglang"
    if re.search(r"LLM engine \(v|vLLM API server|\bvllm[./]|\[kv_cache_utils\.py|\(EngineCore", text):
        return "vllm"
    if re.search(r"llama_|llama-server|load_model: |print_timing|ggml_", text):
        return "llama.cpp"
    return None


def _int(s: str) -> int:
    return int(s.replace(",", ""))


def _set(info: StartupInfo, **values: Any) -> None:
    """First value wins: TP/DP workers and draft models repeat many lines."""
    for k, v in values.items():
        if getattr(info, k) is None and v is not None:
            setattr(info, k, v)


def split_top_level(s: str, sep: str = ",") -> list[str]:
    """Split on ``sep`` outside brackets, quotes and ``<...>`` enum reprs."""
    parts, depth, buf, quote = [], 0, [], ""
    for ch in s:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth = max(0, depth - 1)
        elif ch == sep and depth == 0:
            parts.append("".join(buf).strip())
            buf = []
            continue
        buf.append(ch)
    if "".join(buf).strip():
        parts.append("".join(buf).strip())
    return parts


def _kv_pairs(s: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in split_top_level(s):
        k, eq, v = part.partition("=")
        if eq and re.fullmatch(r"[A-Za-z_]\w*", k.strip()):
            out[k.strip()] = v.strip()
    return out


def _literal(v: str) -> Any:
    try:
        return ast.literal_eval(v)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return v.strip("'\"")


def _repr_obj(v: str) -> dict[str, Any] | None:
    """``SpeculativeConfig(method='ngram', model=None, num_spec_tokens=3)`` or a dict literal -> dict."""
    v = v.strip()
    if v in ("None", "null", ""):
        return None
    m = re.fullmatch(r"\w+\((.*)\)", v, re.S)
    if m:
        return {k: _literal(x) for k, x in _kv_pairs(m.group(1)).items()}
    val = _literal(v)
    if isinstance(val, dict):
        return val
    return {"value": v}


_Q = r"['\"]"


def _compilation(info: StartupInfo, comp: str) -> None:
    m = re.search(_Q + r"cudagraph_mode" + _Q + r"\s*:\s*(?:<CUDAGraphMode\.(\w+)[^>]*>|['\"]?(\w+))", comp)
    if m:
        mode = m.group(1) or m.group(2)
        info.cudagraph_mode = {"0": "NONE", "1": "PIECEWISE", "2": "FULL"}.get(mode, mode)
    m = re.search(_Q + r"cudagraph_capture_sizes" + _Q + r"\s*:\s*\[([\d,\s]*)\]", comp)
    if m:
        info.cudagraph_capture_sizes = sorted({int(x) for x in re.findall(r"\d+", m.group(1))})
    m = re.search(_Q + r"(?:max_cudagraph_capture_size|max_capture_size)" + _Q + r"\s*:\s*(\d+)", comp)
    if m:
        info.max_cudagraph_capture_size = int(m.group(1))
    m = re.search(_Q + r"mode" + _Q + r"\s*:\s*(?:<CompilationMode\.(\w+):\s*(\d+)>|(\d+))", comp)
    if m:
        info.compilation_mode = m.group(1) or m.group(3)
        num = m.group(2) or m.group(3)
        if num is not None and info.compilation_level is None:
            info.compilation_level = int(num)
    m = re.search(_Q + r"level" + _Q + r"\s*:\s*(\d+)", comp)
    if m:
        info.compilation_level = int(m.group(1))


def _vllm_config(info: StartupInfo, version: str, cfg: str) -> None:
    info.version = info.version or version.lstrip("v")
    pairs = _kv_pairs(cfg)
    info.engine_config = {k: v for k, v in pairs.items() if len(v) <= 500}
    info.model = info.model or _literal(pairs.get("model", "None")) or None
    if "max_seq_len" in pairs and pairs["max_seq_len"].isdigit():
        info.context_len = int(pairs["max_seq_len"])
    if "enforce_eager" in pairs:
        info.enforce_eager = pairs["enforce_eager"] == "True"
    if "speculative_config" in pairs:
        spec = _repr_obj(pairs["speculative_config"])
        if spec is not None:
            info.speculative_config = {**spec, **(info.speculative_config or {})}
    if "compilation_config" in pairs:
        _compilation(info, pairs["compilation_config"])


_ATTN_WORDS = re.compile(r"attn|attention|flashinfer|xformers|sdpa|mla|pallas|aiter", re.I)


def _vllm_line(info: StartupInfo, msg: str, proc: str | None, kv_by_proc: dict[str, int]) -> None:
    if m := re.search(r"Initializing an? (?:V1 )?LLM engine \((v?[^)]+)\) with config: (.*)$", msg):
        _vllm_config(info, m.group(1), m.group(2))
    elif m := re.search(r"non-default args: (\{.*\})\s*$", msg):
        args = _literal(m.group(1))
        if isinstance(args, dict):
            info.cli_args = args
            spec = args.get("speculative_config")
            if isinstance(spec, str):
                spec = _literal(spec)
            if isinstance(spec, dict):
                info.speculative_config = {**(info.speculative_config or {}), **spec}
    elif m := re.search(r"\bargs: Namespace\((.*)\)\s*$", msg):
        info.cli_args = {k: _literal(v) for k, v in _kv_pairs(m.group(1)).items()}
    elif m := re.search(r"vLLM API server version (\S+)", msg) or re.search(r"█.*\bversion\s+v?(\d\S*)", msg):
        info.version = info.version or m.group(1)
    elif m := re.search(r"Using max model len (\d+)", msg):
        _set(info, context_len=int(m.group(1)))
    if m := re.search(r"(\w+) KV cache size: " + _NUM + r" tokens", msg):
        info.kv_cache_device = info.kv_cache_device or m.group(1)
        kv_by_proc.setdefault(proc or str(len(kv_by_proc)), _int(m.group(2)))
    if m := re.search(r"Maximum concurrency for " + _NUM + r" tokens per request: ([\d.]+)x", msg):
        _set(info, max_concurrency_tokens=_int(m.group(1)), max_concurrency=float(m.group(2)))
    if m := re.search(r"# GPU blocks: (\d+)", msg, re.I):
        _set(info, num_gpu_blocks=int(m.group(1)))
    if m := re.search(r"# CPU blocks: (\d+)", msg, re.I):
        _set(info, num_cpu_blocks=int(m.group(1)))
    if m := re.search(r"Model loading took ([\d.]+) Gi?B(?: memory)?(?: and ([\d.]+) s)?", msg):
        _set(info, model_load_gib=float(m.group(1)), model_load_s=float(m.group(2)) if m.group(2) else None)
    elif m := re.search(r"Loading model weights took ([\d.]+) GB", msg):
        _set(info, model_load_gib=float(m.group(1)))
    if m := re.search(r"Loading weights took ([\d.]+) s", msg):
        _set(info, weights_load_s=float(m.group(1)))
    if m := re.search(r"Available KV cache memory: ([\d.]+) GiB", msg):
        _set(info, available_kv_gib=float(m.group(1)))
    elif m := re.search(r"Explicitly set \(([\d.]+)/[\d.]+\) GiB for KV cache", msg):  # CPU backend
        _set(info, available_kv_gib=float(m.group(1)))
    if m := re.search(r"init engine \(profile, create kv cache, warmup model\) took ([\d.]+) s", msg):
        _set(info, init_engine_s=float(m.group(1)))
    if m := re.search(r"Graph capturing finished in ([\d.]+) secs?, took ([\d.]+) GiB", msg):
        _set(info, graph_capture_s=float(m.group(1)), graph_capture_gib=float(m.group(2)))
    if info.attention_backend is None:
        m = (
            re.search(r"Using (\S+) attention backend out of potential backends", msg)
            or re.search(r"Using AttentionBackendEnum\.(\w+) backend\b", msg)
            or re.search(r"^Using ([\w ]+?) backend(?: on V1 engine)?\.?$", msg)
        )
        if m and _ATTN_WORDS.search(m.group(1)) and "MoE" not in msg and "prefill" not in msg:
            info.attention_backend = m.group(1)
    if info.moe_backend is None:
        m = re.search(r"Using '?([\w.]+)'?\s+(?:(\w+)\s+)?MoE backend", msg)
        if m:
            info.moe_backend = m.group(1) + (f" ({m.group(2)})" if m.group(2) else "")
        elif m := re.search(r"Using '?([\w.]+)'? backend for (\w+) MoE", msg):
            info.moe_backend = f"{m.group(1)} ({m.group(2)})"
    if re.search(r"Starting vLLM (?:API )?server(?: \d+)? on|Application startup complete", msg):
        info.ready = True


def _sglang_line(info: StartupInfo, msg: str) -> None:
    if m := re.search(r"server_args=ServerArgs\((.*)\)\s*$", msg):
        pairs = _kv_pairs(m.group(1))
        info.engine_config = {k: v for k, v in pairs.items() if len(v) <= 500}
        info.model = _literal(pairs.get("model_path", "None")) or None
        if (bs := _literal(pairs.get("cuda_graph_bs", "None"))) and isinstance(bs, list):
            info.cuda_graph_batch_sizes = sorted(int(x) for x in bs)
        if (ab := _literal(pairs.get("attention_backend", "None"))) and isinstance(ab, str):
            info.attention_backend = ab
        if (mb := _literal(pairs.get("moe_runner_backend", "None"))) and isinstance(mb, str):
            info.moe_backend = mb
        algo = _literal(pairs.get("speculative_algorithm", "None"))
        if algo:
            info.speculative_config = {
                k: _literal(v) for k, v in pairs.items() if k.startswith("speculative_") and v != "None"
            }
        if pairs.get("disable_cuda_graph") == "True":
            info.enforce_eager = True
    if m := re.search(r"Load weight end\.(?: elapsed=([\d.]+) s,)?.*?mem usage=([\d.]+) GB", msg):
        _set(info, model_load_gib=float(m.group(2)), model_load_s=float(m.group(1)) if m.group(1) else None)
    if m := re.search(r"KV Cache is allocated\. #tokens: (\d+)", msg):
        sizes = re.findall(r"\b[KV]{1,2} size: ([\d.]+) GB", msg)
        _set(
            info,
            kv_cache_tokens=int(m.group(1)),
            kv_cache_gib=sum(float(x) for x in sizes) if sizes else None,
        )
    if m := re.search(r"max_total_num_tokens=(\d+)", msg):
        _set(info, kv_cache_tokens=int(m.group(1)))
        for key in ("max_running_requests", "context_len"):
            if mm := re.search(key + r"=(\d+)", msg):
                _set(info, **{key: int(mm.group(1))})
    if m := re.search(r"Capture cuda graph end\. Time elapsed: ([\d.]+) s\. mem usage=([\d.]+) GB", msg):
        _set(info, graph_capture_s=float(m.group(1)), graph_capture_gib=float(m.group(2)))
    if m := re.search(r"sglang(?:\s+version|==|\s+v)\s*:?\s*v?(\d[\w.+-]*)", msg, re.I):
        info.version = info.version or m.group(1)
    if "fired up and ready to roll" in msg:
        info.ready = True


def _lcpp_ts(ts: str | None) -> float | None:
    if not ts:
        return None
    mins, secs, ms, us = (int(x) for x in ts.split("."))
    return mins * 60 + secs + ms / 1e3 + us / 1e6


def _llamacpp_line(info: StartupInfo, msg: str, ts: float | None, marks: dict[str, float]) -> None:
    if m := re.search(r"\bbuild(?:_info)?\s*[:=]\s*b?(\d+)\s*[-(]\s*([0-9a-f]{6,})", msg):
        info.version, info.commit = info.version or f"b{m.group(1)}", info.commit or m.group(2)
    if m := re.search(r"loading model '([^']+)'", msg):
        info.model = info.model or m.group(1)
        if ts is not None:
            marks.setdefault("load_start", ts)
    if re.search(r"\bmodel loaded\b", msg) and ts is not None and "load_start" in marks:
        info.model_load_s = info.model_load_s or round(ts - marks["load_start"], 6)
    if m := re.search(r"loading draft model '([^']+)'", msg):
        info.speculative_config = {**(info.speculative_config or {}), "draft_model": m.group(1)}
    if m := re.search(r"file size\s*=\s*([\d.]+) (MiB|GiB)", msg):
        _set(info, model_load_gib=float(m.group(1)) / (1024 if m.group(2) == "MiB" else 1))
    if info.kv_cache_tokens is None and (
        m := re.search(r"llama_kv_cache\w*:\s+size\s*=\s*([\d.]+) MiB \(\s*(\d+) cells", msg)
    ):
        info.kv_cache_gib, info.kv_cache_tokens = float(m.group(1)) / 1024, int(m.group(2))
    if m := re.search(r"\bn_ctx\s*=\s*(\d+)", msg):
        _set(info, context_len=int(m.group(1)))
    if m := re.search(r"\bn_ctx_slot\s*=\s*(\d+)", msg):
        _set(info, n_ctx_slot=int(m.group(1)))
    if m := re.search(r"\bn_slots\s*=\s*(\d+)", msg):
        _set(info, n_slots=int(m.group(1)))
    if m := re.search(
        r"draft acceptance(?: rate)?\s*=\s*[\d.]+\s*\(\s*(\d+) accepted /\s*(\d+) generated\)", msg
    ):
        info.log_spec_accepted = (info.log_spec_accepted or 0) + int(m.group(1))
        info.log_spec_drafted = (info.log_spec_drafted or 0) + int(m.group(2))
        info.log_spec_lines += 1
    if re.search(r"server is listening on|listening on http", msg):
        info.ready = True


_VLLM_SPEC_LOG = re.compile(r"SpecDecoding metrics: .*Accepted: (\d+) tokens, Drafted: (\d+) tokens")


def parse_startup_log(text: str, engine: str | None = None) -> StartupInfo:
    info = StartupInfo(engine=engine or detect_engine(text))
    kv_by_proc: dict[str, int] = {}
    marks: dict[str, float] = {}
    in_tb = False
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        msg, proc, lvl = strip_prefix(line)
        if "Traceback (most recent call last):" in msg:
            in_tb = info.fatal_error is None
        elif in_tb and _EXC.match(msg):
            info.fatal_error, in_tb = msg.strip(), False
        if (
            lvl in ("ERROR", "CRITICAL", "E")
            and len(info.error_lines) < 10
            and not msg.startswith((" ", "Traceback"))
        ):
            info.error_lines.append(msg.strip())
        if info.engine == "vllm":
            _vllm_line(info, msg, proc, kv_by_proc)
            if m := _VLLM_SPEC_LOG.search(msg):
                info.log_spec_accepted = (info.log_spec_accepted or 0) + int(m.group(1))
                info.log_spec_drafted = (info.log_spec_drafted or 0) + int(m.group(2))
                info.log_spec_lines += 1
        elif info.engine == "sglang":
            _sglang_line(info, msg)
        elif info.engine == "llama.cpp":
            ts = _lcpp_ts(_LCPP_PREFIX.match(line).group("ts")) if _LCPP_PREFIX.match(line) else None
            _llamacpp_line(info, msg, ts, marks)
    _finish(info, text, kv_by_proc)
    return info


def _finish(info: StartupInfo, text: str, kv_by_proc: dict[str, int]) -> None:
    block = info.cli_args.get("block_size") or info.engine_config.get("block_size")
    if kv_by_proc:
        info.kv_cache_tokens = next(iter(kv_by_proc.values()))
    elif info.kv_cache_tokens is None and info.num_gpu_blocks and str(block).isdigit():
        info.kv_cache_tokens = info.num_gpu_blocks * int(str(block))
    elif info.kv_cache_tokens is None and info.max_concurrency and info.max_concurrency_tokens:
        info.kv_cache_tokens = int(info.max_concurrency * info.max_concurrency_tokens)
        info.kv_cache_tokens_estimated = True
    if info.context_len is None and info.max_concurrency_tokens:
        info.context_len = info.max_concurrency_tokens
    if info.fatal_error is None:
        errs = [e for e in info.error_lines if e]
        if errs:
            info.fatal_error = errs[0]
        elif info.engine == "llama.cpp" and (
            m := re.search(r"^.*(?:error loading model|failed to load model|: error: ).*$", text, re.M)
        ):
            info.fatal_error = strip_prefix(m.group(0))[0].strip()
