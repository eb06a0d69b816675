"""The exception tree of stackeval.

StackevalError
├── UserError            bad input from the user: printed as one line, exit code 2
│   ├── ConfigError      recipe / suite / option files that do not validate (carries file and line)
│   ├── ProfileNotFound  unknown suite profile or test id
│   ├── EndpointError    endpoint unreachable, not an LLM server, or refusing our key
│   └── StoreError       DB file that is not SQLite or is from a newer schema
├── InternalError        a bug in stackeval
├── WorkersLost          every (Ray) worker of a run was lost: what finished is stored; exit code 3
├── GradingLost          the worker running a grader's program was lost (more often than retries allow)
└── PointLost            the host of a sweep point (not its server) was lost: the point is interrupted

Failures of the *server under test* are never exceptions: they become classified records
(see ``stackeval.records.request.ErrorClass``).
"""

from __future__ import annotations


class StackevalError(Exception):
    """Base of every exception stackeval raises on purpose."""


class UserError(StackevalError):
    """Something the user gave us is wrong; the CLI prints one line and exits 2."""

    exit_code = 2


class ConfigError(UserError):
    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        where = ""
        if path:
            where = f"{path}:{line}: " if line else f"{path}: "
        super().__init__(f"{where}{message}")
        self.path = path
        self.line = line


class ProfileNotFound(UserError):
    pass


class EndpointError(UserError):
    pass


class StoreError(UserError):
    pass


class InternalError(StackevalError):
    exit_code = 1


class WorkersLost(StackevalError):
    """Every worker that could run the rest of a run was lost; what finished is stored, resume re-runs the rest."""

    exit_code = 3


class GradingLost(StackevalError):
    """The worker running a program for a grader died (more often than the retries allow)."""


class PointLost(StackevalError):
    """The host of a point (not its server) was lost; the point is interrupted, a resume runs it again."""
