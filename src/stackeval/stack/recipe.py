"""Read and validate recipe files. Every problem is a ConfigError naming the file and line."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from stackeval.errors import ConfigError
from stackeval.records.recipe import Recipe

M = TypeVar("M", bound=BaseModel)


def _line_of(text: str, loc: tuple[Any, ...]) -> int | None:
    """Best-effort line of a validation error location: the first line that starts the key path."""
    lines = text.splitlines()
    start, indent = 0, -1
    found: int | None = None
    for part in loc:
        if not isinstance(part, str):
            continue
        for n in range(start, len(lines)):
            raw = lines[n]
            stripped = raw.lstrip(" -")
            ind = len(raw) - len(raw.lstrip(" "))
            if stripped.startswith(f"{part}:") and ind > indent:
                found, start, indent = n + 1, n + 1, ind
                break
    return found


def load_yaml_model(path: Path | str, model: type[M]) -> M:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot read: {e.strerror or e}", path=str(p)) from e
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise ConfigError(f"invalid YAML: {getattr(e, 'problem', None) or e}", path=str(p),
                          line=(mark.line + 1) if mark else None) from e
    if not isinstance(data, dict):
        raise ConfigError(f"expected a mapping at the top level, got {type(data).__name__}", path=str(p), line=1)
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = tuple(err["loc"])
        where = ".".join(str(x) for x in loc) or "(top)"
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown key"
        raise ConfigError(f"{where}: {msg}", path=str(p), line=_line_of(text, loc)) from e


def load_recipe(path: Path | str) -> Recipe:
    return load_yaml_model(path, Recipe)
