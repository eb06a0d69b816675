from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from stackeval.graders.base import GradeContext, get_grader, grade, parse_spec
from stackeval.graders.checks import ChecksSpec
from stackeval.graders.judge import JudgeSpec, grade_judge, judge_prompt, parse_score
from stackeval.records.answer import Answer, GradeResult


def run(checks: list[dict[str, Any]] | dict[str, Any], text: str) -> GradeResult:
    if isinstance(checks, dict):
        checks = [checks]
    return grade({"kind": "checks", "checks": checks}, Answer(content=text))


def ok(check: dict[str, Any], text: str) -> bool:
    return run(check, text).passed


# ------------------------------------------------------------------------------------ the grader shape


def test_all_checks_run_and_first_failure_names_the_class() -> None:
    r = run([{"kind": "word_count", "max": 3}, {"kind": "ends_with", "phrase": "bye."},
             {"kind": "no_commas", "name": "commas"}], "hello there, dear friend")
    assert not r.passed
    assert r.failure_class == "constraint:word_count"
    assert r.data["failed"] == ["word_count", "ends_with", "commas"]
    assert r.data["results"] == {"word_count": False, "ends_with": False, "commas": False}
    assert "word_count: 4 words, want at most 3" in r.detail
    assert "commas: 1 commas" in r.detail


def test_pass_reports_every_check() -> None:
    r = run([{"kind": "word_count", "min": 1}, {"kind": "starts_with", "phrase": "Hi"}], "Hi there")
    assert r.passed and r.failure_class is None
    assert r.data["results"] == {"word_count": True, "starts_with": True}
    assert r.detail == "all 2 checks passed"


def test_empty_answer_is_graded_and_flagged() -> None:
    r = run([{"kind": "word_count", "min": 1}, {"kind": "forbidden_keywords", "keywords": ["x"]}], "")
    assert r.failure_class == "constraint:word_count"
    assert r.flags == ["empty_answer"]


