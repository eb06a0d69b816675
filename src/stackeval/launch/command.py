"""Turn a serve-command template and a point's parameters into argv, environment and a recorded recipe.

Pure: built-in values (``${port}``, ``${local_model}``, ...) come from a resolver the caller supplies,
so nothing here touches the disk or the network. The template is split with shell rules first and
substituted token by token, so a value with spaces stays one argument. A placeholder that is a whole
token and resolves to a list (``${llama_server}`` may be ``python -m ...``) becomes several arguments.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from stackeval.errors import ConfigError
from stackeval.records.recipe import Recipe, ServeSpec
from stackeval.records.sweep import PLACEHOLDER, Scalar, SweepPoint, SweepRecipe, param_kind

__all__ = ["Resolver", "render_argv", "render_env", "point_recipe", "masked"]

Value = str | list[str]
Resolver = Callable[[str], Value]
MACHINE_BUILTINS = ("host", "port", "python", "local_model", "llama_server")


def _text(v: Scalar) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return "" if v is None else str(v)


def masked(name: str) -> Value:
    """A resolver that leaves machine-specific built-ins as placeholders (for the recorded command)."""
    return "${" + name + "}"


def _values(point: SweepPoint, resolve: Resolver) -> Callable[[str], Value]:
    cache: dict[str, Value] = {}

    def value(name: str) -> Value:
        if name in cache:
            return cache[name]
        if name in point.params and param_kind(name) == "template":
            raw = _text(point.params[name])
            v: Value = _sub(raw, resolve)  # a parameter's value may use built-ins (one level)
        elif name == "point_name":
            v = point.name
        elif name == "point_index":
            v = str(point.index)
        else:
            v = resolve(name)
        cache[name] = v
        return v

    return value


def _sub(token: str, value: Callable[[str], Value]) -> str:
    def one(m: object) -> str:
        name = m.group(1)  # type: ignore[attr-defined]
        v = value(name)
        return " ".join(v) if isinstance(v, list) else v

    return PLACEHOLDER.sub(one, token.replace("$$", "\0")).replace("\0", "$")


def render_argv(recipe: SweepRecipe, point: SweepPoint, resolve: Resolver) -> list[str]:
    template = recipe.serve.command or ""
    try:
        tokens = shlex.split(template)
    except ValueError as e:
        raise ConfigError(f"serve.command: cannot split: {e}") from e
    value = _values(point, resolve)
    argv: list[str] = []
    for tok in tokens:
        m = PLACEHOLDER.fullmatch(tok)
        if m:
            v = value(m.group(1))
            argv.extend(v if isinstance(v, list) else [v])
        else:
            argv.append(_sub(tok, value))
    for name, v in point.params.items():
        if param_kind(name) == "flag":
            argv = _set_flag(argv, name, v if not isinstance(v, str) else _sub(v, value))
    return argv


def _is_flag(tok: str) -> bool:
    return tok.startswith("-") and not _is_number(tok)


def _is_number(tok: str) -> bool:
    try:
        float(tok)
    except ValueError:
        return False
    return True


def _set_flag(argv: list[str], flag: str, v: Scalar) -> list[str]:
    """Replace the flag's value where the command already has it, else append it."""
    out = list(argv)
    for i, tok in enumerate(out):
        if tok == flag:
            has_value = i + 1 < len(out) and not _is_flag(out[i + 1])
            tail = out[i + 2:] if has_value else out[i + 1:]
            if v is None or v is False:
                return out[:i] + tail
            if v is True:
                return out[:i + 1] + tail
            return out[:i] + [flag, _text(v)] + tail
        if tok.startswith(flag + "="):
            if v is None or v is False:
                return out[:i] + out[i + 1:]
            return out[:i] + ([flag] if v is True else [f"{flag}={_text(v)}"]) + out[i + 1:]
    if v is None or v is False:
        return out
    return out + ([flag] if v is True else [flag, _text(v)])


def render_env(recipe: SweepRecipe, point: SweepPoint, resolve: Resolver) -> dict[str, str | None]:
    """Variables the recipe sets for this point (None = remove from the inherited environment)."""
    value = _values(point, resolve)
    env: dict[str, str | None] = {k: _sub(v, value) for k, v in recipe.serve.env.items()}
    for name, v in point.params.items():
        if param_kind(name) == "env":
            env[name[4:]] = None if v is None else _sub(_text(v), value)
    return env


def point_recipe(recipe: SweepRecipe, point: SweepPoint) -> Recipe:
    """The recipe recorded with every run at this point: the command with machine-specific built-ins
    left as placeholders (so repeats on another port or machine keep one stack fingerprint), and every
    point parameter under ``serve.flags`` (so it shows as a stack variable)."""
    recorded = " ".join(shlex.quote(a) for a in render_argv(recipe, point, masked))
    env = {k: v for k, v in render_env(recipe, point, masked).items() if v is not None}
    flags = {**recipe.serve.flags, **{k: v for k, v in point.params.items()}}
    base = recipe.base_recipe()
    return base.model_copy(update={"serve": ServeSpec(command=recorded, flags=flags, env=env)})
