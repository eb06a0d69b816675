"""Process-level behaviour of the `stackeval` command: SIGTERM stops like Ctrl-C (servers we started are
stopped on every exit path), and every usage error is one line ``stackeval: error: ...`` with exit 2."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator
from types import FrameType

import typer

try:  # typer 0.2x vendors its own copy of click (typer does not depend on click any more)
    from typer._click import exceptions as _click_exceptions
except ImportError:  # pragma: no cover - an older typer runs on click itself
    from click import exceptions as _click_exceptions  # type: ignore[no-redef]

_NO_ARGS = (_click_exceptions.NoArgsIsHelpError,)
_USAGE = (_click_exceptions.UsageError,)
_ABORT = (typer.Abort,)
_EXIT = (typer.Exit,)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so every ``finally`` and ``with`` block runs (servers we
    started are stopped, finished results are kept). A KeyboardInterrupt, so every Ctrl-C path applies."""


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: the clean-up itself must not be interrupted
    raise Terminated()


def install_sigterm() -> None:
    import threading

    if threading.current_thread() is threading.main_thread():  # signal handlers live in the main thread
        signal.signal(signal.SIGTERM, _on_sigterm)


@contextlib.contextmanager
def one_line_usage_errors() -> Iterator[None]:
    """Click's usage errors (bad option values, unknown options, missing arguments) as one line, exit 2;
    a command's ``typer.Exit(code)`` exits with that code."""
    try:
        yield
    except _NO_ARGS as e:
        print(e.format_message(), file=sys.stderr)
        sys.exit(2)
    except _USAGE as e:
        msg = " ".join(e.format_message().split())
        cmd = e.ctx.command_path if e.ctx is not None else "stackeval"
        print(f"stackeval: error: {msg} (see: {cmd} --help)", file=sys.stderr)
        sys.exit(2)
    except _ABORT:
        raise KeyboardInterrupt from None
    except _EXIT as e:
        sys.exit(e.exit_code)
