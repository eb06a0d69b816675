"""One request to the server under test: what was sent, when each stage happened, what came back,
and, when it went wrong, which class of failure it was. Failures of the server are data."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from stackeval.records.answer import ToolCall


class ErrorClass(StrEnum):
    CONNECT = "connection"  # refused, DNS, reset before a response
    TIMEOUT_CONNECT = "timeout_connect"
    TIMEOUT_READ = "timeout_read"  # no byte for read_s
    TIMEOUT_TOTAL = "timeout_total"
    HTTP = "http_status"  # non-2xx; see RequestError.status
    STREAM_MALFORMED = "stream_malformed"  # a data line that is not JSON, or JSON of the wrong shape
    STREAM_INCOMPLETE = "stream_incomplete"  # connection closed before [DONE]
    BODY_MALFORMED = "body_malformed"  # non-streaming body that is not a chat completion
    EMPTY_RESPONSE = "empty_response"  # 200 with nothing in it
    RESPONSE_TOO_LARGE = "response_too_large"
    DISCONNECTED = "disconnected"  # connection dropped mid-stream
    STREAM_ERROR = "stream_error"  # the server sent an error object inside a 200 stream

    @property
    def is_timeout(self) -> bool:
        return self in (ErrorClass.TIMEOUT_CONNECT, ErrorClass.TIMEOUT_READ, ErrorClass.TIMEOUT_TOTAL)


class RequestError(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cls: ErrorClass
    message: str
    status: int | None = None
    body_excerpt: str = ""

    @property
    def label(self) -> str:
        """Short class used in results: ``http_503``, ``timeout``, ``connection``, ``stream_malformed``…"""
        if self.cls is ErrorClass.HTTP and self.status is not None:
            return f"http_{self.status}"
        if self.cls.is_timeout:
            return "timeout"
        return self.cls.value


class Attempt(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int
    started_ns: int
    ended_ns: int
    error: RequestError | None = None
    retry_after_s: float | None = None


class Usage(BaseModel):
    model_config = ConfigDict(extra="ignore")
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    total_tokens: int | None = None
    cached_tokens: int | None = None
    reasoning_tokens: int | None = None


class RequestTimings(BaseModel):
    """perf_counter_ns stamps of the final attempt. All ``*_ns`` are absolute perf_counter values;
    ``delta_ns`` holds the arrival time of every output delta (content, reasoning or tool-call text),
    ``delta_chars`` its length in characters. The role-only prelude and keep-alives are not deltas."""

    model_config = ConfigDict(extra="forbid")
    scheduled_ns: int
    sent_ns: int | None = None
    first_byte_ns: int | None = None
    first_output_ns: int | None = None
    last_output_ns: int | None = None
    end_ns: int | None = None
    delta_ns: list[int] = Field(default_factory=list)
    delta_chars: list[int] = Field(default_factory=list)
    chunks: int = 0  # every SSE data event, including prelude, usage and empty ones

    def ms(self, a: int | None, b: int | None) -> float | None:
        if a is None or b is None:
            return None
        return (b - a) / 1e6

    @property
    def ttft_ms(self) -> float | None:
        return self.ms(self.sent_ns, self.first_output_ns)

    @property
    def ttfb_ms(self) -> float | None:
        return self.ms(self.sent_ns, self.first_byte_ns)

    @property
    def e2e_ms(self) -> float | None:
        return self.ms(self.sent_ns, self.end_ns)

    @property
    def queue_ms(self) -> float | None:
        return self.ms(self.scheduled_ns, self.sent_ns)


class ChatRequest(BaseModel):
    """A resolved request body plus the client options that shaped it."""

    model_config = ConfigDict(extra="forbid")
    path: str = "/v1/chat/completions"
    body: dict[str, Any]
    stream: bool = True


class ChatResult(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ok: bool
    error: RequestError | None = None
    attempts: list[Attempt] = Field(default_factory=list)
    status: int | None = None
    content: str = ""
    reasoning: str = ""
    # "field" (reasoning / reasoning_content deltas), "think_tags" (found inside content), or None
    reasoning_source: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    finish_reason: str | None = None
    usage: Usage | None = None
    server_timings: dict[str, Any] | None = None  # llama.cpp `timings` object
    extra: dict[str, Any] = Field(default_factory=dict)  # e.g. vLLM per-request spec-decode metrics
    model: str | None = None
    system_fingerprint: str | None = None
    timings: RequestTimings
    raw_excerpt: str = ""  # the first and last bytes of the response, for diagnosis
