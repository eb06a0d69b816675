import json
from pathlib import Path

import pytest

from stackeval.errors import ConfigError
from stackeval.records.recipe import Recipe, ServeSpec
from stackeval.stack.profile import build_profile, decide_engine, probe_from_response
from stackeval.stack.recipe import load_recipe

FIX = Path(__file__).parents[2] / "fixtures" / "discovery"


def probes(**bodies: object) -> dict:
    out = {}
    for path, body in bodies.items():
        p = "/" + path.replace("__", "/")
        if isinstance(body, str):
            out[p] = probe_from_response(p, 200, "text/plain", body)
        elif body is None:
            out[p] = probe_from_response(p, 404, "", "")
        else:
            out[p] = probe_from_response(p, 200, "application/json", json.dumps(body))
    return out


def test_llamacpp_from_props() -> None:
    props = json.loads((FIX / "llamacpp-props.json").read_text())
    pr = probes(v1__models={"data": [{"id": "smollm2-135m", "owned_by": "llamacpp"}]}, props=props)
    prof = build_profile("http://h", pr)
    assert prof.engine == "llamacpp" and prof.engine_version == props["build_info"]
    assert prof.settings["props.total_slots"] == props["total_slots"]
    assert "/" not in str(prof.settings["props.model_path"])


def test_vllm_needs_version_and_vllm_evidence() -> None:
    pr = probes(v1__models={"data": [{"id": "Qwen/Qwen3-8B", "owned_by": "vllm", "max_model_len": 32768}]},
                version={"version": "0.32.0"})
    prof = build_profile("http://h", pr)
    assert (prof.engine, prof.engine_version, prof.max_model_len) == ("vllm", "0.32.0", 32768)
    # a /version alone (some other server) is not vLLM evidence
    assert decide_engine(probes(v1__models={"data": [{"id": "x", "owned_by": "me"}]}, version={"version": "1"}))[0] == "unknown"


def test_sglang_ollama_tgi() -> None:
    assert decide_engine(probes(get_server_info={"model_path": "m", "tp_size": 1, "version": "0.5.3"}))[:2] == ("sglang", "0.5.3")
    assert decide_engine(probes(api__version={"version": "0.12.6"}))[:2] == ("ollama", "0.12.6")
    assert decide_engine(probes(info={"model_id": "m", "max_total_tokens": 4096, "version": "3.3.0"}))[:2] == ("tgi", "3.3.0")


def test_engine_decided_from_evidence_not_url() -> None:
    prof = build_profile("http://my-vllm-box:8000", probes(v1__models={"data": [{"id": "x", "owned_by": "llamacpp"}]}))
    assert prof.engine == "llamacpp"


def test_recipe_merge_conflicts_recorded_and_fingerprint_stable() -> None:
    pr = probes(v1__models={"data": [{"id": "m", "owned_by": "vllm"}]}, version={"version": "0.32.0"})
    rec = Recipe(engine="sglang", engine_version="0.31.0", serve=ServeSpec(flags={"--tool-call-parser": "hermes"}))
    prof = build_profile("http://h", pr, rec)
    keys = {c.key for c in prof.conflicts}
    assert keys == {"engine", "engine_version"}
    assert prof.engine == "vllm" and prof.settings["serve.flags.tool_call_parser"] == "hermes"
    assert prof.sources["serve.flags.tool_call_parser"] == "recipe"
    assert build_profile("http://other", pr, rec).fingerprint == prof.fingerprint
    assert build_profile("http://h", pr).fingerprint != prof.fingerprint


def test_recipe_errors_name_file_and_line(tmp_path) -> None:
    bad = tmp_path / "r.yaml"
    bad.write_text("engine: vllm\nserve:\n  flags: {a: 1}\n  colour: red\n")
    with pytest.raises(ConfigError, match=r"r.yaml:4: serve.colour: unknown key"):
        load_recipe(bad)
    bad.write_text("engine: [unclosed\n")
    with pytest.raises(ConfigError, match=r"r.yaml:\d+: invalid YAML"):
        load_recipe(bad)
    bad.write_text("- a\n- b\n")
    with pytest.raises(ConfigError, match="mapping"):
        load_recipe(bad)
    with pytest.raises(ConfigError, match="cannot read"):
        load_recipe(tmp_path / "missing.yaml")
