"""Helpers for the launcher tests: a sweep recipe around the scripted ``fake_serve.py`` server."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from stackeval.records.sweep import SweepRecipe

FAKE = Path(__file__).parent / "fake_serve.py"


def fake_recipe(**over: Any) -> SweepRecipe:
    base: dict[str, Any] = {
        "name": "fake-sweep",
        "engine": "fake",
        "model": "fake-model",
        "serve": {"command": f"{sys.executable} {FAKE} --host ${{host}} --port ${{port}}"},
        "matrix": {"--tokens": [4, 8]},
        "workloads": [{"kind": "bench", "output_tokens": 4, "runs": 2, "concurrency": [1], "requests_per_level": 2}],
        "launch": {"health_timeout_s": 20, "stop_grace_s": 3, "poll_interval_s": 0.05},
    }
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(base.get(k), dict):
            base[k] = {**base[k], **v}
        else:
            base[k] = v
    return SweepRecipe.model_validate(base)


@pytest.fixture
def recipe_factory():  # noqa: ANN201
    return fake_recipe