@pytest.mark.parametrize(
    "spec",
    [
        {"checks": []},
        {"checks": [{"kind": "nope"}]},
        {"checks": [{"kind": "word_count"}]},  # no bounds
        {"checks": [{"kind": "word_count", "min": 5, "max": 2}]},
        {"checks": [{"kind": "word_count", "exact": 5, "max": 9}]},
        {"checks": [{"kind": "word_count", "min": 1, "typo": 2}]},  # extra keys forbidden
        {"checks": [{"kind": "no_commas"}, {"kind": "no_commas"}]},  # duplicate names
        {"checks": [{"kind": "length_band", "min": 10}]},  # both bounds required
        {"checks": [{"kind": "regex", "pattern": "("}]},
        {"checks": [{"kind": "keyword_coverage", "terms": ["a"], "min": 2}]},
        {"checks": [{"kind": "banned_phrases"}]},
        {"checks": [{"kind": "case", "mode": "sentence"}]},
        {"checks": [{"kind": "reading_level"}]},
    ],
)
def test_bad_specs_fail_at_load(spec: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        ChecksSpec.model_validate(spec)


def test_registered_with_spec_model() -> None:
    assert get_grader("checks").spec_model is ChecksSpec
    parsed = parse_spec({"kind": "checks", "checks": [{"kind": "no_commas", "name": "plain"}]})
    assert isinstance(parsed, ChecksSpec) and parsed.checks[0].label == "plain"


# -------------------------------------------------------------------------------------- counting kinds


def test_word_count() -> None:
    c = {"kind": "word_count", "min": 3, "max": 4}
    assert ok(c, "one two three") and ok(c, "  one, two; three — four!  ")
    assert not ok(c, "one two") and not ok(c, "a b c d e")
    assert ok({"kind": "word_count", "exact": 2}, "don't panic")
    assert run(c, "a b c d e f").detail == "word_count: 6 words, want 3-4"


def test_length_band() -> None:
    c = {"kind": "length_band", "min": 2, "max": 3}
    assert ok(c, "two words") and not ok(c, "one") and not ok(c, "one two three four")


def test_sentence_count() -> None:
    c = {"kind": "sentence_count", "exact": 3}
    assert ok(c, "One. Two! Three?")
    assert ok(c, "Dr. Who came. It rained. We left.")
    assert ok(c, "一つ。二つ。三つ。")
    assert not ok(c, "One. Two.")


def test_paragraph_count() -> None:
    c = {"kind": "paragraph_count", "exact": 2}
    assert ok(c, "First line\nsame para.\n\nSecond.")
    assert ok(c, "First.\n   \n\n\nSecond.\n\n")
    assert not ok(c, "Only one.\nStill one.")


def test_line_count() -> None:
    assert ok({"kind": "line_count", "exact": 2}, "a\n\nb\n")
    assert ok({"kind": "line_count", "exact": 3, "blank": True}, "a\n\nb\n")


def test_char_count() -> None:
    assert ok({"kind": "char_count", "max": 5}, "hello  \n")
    assert not ok({"kind": "char_count", "max": 5}, "hello!")
    assert ok({"kind": "char_count", "exact": 3, "whitespace": False}, "a b c")
    cjk = {"kind": "char_count", "min": 5, "max": 6, "cjk": True}
    assert ok(cjk, "東京 タワー。")  # 6 visible characters, the space does not count
    assert not ok(cjk, "東京タワーは高い。")
    assert ok(cjk, "서울 타워예요")  # Hangul syllables count one each


def test_bullet_count() -> None:
    c = {"kind": "bullet_count", "exact": 4}
    assert ok(c, "Intro:\n- a\n* b\n\u2022 c\n1. d\n---\n**bold** not a bullet")
    assert not ok(c, "- a\n- b\n- c")
    assert not ok(c, "- a\n- b\n- c\n- d\n  - nested")


def test_numbered_list() -> None:
    assert ok({"kind": "numbered_list", "exact": 3}, "1. a\n2. b\n3) c")
    r = run({"kind": "numbered_list", "exact": 3}, "1. a\n3. b\n2. c")
    assert not r.passed and "want 1..3" in r.detail
    assert ok({"kind": "numbered_list", "exact": 2, "consecutive": False}, "3. a\n1. b")


def test_heading_count() -> None:
    t = "# A\n## B\n## C\n```\n# code comment\n```"
    assert ok({"kind": "heading_count", "exact": 3}, t)
    assert ok({"kind": "heading_count", "exact": 2, "level": 2}, t)


def test_placeholder_count() -> None:
    c = {"kind": "placeholder_count", "exact": 2}
    assert ok(c, "Dear [name], meet at [address]. See [docs](http://x).")
    assert not ok(c, "Dear [name], no more.")
    assert not ok(c, "empty [] and [ ] are not placeholders [x]")


def test_section_count() -> None:
    t = "SECTION 1\nintro\n## SECTION 2\n**SECTION 3**\nnot SECTION 4 mid-line"
    assert ok({"kind": "section_count", "exact": 3}, t)
    assert ok({"kind": "section_count", "exact": 2, "marker": "Part", "ignore_case": True}, "PART I\nx\npart II")


def test_highlighted_sections() -> None:
    c = {"kind": "highlighted_sections", "min": 3}
    assert ok(c, "**one** and *two* and *three*")
    assert not ok(c, "* bullet\n* bullet *one* and 2 * 3 * 4")
    assert ok({"kind": "highlighted_sections", "exact": 1}, "* bullet\n* bullet *one* and 2 * 3 * 4")


def test_keyword_frequency() -> None:
    c = {"kind": "keyword_frequency", "keyword": "river", "exact": 2}
    assert ok(c, "River bends; the river flows. Rivers are plural.")
    assert not ok(c, "river river river")


# ---------------------------------------------------------------------------------------- phrase kinds


def test_required_keywords() -> None:
    c = {"kind": "required_keywords", "keywords": ["dock", "helmet"]}
    assert ok(c, "Return the bike to a DOCK and wear a helmet.")
    r = run(c, "Return the bike to a docking station.")
    assert r.detail == "required_keywords: missing: 'dock', 'helmet'"
    assert ok({"kind": "required_keywords", "keywords": ["fee"], "min_occurrences": 2}, "Fee. fee!")
    assert not ok({"kind": "required_keywords", "keywords": ["fee"], "min_occurrences": 2}, "fee fees")
    assert ok({"kind": "required_keywords", "keywords": ["自転車"]}, "自転車を返してください")


def test_forbidden_keywords() -> None:
    c = {"kind": "forbidden_keywords", "keywords": ["free", "cheap"]}
    assert ok(c, "Freedom is not cheapened.")
    assert run(c, "It is FREE!").detail == "forbidden_keywords: found 'free'"


def test_banned_phrases_and_defaults() -> None:
    assert not ok({"kind": "banned_phrases", "include_defaults": True}, "In today\u2019s fast-paced world, ...")
    assert not ok({"kind": "banned_phrases", "include_defaults": True}, "Let us delve into it.")
    assert ok({"kind": "banned_phrases", "phrases": ["synergy"]}, "We delve.")
    assert not ok({"kind": "banned_phrases", "phrases": ["re:\\bsynerg\\w*"]}, "Synergies abound")


def test_required_facts() -> None:
    c = {"kind": "required_facts", "facts": [["14 March", "March 14", "re:2031-03-14"], "3,400", ["Ilse Varga"]]}
    assert ok(c, "On March 14 about 3,400 riders met Ilse Varga.")
    assert ok(c, "Date: 2031-03-14; 3,400 riders; ilse varga spoke.")
    r = run(c, "On 15 March about 3400 riders met Ilse Varga.")
    assert r.detail == "required_facts: missing 2 of 3 facts: '14 March', '3,400'"
    assert ok({**c, "min": 1}, "Ilse Varga")


def test_keyword_coverage() -> None:
    c = {"kind": "keyword_coverage", "terms": ["tide", ["moon", "lunar"], "salt"], "min": 2}
    assert ok(c, "The lunar tide.")
    r = run(c, "The tide.")
    assert not r.passed and "1 of 3 terms" in r.detail


def test_regex() -> None:
    assert ok({"kind": "regex", "pattern": r"^Ref: [A-Z]{3}-\d{4}$"}, "Hello\nRef: ABC-1234")
    assert not ok({"kind": "regex", "pattern": r"\d", "forbid": True}, "no 9 digits")


# ----------------------------------------------------------------------------------------- shape kinds


def test_exact() -> None:
    c = {"kind": "exact", "text": "OK"}
    assert ok(c, " OK\n") and not ok(c, "OK.") and not ok(c, "ok")
    loose = {"kind": "exact", "text": "OK", "ignore_case": True, "ignore_trailing_punctuation": True}
    assert ok(loose, "ok.") and ok(loose, "OK!") and not ok(loose, "OK, sure")


def test_starts_and_ends_with() -> None:
    assert ok({"kind": "starts_with", "phrase": "Dear riders,"}, "\n  Dear riders, hello")
    assert not ok({"kind": "starts_with", "phrase": "Dear riders,"}, "Hello. Dear riders,")
    assert ok({"kind": "ends_with", "phrase": "Ride safe."}, "Text.\nRide safe.   \n\n")
    assert ok({"kind": "ends_with", "phrase": "Let's ride."}, "Go. Let\u2019s ride.")  # curly apostrophe
    assert not ok({"kind": "ends_with", "phrase": "Ride safe."}, "Ride safe!")
    assert ok({"kind": "ends_with", "phrase": "ride SAFE.", "ignore_case": True}, "Ride safe.")
    assert not ok({"kind": "ends_with", "phrase": "x"}, "")


def test_all_lines_end_with() -> None:
    c = {"kind": "all_lines_end_with", "suffix": "!"}
    assert ok(c, "Go!\n\nRun!  \nStop!")
    r = run(c, "Go!\nRun.\nStop!")
    assert not r.passed and "[2]" in r.detail
    assert not ok(c, "   ")


def test_max_line_length() -> None:
    assert ok({"kind": "max_line_length", "max": 5}, "abcde\nab   ")
    assert not ok({"kind": "max_line_length", "max": 5}, "abcdef")
    assert ok({"kind": "max_line_length", "max": 3, "unit": "words"}, "one two three\nfour")


def test_case() -> None:
    up = {"kind": "case", "mode": "upper"}
    assert ok(up, "HELLO, WORLD 123! ÉTÉ") and not ok(up, "HELLO World") and not ok(up, "123")
    low = {"kind": "case", "mode": "lower"}
    assert ok(low, "hello, world. été") and not ok(low, "hello World")
    title = {"kind": "case", "mode": "title"}
    assert ok(title, "The Lord of the Rings") and not ok(title, "The lord of the Rings")
    assert not ok(title, "of Mice and Men")  # a minor word at the start must be capitalised
    assert not ok({**title, "allow_minor": False}, "Lord of Rings")


def test_no_commas_and_forbidden_chars() -> None:
    assert ok({"kind": "no_commas"}, "No commas here.")
    for comma in (",", "\uff0c", "\u3001"):
        assert not ok({"kind": "no_commas"}, f"a{comma} b")
    c = {"kind": "forbidden_chars", "chars": "e"}
    assert ok(c, "A bold cat!") and not ok(c, "The cat") and ok(c, "EVEN")
    assert not ok({**c, "ignore_case": True}, "EVEN")
    assert run(c, "eee").detail == "forbidden_chars: 'e'x3"


def test_quoted() -> None:
    c = {"kind": "quoted"}
    assert ok(c, ' "Hello there." \n') and ok(c, "\u201cHello\u201d") and ok(c, "\u300c\u3053\u3093\u306b\u3061\u306f\u300d")
    assert not ok(c, '"Hello there.') and not ok(c, "'single'") and not ok(c, '"')


def test_json_format() -> None:
    c = {"kind": "json_format", "type": "object", "required_keys": ["name", "count"],
         "key_types": {"count": "integer", "name": "string"}}
    assert ok(c, '{"name": "a", "count": 2}')
    assert ok(c, '```json\n{"name": "a", "count": 2}\n```\n')
    assert not ok({**c, "allow_fence": False}, '```json\n{"name": "a", "count": 2}\n```')
    assert not ok(c, 'Here you go: {"name": "a", "count": 2}')
    assert not ok(c, '{"name": "a"}')
    assert not ok(c, '{"name": "a", "count": true}')  # a boolean is not an integer
    assert not ok(c, '{"name": "a", "count": 2.5}')
    assert not ok(c, '[{"name": "a", "count": 2}]')
    assert not ok({"kind": "json_format"}, '{"x": NaN}')
    assert not ok({"kind": "json_format"}, "")
    arr = {"kind": "json_format", "type": "array", "array_length": 2, "required_keys": ["id"]}
    assert ok(arr, '[{"id": 1}, {"id": 2}]')
    assert not ok(arr, '[{"id": 1}, {"di": 2}]')
    assert not ok(arr, '[{"id": 1}]')
    assert not ok(arr, "[1, 2]")


def test_language() -> None:
    c = {"kind": "language", "code": "fr"}
    assert ok(c, "Les vélos sont disponibles dans toutes les stations de la ville.")
    r = run(c, "The bikes are available at every station in the city.")
    assert not r.passed and "detected en" in r.detail
    assert ok({"kind": "language", "code": "ja"}, "自転車はすべての駅で借りられます。")
    assert not ok({"kind": "language", "code": "ja"}, "所有车站都可以借自行车。")


# ----------------------------------------------------------------------------------------- prose kinds


def test_required_headings() -> None:
    t = "# Report\n## Summary\ntext\n## **Risks**\n## Next steps ##\n"
    c = {"kind": "required_headings", "headings": ["Summary", "Risks", "Next steps"]}
    assert ok(c, t)
    assert ok({**c, "in_order": True, "level": 2}, t)
    assert not ok({**c, "headings": ["Next steps", "Summary"], "in_order": True}, t)
    assert ok({**c, "headings": ["Next steps", "Summary"]}, t)
    assert not ok({**c, "headings": ["summary"]}, t)
    assert ok({**c, "headings": ["summary"], "ignore_case": True}, t)
    assert not ok({**c, "level": 1}, t)
    assert not ok(c, "Summary\nRisks\nNext steps")  # not markdown headings


def test_reading_level() -> None:
    simple = "The bus is late. We will wait. It will come soon."
    assert ok({"kind": "reading_level", "max": 4}, simple)
    assert not ok({"kind": "reading_level", "min": 8}, simple)
    r = run({"kind": "reading_level", "min": 6, "max": 10}, simple)
    assert r.detail.startswith("reading_level: Flesch-Kincaid grade ")


def test_avg_sentence_length() -> None:
    t = "One two three. Four five six seven eight nine."  # 9 words / 2 sentences
    assert ok({"kind": "avg_sentence_length", "min": 4, "max": 5}, t)
    assert not ok({"kind": "avg_sentence_length", "max": 4}, t)
    assert not ok({"kind": "avg_sentence_length", "min": 1}, "")


def test_no_repetition() -> None:
    c = {"kind": "no_repetition"}
    assert ok(c, "The pump failed. It was fixed by noon. Everyone went home.")
    r = run(c, "The pump failed at noon. It was fixed. The pump failed at noon.")
    assert not r.passed and "sentence repeated 2x" in r.detail
    loop = "and then the valve opened again " * 3
    r = run({"kind": "no_repetition", "ngram": 5, "max_repeats": 2}, loop)
    assert not r.passed and "5-gram occurs 3x" in r.detail
    assert ok({"kind": "no_repetition", "ngram": 0, "sentences": False}, loop)


# --------------------------------------------------------------------------------------------- judge


def test_judge_parses_score_and_is_unavailable_without_verdict() -> None:
    spec = JudgeSpec(rubric="clear and correct", threshold=7)
    assert parse_score("Good.\nSCORE: 8") == 8
    assert parse_score("**Score:** 4/5", scale=10) == 8
    assert parse_score("SCORE: 3\nrevised\nSCORE: 9") == 9
    assert parse_score("SCORE: 11") is None and parse_score("no score") is None
    assert grade_judge(spec, Answer(content="x"), "SCORE: 8").passed
    assert grade_judge(spec, Answer(content="x"), "SCORE: 6.5").failure_class == "judge_below_threshold"
    assert grade_judge(spec, Answer(content="x"), "fine").failure_class == "judge_unparseable"
    assert grade_judge(spec, Answer(content="x"), None).failure_class == "judge_unavailable"
    r = grade({"kind": "llm_judge", "rubric": "r"}, Answer(content="x"), GradeContext())
    assert r.failure_class == "judge_unavailable"
    assert "SCORE:" in judge_prompt(spec, "task", "answer")


# --- issue 14: commas of every script, letters, structure -----------------------------------------------


def test_comma_list_is_every_unicode_comma() -> None:
    import sys
    import unicodedata

    from stackeval.graders._checks_shape import _COMMAS

    want = "".join(
        c for c in map(chr, range(sys.maxunicode + 1))
        if unicodedata.category(c).startswith("P") and "COMMA" in unicodedata.name(c, "")
        and "QUOTATION" not in unicodedata.name(c, "")
    )
    assert set(_COMMAS) >= set(want)


def test_letter_body_keeps_sentences_and_drops_furniture() -> None:
    from stackeval.graders._text import letter_body

    assert letter_body("Hi Sam,\n\nIt works. Ship it.\n\nBest wishes,\nAna Ruiz\nRelease team") == "It works. Ship it."
    assert letter_body("Hi Sam, it works.") == "Hi Sam, it works."
    assert letter_body("It works.\nThank you for your patience.") == "It works.\nThank you for your patience."


@pytest.mark.parametrize(
    "check",
    [
        {"kind": "list_items"},
        {"kind": "list_items", "exact": 2, "style": "dotted"},
        {"kind": "labelled_lines", "labels": []},
        {"kind": "required_facts", "facts": [{"any": []}]},
        {"kind": "required_facts", "facts": [{"any": ["x"], "unless": ["y"]}]},
    ],
)
def test_new_checks_refuse_bad_specs(check: dict) -> None:
    with pytest.raises(ValidationError):
        parse_spec({"kind": "checks", "checks": [check]})
