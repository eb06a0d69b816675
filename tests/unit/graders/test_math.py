"""The ``math`` grader and its extraction helpers."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from stackeval.graders._extract import decimal_half_unit, extract_answer, find_numbers, parse_number
from stackeval.graders.base import get_grader, grade, parse_spec
from stackeval.graders.math import MathSpec
from stackeval.records.answer import Answer, GradeResult


def _grade(content: str, **spec: object) -> GradeResult:
    return grade({"kind": "math", **spec}, Answer(content=content))


# --- registration and spec ---------------------------------------------------------------------------


def test_registered_with_its_spec_model() -> None:
    entry = get_grader("math")
    assert entry.spec_model is MathSpec


def test_spec_defaults_value_and_tolerance_from_answer() -> None:
    spec = parse_spec({"kind": "math", "answer": "16.913"})
    assert isinstance(spec, MathSpec)
    assert spec.value == pytest.approx(16.913)
    assert spec.tolerance == pytest.approx(0.0005)
    assert parse_spec({"kind": "math", "answer": "42"}).tolerance == pytest.approx(0.5)  # type: ignore[attr-defined]


def test_fraction_answer_gets_a_tight_relative_tolerance() -> None:
    spec = parse_spec({"kind": "math", "answer": "3/8"})
    assert spec.value == pytest.approx(0.375)  # type: ignore[attr-defined]
    assert spec.tolerance == pytest.approx(1e-6)  # type: ignore[attr-defined]


def test_spec_rejects_answer_outside_tolerance_of_value() -> None:
    with pytest.raises(ValidationError, match="not within tolerance"):
        parse_spec({"kind": "math", "answer": "16.91", "value": 16.9187})


def test_spec_rejects_unknown_fields_and_bad_pattern() -> None:
    with pytest.raises(ValidationError):
        parse_spec({"kind": "math", "answer": "1", "answers": ["1"]})
    with pytest.raises(ValidationError, match="pattern"):
        parse_spec({"kind": "math", "answer": "1", "pattern": "("})


# --- strict pass -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "ANSWER: 16.913",
        "work...\nANSWER: 16.913   ",
        "**ANSWER:** 16.913",
        "**ANSWER: 16.913**",
        "## Answer: 16.913",
        "answer: $16.913$",
        "ANSWER: `16.913`.",
        "ANSWER:\n16.913",
    ],
)
def test_strict_pass_variants(content: str) -> None:
    res = _grade(content, answer="16.913", value=16.91287)
    assert res.passed, res.detail
    assert res.failure_class is None
    assert res.flags == []
    assert res.data["extracted"] == "16.913"
    assert res.data["tolerant_pass"] is True


def test_last_answer_line_wins() -> None:
    res = _grade("ANSWER: 7\nOn reflection that is wrong.\nANSWER: 12", answer="12")
    assert res.passed
    assert res.data["answer_lines"] == 2
    res = _grade("ANSWER: 12\nWait, no.\nANSWER: 7", answer="12")
    assert res.failure_class == "wrong_answer"
    assert res.data["extracted"] == "7"


def test_pattern_replaces_string_equality() -> None:
    assert _grade("ANSWER: 12 apples", answer="12", pattern=r"12( apples)?").passed
    res = _grade("ANSWER: 12 pears", answer="12", pattern=r"12( apples)?")
    assert res.failure_class == "format_mismatch"


# --- format mismatch -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "answer", "tolerant_value"),
    [
        ("ANSWER: 16.9130", "16.913", 16.913),  # trailing zero
        ("ANSWER: 16.9129", "16.913", 16.9129),  # more digits, still the right value
        ("ANSWER: 1,234", "1234", 1234.0),  # thousands separator
        ("ANSWER: 1e3", "1000", 1000.0),  # scientific notation
        ("ANSWER: -0", "0", 0.0),  # negative zero
        ("ANSWER: \u2212119", "-119", -119.0),  # unicode minus
        ("ANSWER: 0.375", "3/8", 0.375),  # decimal for a fraction
        ("ANSWER: 6/16", "3/8", 0.375),  # fraction not in lowest terms
        ("ANSWER: 1/2", "0.5", 0.5),  # fraction for a decimal
        ("ANSWER: 12.5%", "0.125", 0.125),  # percentage when a plain number is asked
        ("ANSWER: 12.5", "12.5%", 12.5),  # plain number when a percentage is asked
        ("ANSWER: 42 km", "42", 42.0),  # unit after the number
        ("ANSWER: $2,817.06", "2817.06", 2817.06),
        ("The total is 36 + 120 = 156.", "156", 156.0),  # no ANSWER line: last number counts
        ("Final answer: 47622", "47622", 47622.0),  # not an ANSWER line
    ],
)
def test_right_value_in_wrong_format_is_format_mismatch(
    content: str, answer: str, tolerant_value: float
) -> None:
    res = _grade(content, answer=answer)
    assert not res.passed
    assert res.failure_class == "format_mismatch", res.detail
    assert res.flags == ["format_mismatch"]
    assert res.data["tolerant_pass"] is True
    assert res.data["tolerant_value"] == pytest.approx(tolerant_value)


def test_format_mismatch_uses_true_value_not_rounded_answer() -> None:
    # 6.1902 is within half a unit (0.0005) of the true value 6.190195 ...
    assert _grade("ANSWER: 6.1902", answer="6.190", value=6.190195).failure_class == "format_mismatch"
    # ... and 6.19 too (diff 0.000195), while 6.1896 is not (diff 0.000595)
    assert _grade("ANSWER: 6.19", answer="6.190", value=6.190195).failure_class == "format_mismatch"
    assert _grade("ANSWER: 6.1896", answer="6.190", value=6.190195).failure_class == "wrong_answer"


def test_explicit_tolerance_is_used() -> None:
    assert _grade("ANSWER: 41", answer="42", tolerance=2).failure_class == "format_mismatch"
    assert _grade("ANSWER: 41", answer="42", tolerance=0.1).failure_class == "wrong_answer"


# --- wrong answer / no answer --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "answer"),
    [
        ("ANSWER: 16.91", "16.913"),  # rounded to the wrong precision: outside half a unit
        ("ANSWER: 157", "156"),
        ("ANSWER: 119", "-119"),  # sign error
        ("ANSWER: 0.38", "3/8"),
        ("ANSWER: 12.5%", "12.5"),  # 12.5% reads as 0.125 when a plain number is asked
        ("ANSWER: I am not sure", "5"),  # answer line without a number
        ("ANSWER: five", "5"),
        ("I think it is about 20.", "156"),  # no answer line, wrong last number
    ],
)
def test_wrong_value_is_wrong_answer(content: str, answer: str) -> None:
    res = _grade(content, answer=answer)
    assert res.failure_class == "wrong_answer", res.detail
    assert res.flags == []
    assert res.data["tolerant_pass"] is False


def test_answer_line_without_number_still_counts_as_answer() -> None:
    res = _grade("The result is 5.\nANSWER: unknown", answer="5")
    assert res.failure_class == "wrong_answer"
    assert res.data["extracted"] == "unknown"
    assert res.data["tolerant_value"] is None


@pytest.mark.parametrize("content", ["", "I cannot help with that.", "   \n  ", "The answer is x."])
def test_no_answer_line_and_no_number_is_no_answer(content: str) -> None:
    res = _grade(content, answer="12")
    assert res.failure_class == "no_answer"
    assert res.data["extracted"] is None
    assert res.data["tolerant_value"] is None


def test_detail_names_extracted_and_expected() -> None:
    res = _grade("ANSWER: 41", answer="42")
    assert "'41'" in res.detail and "'42'" in res.detail


# --- helpers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("42", 42.0),
        ("-0", 0.0),
        ("\u22123.5", -3.5),
        ("+7", 7.0),
        (".5", 0.5),
        ("1,234,567.25", 1234567.25),
        ("2.5E-3", 0.0025),
        ("-7/2", -3.5),
        ("3/-4", -0.75),
        ("50%", 0.5),
    ],
)
def test_parse_number_accepts(text: str, value: float) -> None:
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["", "1,2", "12,34", "1/0", "abc", "1 234", "3/4/5", "--1", "1e"])
def test_parse_number_rejects(text: str) -> None:
    assert parse_number(text) is None


def test_parse_number_percent_strip_mode() -> None:
    assert parse_number("12.5%", percent="strip") == pytest.approx(12.5)


def test_find_numbers_in_text() -> None:
    assert find_numbers("x2 is 3, then \u22121,000 and 3/4 or 50%.") == ["3", "-1,000", "3/4", "50%"]


def test_extract_answer_none_and_line_count() -> None:
    assert extract_answer("no answer here").value is None
    ext = extract_answer("ANSWER: a\n- **Answer**: b")
    assert (ext.value, ext.line_count) == ("b", 2)


@pytest.mark.parametrize(
    ("answer", "half"), [("16.913", 0.0005), ("42", 0.5), ("1.2e2", 5.0), ("12.5%", 0.05)]
)
def test_decimal_half_unit(answer: str, half: float) -> None:
    assert decimal_half_unit(answer) == pytest.approx(half)


def test_decimal_half_unit_none_for_fraction() -> None:
    assert decimal_half_unit("3/8") is None


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        (r"\boxed{\frac{3}{8}}", "3/8"),
        (r"$-\dfrac{7}{2}$", "-7/2"),
        ("1 234 567", "1234567"),
        ("1\u202f234", "1234"),
        (r"$1{,}250$", "1,250"),
        ("2 / 3", "2/3"),
        (r"12.5\%", "12.5%"),
        (r"\text{42 km}", "42 km"),
    ],
)
def test_plain_math(raw: str, plain: str) -> None:
    from stackeval.graders._extract import plain_math

    assert plain_math(raw) == plain


def test_latex_value_is_never_a_strict_pass() -> None:
    res = _grade(r"ANSWER: \frac{3}{8}", answer="3/8")
    assert res.failure_class == "format_mismatch"
    assert _grade("`ANSWER: 3/8`", answer="3/8").passed
