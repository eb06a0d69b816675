"""Launcher for the xllamacpp build: takes the llama-server flags stackeval's tests, sweeps and demo use,
maps them onto ``xllamacpp.CommonParams`` and runs its server until SIGTERM/SIGINT.

A flag it does not know is an error (exit 2, the flag named): silently dropping one (e.g. a speculative
decoding type) would serve a different stack than the command line says.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import Any

SPEC_TYPES = {
    "none": "COMMON_SPECULATIVE_TYPE_NONE",
    "draft-simple": "COMMON_SPECULATIVE_TYPE_DRAFT_SIMPLE",
    "ngram-simple": "COMMON_SPECULATIVE_TYPE_NGRAM_SIMPLE",
    "ngram-map-k": "COMMON_SPECULATIVE_TYPE_NGRAM_MAP_K",
    "ngram-map-k4v": "COMMON_SPECULATIVE_TYPE_NGRAM_MAP_K4V",
    "ngram-mod": "COMMON_SPECULATIVE_TYPE_NGRAM_MOD",
    "ngram-cache": "COMMON_SPECULATIVE_TYPE_NGRAM_CACHE",
}
CACHE_TYPES = ("f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "q5_0", "q5_1")
REASONING_FORMATS = {"none": "COMMON_REASONING_FORMAT_NONE", "auto": "COMMON_REASONING_FORMAT_AUTO",
                     "deepseek": "COMMON_REASONING_FORMAT_DEEPSEEK",
                     "deepseek-legacy": "COMMON_REASONING_FORMAT_DEEPSEEK_LEGACY"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"xllama launcher: error: {message}\n")
        sys.exit(2)


def parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="python -m stackeval.localserver.xllama", allow_abbrev=False)
    ap.add_argument("--version", action="store_true")
    ap.add_argument("-m", "--model", dest="model")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("-c", "--ctx-size", dest="ctx", type=int, default=8192)
    ap.add_argument("-np", "--parallel", dest="parallel", type=int, default=4)
    ap.add_argument("-t", "--threads", dest="threads", type=int, default=2)
    ap.add_argument("-b", "--batch-size", dest="batch", type=int, default=None)
    ap.add_argument("-ub", "--ubatch-size", dest="ubatch", type=int, default=None)
    ap.add_argument("-a", "--alias", dest="alias", default=None)
    ap.add_argument("--metrics", action="store_true")
    ap.add_argument("--slots", action="store_true")
    ap.add_argument("--no-slots", action="store_true")
    ap.add_argument("--props", action="store_true")
    ap.add_argument("--jinja", action="store_true")
    ap.add_argument("--chat-template-file", default=None)
    ap.add_argument("-ctk", "--cache-type-k", dest="ctk", choices=CACHE_TYPES, default=None)
    ap.add_argument("-ctv", "--cache-type-v", dest="ctv", choices=CACHE_TYPES, default=None)
    ap.add_argument("-fa", "--flash-attn", dest="fa", choices=("on", "off", "auto"), default=None)
    ap.add_argument("--spec-type", choices=sorted(SPEC_TYPES), default=None)
    ap.add_argument("-md", "--model-draft", dest="model_draft", default=None)
    ap.add_argument("--spec-draft-n-max", "--draft-max", "--draft-n", dest="draft_max", type=int, default=None)
    ap.add_argument("--spec-draft-n-min", "--draft-min", dest="draft_min", type=int, default=None)
    ap.add_argument("--reasoning-format", choices=sorted(REASONING_FORMATS), default=None)
    ap.add_argument("--reasoning-budget", type=int, default=None)
    ap.add_argument("--no-warmup", action="store_true")
    return ap


def _enum(mod: Any, enum_name: str, member: str) -> Any:
    return getattr(getattr(mod, enum_name), member)


def configure(a: argparse.Namespace, x: Any) -> Any:
    """CommonParams for the parsed flags (``x`` is the xllamacpp module)."""
    p = x.CommonParams()
    p.model.path = a.model
    p.hostnames = [a.host]
    p.port = a.port
    p.n_ctx = a.ctx
    p.n_parallel = a.parallel
    p.cpuparams.n_threads = a.threads
    p.cpuparams_batch.n_threads = a.threads
    p.endpoint_metrics = a.metrics
    p.endpoint_props = True if a.props else p.endpoint_props
    p.endpoint_slots = False if a.no_slots else (True if a.slots else p.endpoint_slots)
    if a.batch:
        p.n_batch = a.batch
    if a.ubatch:
        p.n_ubatch = a.ubatch
    if a.alias:
        p.model_alias = {a.alias}
    if a.chat_template_file:
        p.use_jinja = True
        with open(a.chat_template_file, encoding="utf-8") as f:
            p.chat_template = f.read()
    elif a.jinja:
        p.use_jinja = True
    for attr, val in (("cache_type_k", a.ctk), ("cache_type_v", a.ctv)):
        if val:
            setattr(p, attr, _enum(x, "ggml_type", "GGML_TYPE_" + val.upper()))
    if a.fa:
        member = {"on": "ENABLED", "off": "DISABLED", "auto": "AUTO"}[a.fa]
        p.flash_attn_type = _enum(x, "llama_flash_attn_type", "LLAMA_FLASH_ATTN_TYPE_" + member)
    spec_type = a.spec_type or ("draft-simple" if a.model_draft else None)
    if spec_type:
        p.speculative.types = [_enum(x, "common_speculative_type", SPEC_TYPES[spec_type])]
    if a.model_draft:
        p.speculative.draft.mparams.path = a.model_draft
        # llama-server's argument parser gives the draft the main thread counts; the binding skips it
        p.speculative.draft.cpuparams.n_threads = a.threads
        p.speculative.draft.cpuparams_batch.n_threads = a.threads
        # the binding's default samples the draft on the backend: on the CPU that made a 135M draft 40x
        # slower (0.7 tok/s vs 28 measured here, llama-server's own binary: 23)
        p.speculative.draft.backend_sampling = False
    if a.draft_max is not None:
        p.speculative.draft.n_max = a.draft_max
        if spec_type == "ngram-mod":
            p.speculative.ngram_mod.n_max = a.draft_max
    if a.draft_min is not None:
        p.speculative.draft.n_min = a.draft_min
        if spec_type == "ngram-mod":
            p.speculative.ngram_mod.n_min = a.draft_min
    if a.reasoning_format:
        p.reasoning_format = _enum(x, "common_reasoning_format", REASONING_FORMATS[a.reasoning_format])
    if a.reasoning_budget is not None:
        p.enable_reasoning = a.reasoning_budget
    if a.no_warmup:
        p.warmup = False
    return p


def main(argv: list[str] | None = None) -> None:
    a = parser().parse_args(argv)
    import xllamacpp  # type: ignore[import-not-found]

    if a.version:
        print(f"version: xllamacpp {getattr(xllamacpp, '__version__', '?')} ({xllamacpp.BUILD_INFO})")
        return
    if not a.model:
        parser().error("-m MODEL is required")
    for flag, path in (("-m", a.model), ("-md", a.model_draft), ("--chat-template-file", a.chat_template_file)):
        if path and not os.path.isfile(path):  # the binding would only say "Failed to init server"
            # raised, not printed: log readers take a traceback's closing line as the fatal error
            raise FileNotFoundError(f"failed to load model: {flag} {path}: no such file")
    server = xllamacpp.Server(configure(a, xllamacpp))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    del server


if __name__ == "__main__":
    main()
