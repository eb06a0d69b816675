"""Sweep planning: which points a recipe asks for. Pure.

Designs:
- ``one-at-a-time``: the base point (``params``, plus the first level of every factor that has no base
  value), then one point per other level of each factor, everything else at its base value;
- ``factorial``: every combination of the factors' levels (on top of ``params``).
Explicit ``points`` come after, each as base + its own overrides. Points with identical parameters
are planned once (the first name wins).
"""

from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path

from stackeval.records.sweep import K_PARAM_NAMES, ExplicitPoint, Scalar, SweepPoint, SweepRecipe

__all__ = ["load_sweep_recipe", "plan_points", "point_key", "base_params", "k_param", "point_label"]


def load_sweep_recipe(path: Path | str) -> SweepRecipe:
    from stackeval.stack.recipe import load_yaml_model

    return load_yaml_model(path, SweepRecipe)


def point_key(params: dict[str, Scalar]) -> str:
    return hashlib.sha256(json.dumps(params, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _fmt(v: Scalar) -> str:
    return "null" if v is None else str(v).lower() if isinstance(v, bool) else str(v)


def point_label(varied: dict[str, Scalar]) -> str:
    return ", ".join(f"{k.lstrip('-')}={_fmt(v)}" for k, v in varied.items()) or "base"


def base_params(recipe: SweepRecipe) -> dict[str, Scalar]:
    base = dict(recipe.params)
    for k, levels in recipe.matrix.items():
        base.setdefault(k, levels[0])
    return base


def plan_points(recipe: SweepRecipe) -> list[SweepPoint]:
    base = base_params(recipe)
    planned: list[tuple[str, dict[str, Scalar], dict[str, Scalar], str | None]] = []
    if recipe.design == "factorial" and recipe.matrix:
        keys = list(recipe.matrix)
        for combo in itertools.product(*(recipe.matrix[k] for k in keys)):
            varied = dict(zip(keys, combo, strict=True))
            planned.append((point_label(varied), {**base, **varied}, varied, None))
    else:
        planned.append(("base", dict(base), {}, None))
        for k, levels in recipe.matrix.items():
            for v in levels:
                if json.dumps(v) == json.dumps(base[k]):
                    continue
                planned.append((point_label({k: v}), {**base, k: v}, {k: v}, None))
    for ep in recipe.points:
        planned.append(_explicit(ep, base))
    out: list[SweepPoint] = []
    seen: set[str] = set()
    for name, params, varied, expect in planned:
        key = point_key(params)
        if key in seen:
            continue
        seen.add(key)
        out.append(SweepPoint(index=len(out), name=name, params=params, varied=varied, expect=expect, key=key))
    return out


def _explicit(ep: ExplicitPoint, base: dict[str, Scalar]) -> tuple[str, dict[str, Scalar], dict[str, Scalar], str | None]:
    params = {**base, **ep.params}
    varied = {k: v for k, v in ep.params.items() if json.dumps(base.get(k, "\0absent")) != json.dumps(v)}
    return ep.name, params, varied, ep.expect


def k_param(recipe: SweepRecipe) -> str | None:
    """The parameter that is the speculative K: the advisor's, else the first K-like matrix factor."""
    if recipe.advisor.k_param:
        return recipe.advisor.k_param
    for name in recipe.matrix:
        if name in K_PARAM_NAMES or name.lstrip("-").replace("-", "_") in K_PARAM_NAMES:
            return name
    return None
