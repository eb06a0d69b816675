"""A real llama.cpp server with SmolLM2-135M-Instruct, started once per test session."""

from __future__ import annotations

import os

import pytest

from stackeval.localserver import LocalServer


def _available() -> str | None:
    try:
        from stackeval.localserver.manager import find_model, pick_build

        find_model()
        pick_build()
    except Exception as e:  # noqa: BLE001
        return str(e)
    return None


@pytest.fixture(scope="session")
def local_server(tmp_path_factory: pytest.TempPathFactory):
    why = _available()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"the local server must be available in CI: {why}")
        pytest.skip(why)
    log = tmp_path_factory.mktemp("server") / "llama-server.log"
    srv = LocalServer(log_path=log)
    srv.start()
    yield srv
    srv.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for it in items:
        if "integration" in str(it.path):
            it.add_marker(pytest.mark.integration)
