"""Grader ``math``: strict final-answer match, with a tolerant numeric diagnostic.

The prompt states the exact answer format and asks for a final line ``ANSWER: <value>``. Grading:

- **pass**: the last answer line's cleaned value (see ``_extract``) equals ``answer`` exactly, or
  fullmatches ``pattern`` when one is given.
- otherwise a tolerant value is taken: the answer line's value parsed as one number, else the first number
  written in that line (``ANSWER: 42 km`` -> 42); with no answer line, the last number anywhere in the
  content. Then:

  - ``no_answer``: no answer line and no number anywhere in the content;
  - ``format_mismatch`` (also in ``flags``): the tolerant value is within ``tolerance`` of ``value``, so the
    value was right but not written as asked (``16.9130`` for ``16.913``, ``0.5`` for ``1/2``, ``1,234``
    or ``1 234`` for ``1234``, ``2 / 3`` or LaTeX ``\frac{2}{3}`` / ``\boxed{2/3}`` for ``2/3``, ``-0`` for
    ``0``, or the right number without an answer line, where a final ``\boxed{}`` counts as the answer);
  - ``wrong_answer``: anything else.

``value`` defaults to ``answer`` parsed as a number. When ``answer`` ends with ``%``, percentages in the
response are read as plain numbers (``12.5%`` == ``12.5``); otherwise ``50%`` in a response reads as 0.5.
``tolerance`` defaults to half a unit in the last written place of ``answer`` (0.0005 for ``16.913``,
0.5 for ``42``), and to ``1e-6 * max(1, |value|)`` when ``answer`` is a fraction such as ``3/8``, so a
decimal is accepted as the same value only with about six significant digits.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, model_validator

from stackeval.graders._extract import (
    PercentMode,
    boxed_values,
    decimal_half_unit,
    extract_answer,
    find_numbers,
    parse_number,
    plain_math,
)
from stackeval.graders.base import GradeContext, register
from stackeval.records.answer import Answer, GradeResult

__all__ = ["MathSpec", "grade_math"]

_FRACTION_REL_TOL = 1e-6


class MathSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: str = Field(min_length=1)
    value: float | None = None
    pattern: str | None = None
    tolerance: float | None = Field(default=None, ge=0)

    @property
    def percent_mode(self) -> PercentMode:
        return "strip" if self.answer.strip().endswith("%") else "scale"

    @model_validator(mode="after")
    def _resolve(self) -> MathSpec:
        if self.pattern is not None:
            try:
                re.compile(self.pattern)
            except re.error as e:
                raise ValueError(f"pattern does not compile: {e}") from e
        parsed = parse_number(self.answer, percent=self.percent_mode)
        value = self.value if self.value is not None else parsed
        tol = self.tolerance
        if tol is None and value is not None:
            half = decimal_half_unit(self.answer)
            tol = half if half is not None else _FRACTION_REL_TOL * max(1.0, abs(value))
        self.value = value
        self.tolerance = tol
        if (
            value is not None
            and parsed is not None
            and tol is not None
            and abs(parsed - value) > tol * (1 + 1e-9)
        ):
            raise ValueError(f"answer {self.answer!r} is not within tolerance {tol} of value {value}")
        return self


def _tolerant_value(text: str, mode: PercentMode, *, whole_first: bool) -> float | None:
    v = parse_number(text, percent=mode)
    if v is not None:
        return v
    text = plain_math(text)
    v = parse_number(text, percent=mode)
    if v is not None:
        return v
    nums = find_numbers(text)
    if not nums:
        return None
    return parse_number(nums[0] if whole_first else nums[-1], percent=mode)


@register("math", MathSpec)
def grade_math(spec: MathSpec, answer: Answer, ctx: GradeContext) -> GradeResult:
    content = answer.content
    ext = extract_answer(content)
    mode = spec.percent_mode
    if ext.value is not None:
        extracted: str | None = ext.value
        tolerant_value = _tolerant_value(ext.value, mode, whole_first=True)
        has_number = tolerant_value is not None
    else:
        extracted = None
        boxed = boxed_values(content)
        if boxed:  # no answer line, but a final value marked the LaTeX way
            tolerant_value = _tolerant_value(boxed[-1], mode, whole_first=True)
            has_number = True
        else:
            nums = find_numbers(plain_math(content))
            has_number = bool(nums)
            tolerant_value = parse_number(nums[-1], percent=mode) if nums else None

    tolerant_pass = (
        spec.value is not None
        and spec.tolerance is not None
        and tolerant_value is not None
        and abs(tolerant_value - spec.value) <= spec.tolerance * (1 + 1e-9)
    )
    if extracted is not None:
        strict = (
            (re.fullmatch(spec.pattern, extracted) is not None) if spec.pattern else extracted == spec.answer
        )
    else:
        strict = False
    data = {
        "extracted": extracted,
        "tolerant_value": tolerant_value,
        "tolerant_pass": tolerant_pass,
        "answer_lines": ext.line_count,
    }
    expected = f"pattern {spec.pattern!r}" if spec.pattern else repr(spec.answer)
    if strict:
        return GradeResult(passed=True, detail=f"ANSWER {extracted!r} matches {expected}", data=data)
    if extracted is None and not has_number:
        return GradeResult.fail("no_answer", f"no ANSWER line and no number; expected {expected}", **data)
    where = (
        f"ANSWER {extracted!r}"
        if extracted is not None
        else f"no ANSWER line; last number {tolerant_value!r}"
    )
    if tolerant_pass:
        return GradeResult.fail(
            "format_mismatch",
            f"{where}: right value ({spec.value} ± {spec.tolerance}) but expected exactly {expected}",
            flags=["format_mismatch"],
            **data,
        )
    return GradeResult.fail(
        "wrong_answer", f"{where}: expected {expected} (value {spec.value} ± {spec.tolerance})", **data
    )
