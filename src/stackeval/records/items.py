"""Suite items as stored in the data files (YAML). The loader validates every item against these
models and the grader spec against the model its grader registered."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from stackeval.records.answer import ToolCall

Category = Literal["instruction", "tool_calling", "coding", "prose", "reasoning", "writing", "math"]
Tier = Literal["easy", "medium", "hard", "expert", "frontier", "core"]
CATEGORIES: tuple[str, ...] = ("instruction", "tool_calling", "coding", "prose", "reasoning", "writing", "math")
TIERS: tuple[str, ...] = ("core", "easy", "medium", "hard", "expert", "frontier")


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")
    role: Literal["system", "user", "assistant", "tool"]
    content: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None
    name: str | None = None


class Sampling(BaseModel):
    """Per-item request overrides. Unset fields fall back to the run's defaults."""

    model_config = ConfigDict(extra="forbid")
    max_tokens: int | None = None
    temperature: float | None = None
    top_p: float | None = None
    seed: int | None = None
    stop: list[str] | None = None


class ReferenceAnswer(BaseModel):
    """A response that must pass the item's grader."""

    model_config = ConfigDict(extra="forbid")
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)


class WrongAnswer(ReferenceAnswer):
    """A plausible wrong response and the failure class the grader must give it."""

    expect: str


def _coerce_answer(v: Any) -> Any:
    if isinstance(v, str):
        return {"content": v}
    return v


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    category: Category
    tier: Tier
    prompt: str | None = None
    system: str | None = None
    messages: list[Message] | None = None
    tools: list[dict[str, Any]] | None = None
    tool_choice: Any = None
    sampling: Sampling = Field(default_factory=Sampling)
    grader: dict[str, Any]
    reference: ReferenceAnswer
    wrong: list[WrongAnswer] = Field(min_length=1)
    rationale: str = Field(min_length=1)

    @field_validator("reference", mode="before")
    @classmethod
    def _ref(cls, v: Any) -> Any:
        return _coerce_answer(v)

    @field_validator("grader")
    @classmethod
    def _grader_kind(cls, v: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(v.get("kind"), str):
            raise ValueError("grader needs a string 'kind'")
        return v

    @model_validator(mode="after")
    def _prompt_or_messages(self) -> Item:
        if (self.prompt is None) == (self.messages is None):
            raise ValueError("exactly one of 'prompt' or 'messages' is required")
        parts = self.id.split(".")
        if len(parts) != 4 or parts[1] != self.category or parts[2] != self.tier:
            raise ValueError(f"id {self.id!r} must be <suite>.{self.category}.{self.tier}.<nn>")
        return self

    def chat_messages(self) -> list[dict[str, Any]]:
        """The request's messages in OpenAI wire shape."""
        out: list[dict[str, Any]] = []
        if self.system:
            out.append({"role": "system", "content": self.system})
        if self.messages is not None:
            out.extend(m.model_dump(exclude_none=True) for m in self.messages)
        else:
            out.append({"role": "user", "content": self.prompt})
        return out
