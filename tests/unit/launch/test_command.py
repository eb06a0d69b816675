"""Serve-command rendering: placeholders, flags set in place or appended, env, the recorded recipe."""

from __future__ import annotations

import pytest

from stackeval.errors import ConfigError
from stackeval.launch.command import masked, point_recipe, render_argv, render_env
from stackeval.launch.plan import plan_points
from stackeval.records.sweep import SweepRecipe


def resolver(name: str):  # noqa: ANN201
    return {"host": "127.0.0.1", "port": "9001", "python": "/usr/bin/python3", "local_model": "/m/model.gguf",
            "llama_server": ["/usr/bin/python3", "-m", "stackeval.localserver.xllama"]}[name]


def _r(cmd: str, **kw) -> SweepRecipe:  # noqa: ANN003
    return SweepRecipe.model_validate({"name": "t", "serve": {"command": cmd}, "workloads": [{"kind": "bench"}], **kw})


def test_placeholders_substituted_token_by_token() -> None:
    r = _r("${llama_server} -m ${local_model} --host ${host} --port ${port} --alias 'my model' --cfg '{\"k\": ${k}}'",
           params={"k": 5})
    argv = render_argv(r, plan_points(r)[0], resolver)
    assert argv == ["/usr/bin/python3", "-m", "stackeval.localserver.xllama", "-m", "/m/model.gguf", "--host", "127.0.0.1",
                    "--port", "9001", "--alias", "my model", "--cfg", '{"k": 5}']


def test_flags_replace_in_place_append_or_drop() -> None:
    r = _r("srv --host ${host} --port ${port} --spec-draft-n-max 3 --flash-attn --ctx=4096",
           matrix={"--spec-draft-n-max": [7]}, params={"--new": "x", "--flash-attn": False, "--ctx": 8192, "--bare": True})
    argv = render_argv(r, plan_points(r)[0], resolver)
    assert argv == ["srv", "--host", "127.0.0.1", "--port", "9001", "--spec-draft-n-max", "7", "--ctx=8192", "--new", "x",
                    "--bare"]


def test_negative_number_is_a_value_not_a_flag() -> None:
    r = _r("srv --host ${host} --port ${port} --n -1", params={"--n": 4})
    assert render_argv(r, plan_points(r)[0], resolver)[-2:] == ["--n", "4"]


def test_param_values_may_use_builtins_and_dollar_escapes() -> None:
    r = _r("srv -m ${model_file} --host ${host} --port ${port} --price $$5", params={"model_file": "${local_model}"})
    argv = render_argv(r, plan_points(r)[0], resolver)
    assert argv[2] == "/m/model.gguf" and argv[-1] == "$5"


def test_env_from_recipe_and_env_params() -> None:
    r = _r("srv --host ${host} --port ${port}", serve={"command": "srv --host ${host} --port ${port}",
                                                       "env": {"MODEL": "${local_model}", "FIXED": "1"}},
           matrix={"env.BACKEND": ["triton", None]})
    pts = plan_points(r)
    assert render_env(r, pts[0], resolver) == {"MODEL": "/m/model.gguf", "FIXED": "1", "BACKEND": "triton"}
    assert render_env(r, pts[1], resolver)["BACKEND"] is None


def test_unbalanced_quotes_are_a_config_error() -> None:
    r = _r("srv --host ${host} --port ${port} 'oops")
    with pytest.raises(ConfigError, match="cannot split"):
        render_argv(r, plan_points(r)[0], resolver)


def test_recorded_recipe_masks_machine_builtins_and_lists_params() -> None:
    r = _r("${llama_server} -m ${local_model} --host ${host} --port ${port} -k ${k}", engine="llamacpp",
           params={"k": 3}, matrix={"--spec-draft-n-max": [2, 4]}, serve={
               "command": "${llama_server} -m ${local_model} --host ${host} --port ${port} -k ${k}",
               "flags": {"jinja": True}})
    pts = plan_points(r)
    rec = point_recipe(r, pts[1])
    assert rec.engine == "llamacpp"
    assert rec.serve.command == "'${llama_server}' -m '${local_model}' --host '${host}' --port '${port}' -k 3 --spec-draft-n-max 4"
    assert rec.serve.flags == {"jinja": True, "k": 3, "--spec-draft-n-max": 4}
    # the same point on another port records the same command: one stack fingerprint
    assert render_argv(r, pts[1], masked) == render_argv(r, pts[1], masked)
