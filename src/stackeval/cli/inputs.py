"""Input checks shared by the commands that run something against an endpoint (run, agentic, bench): the
recipe and its endpoint fallback, and the choices of --thinking, --transport and --executor. Each bad
value is a ``UserError`` (one line, exit 2) before anything is started or stored."""

from __future__ import annotations

from pathlib import Path

from stackeval.errors import UserError
from stackeval.records.recipe import Recipe

__all__ = ["EXECUTORS", "THINKING", "TRANSPORTS", "check_choice", "load_target", "transports", "write_output"]

THINKING = ("default", "off", "on", "both")
TRANSPORTS = ("stream", "whole", "both")
EXECUTORS = ("local", "ray")


def check_choice(flag: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise UserError(f"{flag} must be {', '.join(allowed[:-1])} or {allowed[-1]}, not {value!r}")
    return value


def write_output(text: str, out: Path | None, what: str) -> None:
    """A document to ``out`` (saying where, on stderr; a failure is one line) or to stdout."""
    import sys

    if out is None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        raise UserError(f"cannot write {out}: {e.strerror or e}") from e
    print(f"{what} written to {out}", file=sys.stderr)


def transports(transport: str) -> list[str]:
    """--transport as the run's list of transports."""
    check_choice("--transport", transport, TRANSPORTS)
    return ["stream", "whole"] if transport == "both" else [transport]


def load_target(recipe: Path | None, endpoints: list[str]) -> tuple[Recipe | None, list[str]]:
    """The recipe (if given) and the endpoints to use: those given, else the recipe's."""
    from stackeval.stack.recipe import load_recipe

    rec = load_recipe(recipe) if recipe else None
    if not endpoints and rec is not None and rec.endpoint:
        endpoints = [rec.endpoint]
    return rec, list(endpoints)
