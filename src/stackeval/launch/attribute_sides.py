"""The two ends of ``stackeval attribute`` and the variables they differ in: loading an end (a recipe file
or a stored run launched by a sweep), parsing serve commands into flags, and diffing the ends. Split out of
``launch.attribute``, which re-exports ``Side``, ``load_side`` and ``diff_sides``."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from stackeval.errors import ConfigError, ProfileNotFound, UserError
from stackeval.launch.collect import load_run
from stackeval.launch.command import masked, render_argv, render_env
from stackeval.launch.plan import plan_points
from stackeval.records.attribution import Variable
from stackeval.records.recipe import Recipe, ServeSpec
from stackeval.records.run import TestResult
from stackeval.records.sweep import LaunchSpec, Scalar, SweepPoint, SweepRecipe
from stackeval.store.db import Store
from stackeval.store.sweeps import SweepStore

__all__ = ["PROGRAM", "Side", "diff_sides", "load_side"]

PROGRAM = "se_program"
SWEEP_ONLY = ("params", "matrix", "design", "points", "workloads", "launch", "advisor", "schema_version")


@dataclass
class Side:
    """One end of the attribution: how to launch it, and what it already measured (a stored run)."""

    label: str
    recipe: Recipe  # serve.command with the machine built-ins left as ${placeholders}
    launch: LaunchSpec
    results: list[TestResult] = field(default_factory=list)
    profile: str | None = None
    concurrency: int | None = None


def _from_sweep(rec: SweepRecipe, point: SweepPoint, label: str) -> Side:
    argv = render_argv(rec, point, masked)
    env = {k: v for k, v in render_env(rec, point, masked).items() if v is not None}
    base = rec.base_recipe()
    return Side(label=label, recipe=base.model_copy(update={"serve": ServeSpec(command=shlex.join(argv), env=env)}),
                launch=rec.launch)


def load_side(ref: str, st: Store | None) -> Side:
    """A recipe file, or a stored run id (prefix or 'latest') whose sweep says how it was launched."""
    p = Path(ref)
    if p.is_file():
        try:
            data = yaml.safe_load(p.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as e:
            raise ConfigError(f"cannot read the recipe: {e}", path=str(p)) from e
        if not isinstance(data, dict):
            raise ConfigError("expected a mapping at the top level", path=str(p))
        if any(k in data for k in SWEEP_ONLY):
            data.setdefault("workloads", [{"kind": "suite", "profile": "smoke"}])
            try:
                rec = SweepRecipe.model_validate(data)
            except ValueError as e:
                raise ConfigError(f"not a valid sweep recipe: {e}", path=str(p)) from e
            base = plan_points(rec.model_copy(update={"matrix": {}, "points": []}))[0]
            return _from_sweep(rec, base, p.stem)
        try:
            r = Recipe.model_validate(data)
        except ValueError as e:
            raise ConfigError(f"not a valid recipe: {e}", path=str(p)) from e
        if not r.serve.command or "${port}" not in r.serve.command or "${host}" not in r.serve.command:
            raise ConfigError("serve.command must be launchable: it must take ${host} and ${port}", path=str(p))
        return Side(label=p.stem, recipe=r, launch=LaunchSpec())
    if st is None:
        raise UserError(f"{ref!r} is not a file, and there is no store to look a run up in")
    try:
        rid = st.resolve_run(ref)
    except ProfileNotFound as e:
        raise UserError(f"{ref!r} is neither a recipe file nor a stored run") from e
    rd = load_run(st, rid)
    sw = rd.docs.get("sweep")
    if not isinstance(sw, dict) or "sweep_id" not in sw:
        raise UserError(f"run {rid} was not launched by stackeval (no stored sweep recipe says how to start its "
                        "server); pass a recipe file instead")
    ss = SweepStore(st)
    info = ss.info(sw["sweep_id"])
    recs = {r.point.index: r for r in ss.points(info.id)}
    if sw.get("point") not in recs:
        raise UserError(f"run {rid}: its sweep point is not stored")
    side = _from_sweep(info.recipe, recs[sw["point"]].point, f"run {rid.rsplit('-', 1)[-1]}")
    side.results, side.profile, side.concurrency = rd.results, rd.info.profile, rd.info.spec.concurrency
    return side


# --------------------------------------------------------------------------- variables


def _is_flag(tok: str) -> bool:
    if not tok.startswith("-"):
        return False
    try:
        float(tok)
    except ValueError:
        return True
    return False


def _parse(command: str) -> tuple[str, list[str], dict[str, Scalar]]:
    """(program, positionals, flags in order: value or True for a bare flag)."""
    toks = shlex.split(command)
    if not toks:
        raise ConfigError("serve.command is empty")
    pos: list[str] = []
    flags: dict[str, Scalar] = {}
    i = 1
    while i < len(toks):
        t = toks[i]
        if _is_flag(t):
            if "=" in t and t.startswith("--"):
                k, v = t.split("=", 1)
                flags[k] = v
            elif i + 1 < len(toks) and not _is_flag(toks[i + 1]):
                flags[t] = toks[i + 1]
                i += 1
            else:
                flags[t] = True
        else:
            pos.append(t)
        i += 1
    return toks[0], pos, flags


def _flag_kind(name: str, a: Scalar, b: Scalar) -> str:
    vals = [str(v) for v in (a, b) if isinstance(v, str)]
    if "template" in name or any(v.endswith((".jinja", ".jinja2", ".j2")) for v in vals):
        return "template_file"
    return "flag"


def _show(members: list[Variable], vals: list[Scalar]) -> str:
    return " ".join(f"{m.name} {'(absent)' if x is None else x}" for m, x in zip(members, vals, strict=True))


def _group(out: list[Variable], together: list[list[str]]) -> list[Variable]:
    """Variables named together become one (e.g. ``-ctk`` and ``-ctv``, the KV-cache type)."""
    for given in together:
        grp = [next((v.name for v in out if v.name == n or v.name.lstrip("-") == n.lstrip("-")), n) for n in given]
        members = [v for v in out if v.name in grp and v.launchable]
        missing = [n for n in grp if n not in {v.name for v in members}]
        if missing:
            raise UserError(f"--together {','.join(grp)}: {', '.join(missing)} does not differ between A and B")
        if len(members) < 2:
            continue
        first = out.index(members[0])

        merged = Variable(name="+".join(m.name for m in members), kind=members[0].kind,
                          a=_show(members, [m.a for m in members]), b=_show(members, [m.b for m in members]),
                          members={m.name: [m.a, m.b] for m in members})
        out = [v for v in out if v not in members]
        out.insert(first, merged)
    return out


def diff_sides(a: Side, b: Side, together: list[list[str]] | None = None) -> list[Variable]:
    """The variables that differ: launchable (flags, env, program) first, then the recipe keys no launch
    changes (sampling, engine version, ...). ``together``: groups of them varied as one variable."""
    pa, posa, fa = _parse(a.recipe.serve.command or "")
    pb, posb, fb = _parse(b.recipe.serve.command or "")
    if posa != posb:
        raise UserError(f"the serve commands differ in positional arguments ({' '.join(posa)!r} vs "
                        f"{' '.join(posb)!r}); write them as flags or ${{params}} to attribute them")
    out: list[Variable] = []
    if pa != pb:
        out.append(Variable(name=PROGRAM, kind="program", a=pa, b=pb,
                            note="the server program (engine build or version)"))
    for k in [*fa, *(k for k in fb if k not in fa)]:
        va, vb = fa.get(k), fb.get(k)
        if va != vb:
            out.append(Variable(name=k, kind=_flag_kind(k, va, vb), a=va, b=vb))  # type: ignore[arg-type]
    ea, eb = a.recipe.serve.env, b.recipe.serve.env
    for k in [*ea, *(k for k in eb if k not in ea)]:
        if ea.get(k) != eb.get(k):
            out.append(Variable(name=f"env.{k}", kind="env", a=ea.get(k), b=eb.get(k)))
    sa, sb = a.recipe.sampling, b.recipe.sampling
    for k in sorted(set(sa) | set(sb)):
        if sa.get(k) != sb.get(k):
            out.append(Variable(name=f"sampling.{k}", kind="sampling", a=_scalar(sa.get(k)), b=_scalar(sb.get(k)),
                                launchable=False, note="request-side: every point runs with A's sampling"))
    for key in ("engine_version", "model", "quantization"):
        va, vb = getattr(a.recipe, key), getattr(b.recipe, key)
        if va != vb and not (key == "engine_version" and pa != pb):
            out.append(Variable(name=key, kind="engine_version" if key == "engine_version" else "other", a=va, b=vb,
                                launchable=False, note="declared only: the serve commands do not differ in it"))
    return _group(out, together or [])


def _scalar(v: Any) -> Scalar:
    return v if v is None or isinstance(v, (str, int, float, bool)) else json.dumps(v, sort_keys=True)
