"""The parts of the Ray executor that need neither Ray nor a server: cheap imports, placement from the recipe,
option parsing. (Planning of lost units is the runner's: tests/unit/runner/test_plan_resume.py.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from stackeval.distributed.records import RayOptions
from stackeval.errors import ConfigError, UserError
from stackeval.records.sweep import SweepRecipe


def test_importing_stackeval_and_its_ray_modules_does_not_import_ray() -> None:
    code = ("import sys, stackeval, stackeval.distributed, stackeval.distributed.records, stackeval.distributed.pool, "
            "stackeval.distributed.suite_exec, stackeval.distributed.host, stackeval.cli.app, stackeval.cli.executors; "
            "from stackeval.distributed import RayOptions, RayHosts, RaySuiteExecutor; "
            "assert 'ray' not in sys.modules, 'ray was imported'")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def test_without_ray_the_ray_executor_is_a_one_line_user_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from stackeval.distributed.cluster import connected, import_ray

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ModuleNotFoundError
    with pytest.raises(UserError, match=r"pip install 'stackeval\[ray\]'"):
        import_ray()
    with pytest.raises(UserError, match="needs Ray"), connected(RayOptions()):
        pass


def _recipe(hardware: dict) -> SweepRecipe:
    return SweepRecipe.model_validate({
        "name": "s", "serve": {"command": "srv --host ${host} --port ${port}"}, "hardware": hardware,
        "workloads": [{"kind": "suite", "profile": "smoke"}]})


def test_point_placement_flag_beats_recipe_beats_default() -> None:
    from stackeval.distributed.host import point_placement

    assert point_placement(_recipe({}), RayOptions()) == (1.0, {})
    assert point_placement(_recipe({"ray_resources": {"GPU": 1, "CPU": 4}}), RayOptions()) == (4.0, {"GPU": 1.0})
    assert point_placement(_recipe({"ray_resources": {"GPU": 1}}), RayOptions(point_resources={"A100": 2})) == \
        (1.0, {"A100": 2.0})
    with pytest.raises(ConfigError, match="ray_resources"):
        point_placement(_recipe({"ray_resources": {"GPU": "one"}}), RayOptions())


def test_resource_flags_take_json_objects_of_numbers() -> None:
    from stackeval.cli.executors import resources as _resources

    assert _resources('{"GPU": 1}', "--resources") == {"GPU": 1.0}
    assert _resources(None, "--resources") == {}
    for bad in ("GPU=1", "[1]", '{"GPU": true}'):
        with pytest.raises(UserError, match="--resources"):
            _resources(bad, "--resources")


def test_a_bad_endpoint_url_is_refused_before_any_actor_exists() -> None:
    from stackeval.distributed.suite_exec import RaySuiteExecutor
    from stackeval.errors import EndpointError

    with pytest.raises(EndpointError, match="lacks a scheme"):
        RaySuiteExecutor(["http://127.0.0.1:1", "127.0.0.1:8000"], None, {})
