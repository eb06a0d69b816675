"""The serving stack as a recorded experimental variable."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

Scalar = str | int | float | bool | None

STACK_SCHEMA_VERSION = 1


class Probe(BaseModel):
    """One discovery request and what it returned."""

    model_config = ConfigDict(extra="forbid")
    path: str
    status: int | None
    content_type: str = ""
    json_body: Any = None
    text_excerpt: str = ""


class Conflict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str
    recipe: Scalar
    discovered: Scalar


class StackProfile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    schema_version: int = STACK_SCHEMA_VERSION
    endpoint: str
    engine: str = "unknown"  # vllm | sglang | llamacpp | ollama | tgi | unknown
    engine_version: str | None = None
    evidence: list[str] = Field(default_factory=list)  # why we decided the engine
    models: list[str] = Field(default_factory=list)
    max_model_len: int | None = None
    metrics_available: bool = False
    # flattened, dotted keys -> scalar values: serve.*, props.*, server_info.*, hardware.*, recipe.*
    settings: dict[str, Scalar] = Field(default_factory=dict)
    sources: dict[str, str] = Field(default_factory=dict)  # key -> "discovered" | "recipe"
    conflicts: list[Conflict] = Field(default_factory=list)
    fingerprint: str = ""

    def compute_fingerprint(self) -> str:
        """Stable over runs of the same stack: excludes the endpoint URL and volatile state."""
        stable = {
            "engine": self.engine,
            "engine_version": self.engine_version,
            "models": sorted(self.models),
            "max_model_len": self.max_model_len,
            "settings": {k: v for k, v in sorted(self.settings.items()) if not k.startswith("state.")},
        }
        return hashlib.sha256(json.dumps(stable, sort_keys=True, default=str).encode()).hexdigest()[:16]


def flatten(prefix: str, value: Any, out: dict[str, Scalar], depth: int = 0, max_depth: int = 4) -> None:
    """Flatten nested JSON into dotted scalar keys (lists of scalars become a JSON string)."""
    if isinstance(value, dict) and depth < max_depth:
        for k, v in value.items():
            flatten(f"{prefix}.{k}" if prefix else str(k), v, out, depth + 1, max_depth)
    elif isinstance(value, (list, tuple, dict)):
        out[prefix] = json.dumps(value, sort_keys=True, default=str)[:500]
    elif isinstance(value, (str, int, float, bool)) or value is None:
        out[prefix] = value[:500] if isinstance(value, str) else value
    else:
        out[prefix] = str(value)[:500]
