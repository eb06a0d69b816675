"""Grader ``checks``: verifiable constraints on the answer text.

Spec::

    grader:
      kind: checks
      checks:
        - {kind: word_count, min: 150, max: 200}
        - {kind: ends_with, phrase: "Ride safe."}
        - {kind: forbidden_keywords, name: no_brand, keywords: [Acme]}

Every check is evaluated; the answer passes iff all pass. A failure is classed
``constraint:<name of the first failed check>`` (``name`` defaults to the kind and must be unique in a
spec); ``detail`` lists every failed check with the reason, ``data.failed`` their names and
``data.results`` / ``data.details`` every check's verdict and measurement.

Where a prompt asks for content to be judged, prefer a structure the answer must show over a loose
pattern: ``list_items`` (a list read tolerantly, item by item, optionally under a heading, with "nothing
else"), ``labelled_lines`` (``Q:``/``A:`` lines), ``json_format``; ``required_facts`` ignores negated
mentions (``no contradictions``) and takes ``not_with`` words that void a mention in the same sentence.

Counted checks take ``exact`` or ``min``/``max`` (at least one). Phrase arguments (keywords, facts,
banned phrases) match case-insensitively on normalised text with word boundaries; a phrase written
``re:<pattern>`` is a regular expression instead, searched in the normalised text (NFKC, ASCII quotes,
whitespace runs collapsed to one space, so no line anchors). The ``regex`` check searches the raw answer
(multiline by default). See ``_text`` for how words, sentences, paragraphs, characters and languages
are counted.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

# the check kinds live in the _checks_* modules (issue 15: no module over ~500 lines)
from stackeval.graders._checks_base import CheckOutcome
from stackeval.graders._checks_counting import (
    BulletCount,
    CharCount,
    HeadingCount,
    HighlightedSections,
    KeywordFrequency,
    LengthBand,
    LineCount,
    NumberedList,
    ParagraphCount,
    PlaceholderCount,
    SectionCount,
    SentenceCount,
    WordCount,
)
from stackeval.graders._checks_phrases import (
    DEFAULT_BANNED,
    BannedPhrases,
    Fact,
    ForbiddenKeywords,
    KeywordCoverage,
    Regex,
    RequiredFacts,
    RequiredKeywords,
)
from stackeval.graders._checks_prose import (
    AvgSentenceLength,
    NoRepetition,
    ParagraphStarts,
    ReadingLevel,
    RequiredHeadings,
    SentenceLength,
)
from stackeval.graders._checks_shape import (
    AllLinesEndWith,
    Case,
    EndsWith,
    Exact,
    ForbiddenChars,
    JsonFormat,
    Language,
    MaxLineLength,
    NoCommas,
    Quoted,
    StartsWith,
)
from stackeval.graders._checks_structure import LabelledLines, ListItems
from stackeval.graders.base import GradeContext, register
from stackeval.records.answer import Answer, GradeResult

__all__ = ["DEFAULT_BANNED", "Check", "CheckOutcome", "ChecksSpec", "Fact", "evaluate", "grade_checks"]


Check = Annotated[
    WordCount | LengthBand | SentenceCount | ParagraphCount | LineCount | CharCount | BulletCount
    | NumberedList | HeadingCount | PlaceholderCount | SectionCount | HighlightedSections | KeywordFrequency
    | RequiredKeywords | ForbiddenKeywords | BannedPhrases | RequiredFacts | KeywordCoverage | Regex | Exact
    | StartsWith | EndsWith | AllLinesEndWith | MaxLineLength | Case | NoCommas | ForbiddenChars | Quoted
    | JsonFormat | Language | RequiredHeadings | ReadingLevel | AvgSentenceLength | NoRepetition | ListItems
    | LabelledLines | SentenceLength | ParagraphStarts,
    Field(discriminator="kind"),
]


class ChecksSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    checks: list[Check] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> ChecksSpec:
        names = [c.label for c in self.checks]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"check names must be unique (set 'name'): {dup}")
        return self


def evaluate(spec: ChecksSpec, text: str) -> list[CheckOutcome]:
    return [CheckOutcome(c.label, *c.run(text)) for c in spec.checks]


@register("checks", ChecksSpec)
def grade_checks(spec: ChecksSpec, answer: Answer, ctx: GradeContext) -> GradeResult:
    outcomes = evaluate(spec, answer.content)
    failed = [o for o in outcomes if not o.passed]
    data: dict[str, Any] = {
        "failed": [o.name for o in failed],
        "results": {o.name: o.passed for o in outcomes},
        "details": {o.name: o.detail for o in outcomes},
    }
    flags = ["empty_answer"] if not answer.content.strip() else []
    if not failed:
        return GradeResult(passed=True, detail=f"all {len(outcomes)} checks passed", flags=flags, data=data)
    detail = "; ".join(f"{o.name}: {o.detail}" for o in failed)
    return GradeResult.fail(f"constraint:{failed[0].name}", detail, flags=flags, **data)
