"""A local Ray cluster on loopback (2 CPUs, custom resource FAKE_GPU standing in for GPUs) and two real
llama.cpp servers (replicas of one deployment), each started once for this folder (package scope) and
stopped after its last test, so nothing of them runs during the other folders' tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# before Ray is imported: a one-machine cluster on 127.0.0.1 (Ray would use the routable address), no telemetry
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for it in items:
        if it.path.name.startswith("test_ray"):  # a Ray cluster and real servers
            it.add_marker(pytest.mark.integration)
            it.add_marker(pytest.mark.slow)


@pytest.fixture(scope="package")
def ray_cluster():  # noqa: ANN201
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'stackeval[ray]')")
    ray.init(num_cpus=2, resources={"FAKE_GPU": 2}, include_dashboard=False, log_to_driver=False)
    try:
        node = ray.nodes()[0]
        assert node["NodeManagerAddress"] == "127.0.0.1", node["NodeManagerAddress"]
        yield ray
    finally:
        ray.shutdown()


def _local_why() -> str | None:
    try:
        from stackeval.localserver.manager import find_model, pick_build

        find_model()
        pick_build()
    except Exception as e:  # noqa: BLE001
        return str(e)
    return None


@pytest.fixture(scope="package")
def replicas(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    """Two identical local llama.cpp servers on loopback."""
    why = _local_why()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"the local server must be available in CI: {why}")
        pytest.skip(why)
    from stackeval.localserver import LocalServer

    logs: Path = tmp_path_factory.mktemp("replicas")
    servers = [LocalServer(parallel=2, threads=1, log_path=logs / f"r{i}.log") for i in range(2)]
    try:
        for s in servers:
            s.start()
        yield servers
    finally:
        for s in servers:
            s.stop()
