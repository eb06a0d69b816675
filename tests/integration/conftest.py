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


def usable_build_names() -> list[str]:
    """The llama.cpp builds whose probe succeeds on this machine: server-feature tests run on each
    (on a CPU without AVX-VNNI the prebuilt one is not among them, and says why in the probe cache)."""
    try:
        from stackeval.localserver.builds import usable_builds
        from stackeval.localserver.manager import find_model

        return [c.name for c in usable_builds(find_model())]
    except Exception:  # noqa: BLE001 - no model installed: the availability check fails the tests instead
        return []


def require_local_server() -> None:
    """Skip locally, fail in CI, when the local server cannot start here."""
    why = _available()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"the local server must be available in CI: {why}")
        pytest.skip(why)


@pytest.fixture(scope="session")
def local_server(tmp_path_factory: pytest.TempPathFactory):
    require_local_server()
    log = tmp_path_factory.mktemp("server") / "llama-server.log"
    srv = LocalServer(log_path=log)
    srv.start()
    yield srv
    srv.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for it in items:
        if "integration" in str(it.path):
            it.add_marker(pytest.mark.integration)
