"""Recipe files (YAML): what the endpoint cannot tell about itself."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ServeSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    command: str | None = None  # the serve command as run (a template in sweeps)
    flags: dict[str, Any] = Field(default_factory=dict)  # e.g. speculative-config, tool-call-parser
    env: dict[str, str] = Field(default_factory=dict)


class Recipe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = None
    engine: str | None = None
    engine_version: str | None = None
    model: str | None = None
    endpoint: str | None = None
    serve: ServeSpec = Field(default_factory=ServeSpec)
    hardware: dict[str, Any] = Field(default_factory=dict)
    quantization: str | None = None
    sampling: dict[str, Any] = Field(default_factory=dict)  # request defaults for runs (temperature, top_p, ...)
    notes: str | None = None
