"""Sweep recipes and point planning: designs, explicit points, validation, the K parameter."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from stackeval.errors import ConfigError
from stackeval.launch.plan import base_params, k_param, load_sweep_recipe, plan_points, point_key
from stackeval.records.sweep import SweepRecipe

CMD = "srv --host ${host} --port ${port} -k ${k}"


def _r(**kw) -> SweepRecipe:  # noqa: ANN003
    data = {"name": "t", "serve": {"command": CMD}, "params": {"k": 3}, "workloads": [{"kind": "bench"}], **kw}
    return SweepRecipe.model_validate(data)


def test_one_at_a_time_varies_one_factor_from_the_base() -> None:
    r = _r(matrix={"k": [3, 5, 7], "--moe-backend": ["auto", "marlin", "triton"]})
    pts = plan_points(r)
    assert [p.name for p in pts] == ["base", "k=5", "k=7", "moe-backend=marlin", "moe-backend=triton"]
    assert pts[0].params == {"k": 3, "--moe-backend": "auto"} and pts[0].varied == {}
    assert pts[1].params == {"k": 5, "--moe-backend": "auto"} and pts[1].varied == {"k": 5}
    assert pts[4].params == {"k": 3, "--moe-backend": "triton"}
    assert [p.index for p in pts] == list(range(5))
    assert len({p.key for p in pts}) == 5


def test_base_value_not_first_level() -> None:
    r = _r(params={"k": 7}, matrix={"k": [3, 5, 7]})
    assert base_params(r) == {"k": 7}
    assert [p.name for p in plan_points(r)] == ["base", "k=3", "k=5"]


def test_full_factorial_every_combination() -> None:
    r = _r(design="factorial", matrix={"k": [3, 5, 7, 11, 15], "--moe-backend": ["auto", "marlin", "triton"]})
    pts = plan_points(r)
    assert len(pts) == 15
    assert pts[0].name == "k=3, moe-backend=auto" and pts[-1].varied == {"k": 15, "--moe-backend": "triton"}


def test_explicit_points_after_the_design_and_duplicates_planned_once() -> None:
    r = _r(matrix={"k": [3, 5]}, points=[{"name": "broken", "params": {"--model": "/nope"}, "expect": "fail"},
                                          {"name": "same-as-k5", "params": {"k": 5}}])
    pts = plan_points(r)
    assert [p.name for p in pts] == ["base", "k=5", "broken"]
    assert pts[2].expect == "fail" and pts[2].varied == {"--model": "/nope"} and pts[2].params["k"] == 3


def test_point_key_is_canonical() -> None:
    assert point_key({"a": 1, "b": "x"}) == point_key({"b": "x", "a": 1})
    assert point_key({"a": 1}) != point_key({"a": 2})


@pytest.mark.parametrize(("over", "msg"), [
    ({"serve": {"command": "srv --port ${port} -k ${k}"}}, "${host}"),
    ({"serve": {"command": "srv --host ${host} -k ${k}"}}, "${port}"),
    ({"serve": {"command": CMD + " ${nope}"}}, "unknown placeholders"),
    ({"params": {"k": 3, "unused": 1}}, "not used"),
    ({"params": {"k": 3, "port": 1}}, "shadows"),
    ({"params": {"k": 3, "bad name": 1}}, "not an identifier"),
    ({"matrix": {"k": []}}, "at least one level"),
    ({"matrix": {"k": [3, 3]}}, "levels repeat"),
    ({"workloads": []}, "at least one"),
    ({"workloads": [{"kind": "nope"}]}, "kind"),
    ({"workloads": [{"kind": "bench", "concurrency": [0]}]}, "positive"),
    ({"name": None}, "name"),
    ({"surprise": 1}, "Extra inputs"),
])
def test_recipe_validation(over: dict, msg: str) -> None:
    with pytest.raises(ValidationError, match=msg.replace("$", r"\$").replace("{", r"\{").replace("}", r"\}")):
        _r(**over)


def test_fixed_port_allows_a_template_without_port() -> None:
    r = _r(serve={"command": "srv --host ${host} -k ${k}"}, launch={"port": 8000})
    assert r.launch.port == 8000


def test_k_param_detection() -> None:
    assert k_param(_r(matrix={"k": [3, 5]})) == "k"
    r = SweepRecipe.model_validate({"name": "t", "serve": {"command": "srv --host ${host} --port ${port}"},
                                    "matrix": {"--spec-draft-n-max": [2, 4]}, "workloads": [{"kind": "bench"}]})
    assert k_param(r) == "--spec-draft-n-max"
    assert k_param(_r(matrix={"--moe-backend": ["a", "b"]})) is None
    assert k_param(_r(matrix={"--moe-backend": ["a"]}, advisor={"k_param": "k"})) == "k"


def test_base_recipe_is_a_plain_recipe(tmp_path: Path) -> None:
    r = _r(engine="vllm", hardware={"gpu": "H100"})
    base = r.base_recipe()
    assert type(base).__name__ == "Recipe" and base.engine == "vllm" and base.serve.command == CMD


def test_example_recipes_load_and_plan() -> None:
    root = Path(__file__).resolve().parents[3] / "examples" / "sweeps"
    files = sorted(root.glob("*.yaml"))
    assert files
    for f in files:
        r = load_sweep_recipe(f)
        assert plan_points(r), f


def test_yaml_errors_name_file_and_line(tmp_path: Path) -> None:
    p = tmp_path / "r.yaml"
    p.write_text("name: x\nserve:\n  command: srv --host ${host} --port ${port}\nworkloads:\n  - kind: bench\n    bogus: 1\n")
    with pytest.raises(ConfigError, match=r"r.yaml:\d+: workloads.0.bench.bogus: unknown key"):
        load_sweep_recipe(p)
