"""Decide the engine from probe evidence and merge discovery with a recipe into a StackProfile. Pure."""

from __future__ import annotations

import json
from typing import Any

from stackeval.records.recipe import Recipe
from stackeval.records.stack import Conflict, Probe, Scalar, StackProfile, flatten
from stackeval.stack.prometheus import parse_metrics, samples


def _body(probes: dict[str, Probe], path: str) -> Any:
    p = probes.get(path)
    if p is None or p.status != 200:
        return None
    return p.json_body


def decide_engine(probes: dict[str, Probe]) -> tuple[str, str | None, list[str]]:
    """(engine, version, evidence). Evidence is the server's own answers, never the URL."""
    ev: list[str] = []
    models = _body(probes, "/v1/models")
    owned = set()
    if isinstance(models, dict) and isinstance(models.get("data"), list):
        owned = {m.get("owned_by") for m in models["data"] if isinstance(m, dict)}
    metrics = probes.get("/metrics")
    mtext = metrics.text_excerpt if metrics and metrics.status == 200 else ""

    props = _body(probes, "/props")
    if isinstance(props, dict) and ("default_generation_settings" in props or "build_info" in props):
        ev.append("/props has default_generation_settings/build_info")
        if "llamacpp" in owned:
            ev.append("/v1/models owned_by=llamacpp")
        ver = props.get("build_info")
        return "llamacpp", str(ver) if ver else None, ev
    info = _body(probes, "/get_server_info") or _body(probes, "/server_info")
    if isinstance(info, dict) and ("model_path" in info or "tp_size" in info):
        ev.append("/get_server_info returned server args (model_path/tp_size)")
        return "sglang", info.get("version"), ev
    ver = _body(probes, "/version")
    if isinstance(ver, dict) and "version" in ver and ("vllm" in owned or "vllm:" in mtext):
        ev.append("/version answered and " + ("/v1/models owned_by=vllm" if "vllm" in owned else "/metrics has vllm: series"))
        return "vllm", str(ver["version"]), ev
    if "vllm" in owned:
        ev.append("/v1/models owned_by=vllm")
        return "vllm", str(ver["version"]) if isinstance(ver, dict) and "version" in ver else None, ev
    tgi = _body(probes, "/info")
    if isinstance(tgi, dict) and "model_id" in tgi and ("max_total_tokens" in tgi or "max_input_tokens" in tgi):
        ev.append("/info has model_id and token limits (TGI)")
        return "tgi", tgi.get("version"), ev
    ol = _body(probes, "/api/version")
    if isinstance(ol, dict) and "version" in ol:
        ev.append("/api/version answered (Ollama)")
        return "ollama", str(ol["version"]), ev
    if "llamacpp" in owned:
        ev.append("/v1/models owned_by=llamacpp")
        return "llamacpp", None, ev
    if "llamacpp:" in mtext:
        ev.append("/metrics has llamacpp: series")
        return "llamacpp", None, ev
    if owned:
        ev.append(f"/v1/models owned_by={','.join(sorted(str(o) for o in owned))}")
    return "unknown", None, ev


def _models(probes: dict[str, Probe]) -> tuple[list[str], int | None, dict[str, Scalar]]:
    ids: list[str] = []
    mml: int | None = None
    meta: dict[str, Scalar] = {}
    body = _body(probes, "/v1/models")
    if isinstance(body, dict):
        for m in body.get("data") or []:
            if isinstance(m, dict) and m.get("id"):
                ids.append(str(m["id"]))
                if isinstance(m.get("max_model_len"), int):
                    mml = m["max_model_len"]
                if isinstance(m.get("meta"), dict):
                    flatten("model_meta", m["meta"], meta)
    return ids, mml, meta


_KEEP_PROPS = ("total_slots", "model_path", "build_info", "chat_template_caps", "modalities", "is_sleeping")
_KEEP_GEN = ("n_ctx", "speculative", "params.speculative.n_max", "params.speculative.n_min", "params.reasoning_format",
             "params.chat_format", "params.reasoning_in_content")


# vllm:cache_config_info labels worth recording (the label set is "every CacheConfig field", so it
# changes between versions: keep what says how the KV cache is laid out and how big it is)
_KEEP_VLLM_CACHE = ("block_size", "cache_dtype", "enable_prefix_caching", "kv_cache_size_tokens",
                    "num_gpu_blocks", "kv_cache_memory_bytes", "gpu_memory_utilization", "sliding_window")


def _vllm_metrics_settings(probes: dict[str, Probe]) -> dict[str, Scalar]:
    """What vLLM's /metrics says about its configuration: the cache config, and whether speculative
    decoding is on (its counters exist only then; the per-position label set has K entries)."""
    m = probes.get("/metrics")
    if m is None or m.status != 200 or "vllm:" not in m.text_excerpt:
        return {}
    snap = parse_metrics(m.text_excerpt)
    s: dict[str, Scalar] = {}
    info = samples(snap, "vllm:cache_config_info")
    if info:
        for k in _KEEP_VLLM_CACHE:
            v = info[0].labels.get(k)
            if v is not None and v not in ("None", "null", ""):
                s[f"metrics.cache_config.{k}"] = int(v) if v.isdigit() else v
    if samples(snap, "vllm:spec_decode_num_drafts"):
        s["metrics.spec_decode"] = True
        positions = {x.labels.get("position") for x in samples(snap, "vllm:spec_decode_num_accepted_tokens_per_pos")}
        positions.discard(None)
        if positions:
            s["metrics.spec_decode.num_positions"] = len(positions)
    return s


