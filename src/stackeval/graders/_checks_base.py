"""The shared pieces of the ``checks`` grader: the outcome record, the check base classes (counted,
ranged) and small helpers. The check kinds live in the sibling ``_checks_*`` modules; see
:mod:`stackeval.graders.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, model_validator

from stackeval.graders import _text as tx


@dataclass(frozen=True)
class CheckOutcome:
    name: str
    passed: bool
    detail: str


class _Check(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str | None = None

    @property
    def label(self) -> str:
        return self.name or str(getattr(self, "kind"))  # noqa: B009

    def run(self, text: str) -> tuple[bool, str]:  # pragma: no cover - every kind overrides it
        raise NotImplementedError


class _Counted(_Check):
    exact: int | None = None
    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _bounds(self) -> _Counted:
        if self.exact is None and self.min is None and self.max is None:
            raise ValueError("give exact, min or max")
        if self.exact is not None and (self.min is not None or self.max is not None):
            raise ValueError("exact excludes min/max")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("min > max")
        return self

    def want(self) -> str:
        if self.exact is not None:
            return f"exactly {self.exact}"
        if self.min is not None and self.max is not None:
            return f"{self.min}-{self.max}"
        return f"at least {self.min}" if self.min is not None else f"at most {self.max}"

    def judge(self, n: int, unit: str) -> tuple[bool, str]:
        ok = (n == self.exact) if self.exact is not None else (
            (self.min is None or n >= self.min) and (self.max is None or n <= self.max))
        return ok, f"{n} {unit}, want {self.want()}"


class _Range(_Check):
    """A float range (reading level, average sentence length)."""

    min: float | None = None
    max: float | None = None

    @model_validator(mode="after")
    def _bounds(self) -> _Range:
        if self.min is None and self.max is None:
            raise ValueError("give min or max")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("min > max")
        return self

    def judge(self, x: float, what: str) -> tuple[bool, str]:
        ok = (self.min is None or x >= self.min) and (self.max is None or x <= self.max)
        want = (f"{self.min}-{self.max}" if self.min is not None and self.max is not None
                else f"at least {self.min}" if self.min is not None else f"at most {self.max}")
        return ok, f"{what} {x:.1f}, want {want}"


def _phrases_found(text: str, phrases: list[str]) -> list[str]:
    return [p for p in phrases if tx.contains(text, p)]


def _show(items: list[str], limit: int = 5) -> str:
    shown = ", ".join(repr(i) for i in items[:limit])
    return shown + (f" (+{len(items) - limit} more)" if len(items) > limit else "")
