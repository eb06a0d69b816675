"""The steps every stored run shares, whatever it runs (a suite, agentic tasks, a bench):

1. ``stored_run``: read back the run to resume (before anything is started or written);
2. ``check_unchanged``: refuse to mix results when what the run measures changed under it (unless forced);
3. ``choose_model``: the model to ask for, checked against what the endpoint serves;
4. ``open_run``: create the run (or reopen the resumed one) and mark how it ended: ``complete`` when the
   block finishes, ``interrupted`` when anything escapes it (Ctrl-C, a lost cluster, a bug).

Inputs are validated before ``open_run``, so bad input leaves the store as it was.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stackeval._version import __version__
from stackeval.errors import UserError
from stackeval.records.run import RunSpec
from stackeval.records.stack import StackProfile
from stackeval.store.db import Store

__all__ = ["StoredRun", "check_unchanged", "choose_model", "git_rev", "open_run", "stored_run"]


def git_rev() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=Path(__file__).parent,
                             capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


@dataclass(frozen=True)
class StoredRun:
    """A run to resume, as the store holds it."""

    run_id: str
    spec: RunSpec
    content_hash: str  # the suite hash (or the agentic tasks' hash) the run was created with
    fingerprint: str  # the stack it ran against
    docs: dict[str, Any]


def stored_run(db_path: Path, resume: str, kind: str | None = None) -> StoredRun:
    if not db_path.exists():
        raise UserError(f"{db_path}: no such database to resume from")
    with Store(db_path, create=False) as st:
        run_id = st.resolve_run(resume)
        info = st.run_info(run_id)
        docs = st.docs(run_id)
    if kind is not None and info.spec.kind != kind:
        raise UserError(f"run {run_id} is a {info.spec.kind} run, not an {kind} one")
    return StoredRun(run_id, info.spec, info.suite_hash, info.stack_fingerprint, docs)


def check_unchanged(what: str, run_id: str, label: str, before: str | None, now: str, force: bool) -> None:
    if before != now and not force:
        raise UserError(f"{what} changed since run {run_id} ({label} {before} -> {now}); use --force to mix")


def choose_model(model: str | None, stack: StackProfile, endpoint: str) -> str:
    chosen = model or (stack.models[0] if stack.models else None)
    if chosen is None:
        raise UserError(f"{endpoint} lists no models; pass --model")
    if stack.models and chosen not in stack.models and stack.engine != "llamacpp":
        raise UserError(f"model {chosen!r} is not served by {endpoint} (serves: {', '.join(stack.models)})")
    return chosen


@contextmanager
def open_run(db_path: Path, spec: RunSpec, stack: StackProfile, content_hash: str,
             resumed: str | None = None) -> Iterator[tuple[Store, str]]:
    """(store, run id) of a new run, or of ``resumed`` set running again; its status is set on the way out."""
    with Store(db_path) as store:
        if resumed is None:
            run_id = store.create_run(spec, stack, content_hash, __version__, git_rev())
        else:
            run_id = resumed
            store.put_stack(stack)
            store.set_run_status(run_id, "running")
        try:
            yield store, run_id
        except BaseException:
            store.set_run_status(run_id, "interrupted")
            raise
        store.set_run_status(run_id, "complete", finished=True)