def _engine_settings(engine: str, probes: dict[str, Probe]) -> tuple[dict[str, Scalar], int | None]:
    s: dict[str, Scalar] = {}
    ctx: int | None = None
    if engine == "llamacpp":
        props = _body(probes, "/props") or {}
        for k in _KEEP_PROPS:
            if k in props:
                v = props[k]
                if k == "model_path" and isinstance(v, str):  # the file, not where this machine keeps it
                    v = v.replace("\\", "/").rsplit("/", 1)[-1]
                flatten(f"props.{k}", v, s)
        gen: dict[str, Scalar] = {}
        flatten("", props.get("default_generation_settings") or {}, gen)
        for k in _KEEP_GEN:
            if k in gen:
                s[f"props.{k}"] = gen[k]
        if isinstance(gen.get("n_ctx"), int):
            ctx = gen["n_ctx"]
        if isinstance(props.get("chat_template"), str):
            import hashlib

            s["props.chat_template_sha"] = hashlib.sha256(props["chat_template"].encode()).hexdigest()[:12]
        slots = _body(probes, "/slots")
        if isinstance(slots, list) and slots:
            s["slots.count"] = len(slots)
            first = slots[0] if isinstance(slots[0], dict) else {}
            if isinstance(first.get("n_ctx"), int):
                s["slots.n_ctx"] = first["n_ctx"]
            s["slots.speculative"] = first.get("speculative")
    elif engine == "vllm":
        s.update(_vllm_metrics_settings(probes))
    elif engine == "sglang":
        info = _body(probes, "/get_server_info") or _body(probes, "/server_info") or {}
        for k, v in info.items():
            if k == "internal_states":
                if isinstance(v, list) and v and isinstance(v[0], dict):
                    s["state.avg_spec_accept_length"] = v[0].get("avg_spec_accept_length")
                continue
            if isinstance(v, (str, int, float, bool)) or v is None or isinstance(v, list):
                flatten(f"server_info.{k}", v, s, max_depth=1)
        if isinstance(info.get("context_length"), int):
            ctx = info["context_length"]
    elif engine == "tgi":
        flatten("info", _body(probes, "/info") or {}, s)
    elif engine == "ollama":
        ps = _body(probes, "/api/ps") or {}
        for m in (ps.get("models") or [])[:1]:
            if isinstance(m, dict):
                flatten("ollama.ps", {k: m.get(k) for k in ("name", "size", "size_vram", "context_length", "details")}, s)
                if isinstance(m.get("context_length"), int):
                    ctx = m["context_length"]
        show = _body(probes, "/api/show") or {}
        if isinstance(show, dict):
            for k in ("parameters", "capabilities", "details"):
                if k in show:
                    flatten(f"ollama.show.{k}", show[k], s)
    return s, ctx


def build_profile(endpoint: str, probes: dict[str, Probe], recipe: Recipe | None = None) -> StackProfile:
    engine, version, evidence = decide_engine(probes)
    models, mml, meta = _models(probes)
    settings, ctx = _engine_settings(engine, probes)
    settings.update(meta)
    metrics = probes.get("/metrics")
    prof = StackProfile(
        endpoint=endpoint, engine=engine, engine_version=version, evidence=evidence, models=models,
        max_model_len=mml or ctx, metrics_available=bool(metrics and metrics.status == 200 and metrics.text_excerpt),
        settings=settings, sources=dict.fromkeys(settings, "discovered"),
    )
    if recipe is not None:
        merge_recipe(prof, recipe)
    prof.fingerprint = prof.compute_fingerprint()
    return prof


def merge_recipe(prof: StackProfile, recipe: Recipe) -> None:
    """Recipe values fill what discovery cannot see; disagreements are recorded as conflicts, and
    the discovered value is kept (the server's own answer is the evidence)."""
    def conflict(key: str, rv: Scalar, dv: Scalar) -> None:
        prof.conflicts.append(Conflict(key=key, recipe=rv, discovered=dv))

    if recipe.engine:
        if prof.engine == "unknown":
            prof.engine = recipe.engine
            prof.evidence.append("engine from recipe")
        elif recipe.engine.lower().replace(".", "").replace("-", "") != prof.engine:
            conflict("engine", recipe.engine, prof.engine)
    if recipe.engine_version:
        if prof.engine_version is None:
            prof.engine_version = recipe.engine_version
        elif recipe.engine_version not in prof.engine_version:
            conflict("engine_version", recipe.engine_version, prof.engine_version)
    if recipe.model and prof.models and recipe.model not in prof.models:
        conflict("model", recipe.model, ",".join(prof.models))
    extra: dict[str, Scalar] = {}
    if recipe.serve.command:
        extra["serve.command"] = " ".join(recipe.serve.command.split())
    flatten("serve.flags", {k.lstrip("-").replace("-", "_"): v for k, v in recipe.serve.flags.items()}, extra)
    flatten("hardware", recipe.hardware, extra)
    if recipe.quantization:
        extra["quantization"] = recipe.quantization
    flatten("sampling", recipe.sampling, extra)
    if recipe.name:
        extra["recipe.name"] = recipe.name
    if recipe.notes:  # shown and stored, but not part of the fingerprint (state.* is excluded)
        extra["state.recipe_notes"] = recipe.notes
    for k, v in extra.items():
        if k in prof.settings and prof.settings[k] != v:
            conflict(k, v, prof.settings[k])
            continue
        prof.settings[k] = v
        prof.sources[k] = "recipe"


def probe_from_response(path: str, status: int | None, ctype: str, text: str) -> Probe:
    body: Any = None
    if status is not None and text:
        try:
            body = json.loads(text)
        except ValueError:
            body = None
    excerpt = text if path == "/metrics" else text[:2000]
    return Probe(path=path, status=status, content_type=ctype, json_body=body, text_excerpt=excerpt[:200_000])
