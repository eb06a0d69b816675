"""A scripted OpenAI-compatible server with exact timings, reasoning/tool-call deltas and faults."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from stackeval.records.answer import ToolCall


@dataclass
class Reply:
    content: str = ""
    reasoning: str = ""
    reasoning_key: str = "reasoning_content"
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str = "stop"
    ttft_s: float = 0.0  # delay before the first output delta (after the prelude)
    step_s: float = 0.0  # delay between output chunks
    tokens_per_chunk: int = 1  # tokens reported per chunk; text is split into this many "tokens" per chunk
    prelude: bool = True  # role-only first chunk
    prompt_tokens: int = 10
    completion_tokens: int | None = None  # default: number of "tokens" sent
    timings: dict[str, Any] | None = None  # llama.cpp-style timings on the final chunk
    reasoning_tokens: int = 0  # N synthetic reasoning tokens streamed before ``reasoning`` and the content
    usage_reasoning_tokens: bool = False  # report usage.completion_tokens_details.reasoning_tokens (else the
    # client counts reasoning from the stream)
    # faults
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    error_body: str = '{"error":{"message":"scripted failure"}}'
    drop_after_chunks: int | None = None  # close the connection after N chunks
    malformed_after_chunks: int | None = None  # send a non-JSON data line after N chunks
    no_done: bool = False
    never_end: bool = False
    invalid_utf8: bool = False
    empty_200: bool = False
    huge_bytes: int = 0  # pad the stream with this many bytes of content


Responder = Callable[[dict[str, Any]], Reply | Awaitable[Reply]]


def _tokens(text: str) -> list[str]:
    """Split into word-ish pieces (each counts as one token for the script)."""
    out: list[str] = []
    cur = ""
    for ch in text:
        cur += ch
        if ch in " \n":
            out.append(cur)
            cur = ""
    if cur:
        out.append(cur)
    return out


def _chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **extra: Any) -> bytes:
    obj: dict[str, Any] = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "model": "fake-model",
                           "choices": [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}]}
    obj.update(extra)
    return b"data: " + json.dumps(obj).encode() + b"\n\n"


class FakeServer:
    """Run with ``async with FakeServer(responder) as srv`` inside a loop, or ``with`` in its own thread."""

    def __init__(self, responder: Responder | None = None, *, engine: str = "fake", metrics_text: str | None = None,
                 models: tuple[str, ...] = ("fake-model",), api_key: str | None = None,
                 max_model_len: int = 4096, enforce_max_tokens: bool = False) -> None:
        """``enforce_max_tokens``: like vLLM, reasoning and answer tokens both count against the request's
        ``max_tokens`` (the reply is cut there with finish_reason ``length``), and a request whose prompt plus
        ``max_tokens`` exceeds ``max_model_len`` is refused with a 400."""
        self.max_model_len = max_model_len
        self.enforce_max_tokens = enforce_max_tokens
        self.responder = responder or (lambda body: Reply(content="ok"))
        self.engine = engine
        self.metrics_text = metrics_text
        self.models = models
        self.api_key = api_key
        self.requests: list[dict[str, Any]] = []
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/v1/models", self._models)
        app.router.add_get("/health", self._health)
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_post("/v1/completions", self._chat)
        if self.engine == "vllm":
            app.router.add_get("/version", self._version)
        if self.metrics_text is not None:
            app.router.add_get("/metrics", self._metrics)
        return app

    async def _health(self, request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    async def _version(self, request: web.Request) -> web.Response:
        return web.json_response({"version": "0.32.0"})

    async def _metrics(self, request: web.Request) -> web.Response:
        return web.Response(text=self.metrics_text or "", content_type="text/plain")

    def _auth_ok(self, request: web.Request) -> bool:
        return self.api_key is None or request.headers.get("Authorization") == f"Bearer {self.api_key}"

    async def _models(self, request: web.Request) -> web.Response:
        if not self._auth_ok(request):
            return web.json_response({"error": {"message": "invalid api key"}}, status=401)
        owner = "vllm" if self.engine == "vllm" else "fake"
        data = [{"id": m, "object": "model", "owned_by": owner, "max_model_len": self.max_model_len} for m in self.models]
        return web.json_response({"object": "list", "data": data})

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        if not self._auth_ok(request):
            return web.json_response({"error": {"message": "invalid api key"}}, status=401)
        body = await request.json()
        self.requests.append(body)
        r = self.responder(body)
        reply = await r if asyncio.iscoroutine(r) else r
        assert isinstance(reply, Reply)
        if reply.status != 200:
            return web.Response(status=reply.status, text=reply.error_body, headers=reply.headers,
                                content_type="application/json")
        if reply.empty_200:
            return web.Response(status=200, body=b"", content_type="application/json")
        if self.enforce_max_tokens:
            prompt = sum(len(_tokens(str(m.get("content") or ""))) for m in body.get("messages", []))
            mt = body.get("max_tokens")
            if isinstance(mt, int) and prompt + mt > self.max_model_len:
                return web.json_response({"error": {"message": (
                    f"This model's maximum context length is {self.max_model_len} tokens. However, you requested "
                    f"{prompt + mt} tokens ({prompt} in the messages, {mt} in the completion)."),
                    "type": "BadRequestError", "code": 400}}, status=400)
        if not body.get("stream"):
            return await self._whole(reply, body)
        return await self._stream(request, reply, body)

    def _pieces(self, body: dict[str, Any], reply: Reply) -> tuple[list[tuple[str, str]], str, bool]:
        """The reply's output tokens as ("r"|"c", text), its finish reason, and whether its tool calls are sent:
        everything, or (``enforce_max_tokens``) what fits in the request's max_tokens."""
        mt = body.get("max_tokens") if self.enforce_max_tokens else None
        limit = mt if isinstance(mt, int) and mt >= 0 else None
        n_syn = reply.reasoning_tokens if limit is None else min(reply.reasoning_tokens, limit + 1)
        pieces: list[tuple[str, str]] = [("r", f"t{i % 10} ") for i in range(n_syn)]
        pieces += [("r", t) for t in _tokens(reply.reasoning)] + [("c", t) for t in _tokens(reply.content)]
        full = reply.reasoning_tokens - n_syn + len(pieces)
        if limit is not None and full > limit:
            return pieces[:limit], "length", False
        return pieces, reply.finish_reason, True

    def _usage(self, reply: Reply, pieces: list[tuple[str, str]]) -> dict[str, Any]:
        n = reply.completion_tokens if reply.completion_tokens is not None else len(pieces)
        u: dict[str, Any] = {"prompt_tokens": reply.prompt_tokens, "completion_tokens": n,
                             "total_tokens": reply.prompt_tokens + n}
        if reply.usage_reasoning_tokens:
            u["completion_tokens_details"] = {"reasoning_tokens": sum(1 for kind, _ in pieces if kind == "r")}
        return u

    async def _whole(self, reply: Reply, body: dict[str, Any] | None = None) -> web.Response:
        await asyncio.sleep(reply.ttft_s)
        pieces, finish, calls = self._pieces(body or {}, reply)
        content = "".join(t for kind, t in pieces if kind == "c")
        reasoning = "".join(t for kind, t in pieces if kind == "r")
        msg: dict[str, Any] = {"role": "assistant", "content": content or None}
        if reasoning:
            msg[reply.reasoning_key] = reasoning
        if reply.tool_calls and calls:
            msg["tool_calls"] = [tc.model_dump(exclude={"index"}) for tc in reply.tool_calls]
        return web.json_response({
            "id": "chatcmpl-fake", "object": "chat.completion", "model": "fake-model",
            "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
            "usage": self._usage(reply, pieces),
        })

    async def _stream(self, request: web.Request, reply: Reply, body: dict[str, Any] | None = None) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"})
        await resp.prepare(request)
        sent = 0

        async def send(b: bytes) -> None:
            nonlocal sent
            await resp.write(b)
            sent += 1
            if reply.drop_after_chunks is not None and sent >= reply.drop_after_chunks:
                assert request.transport is not None
                request.transport.close()
                raise ConnectionResetError
            if reply.malformed_after_chunks is not None and sent == reply.malformed_after_chunks:
                await resp.write(b"data: {not json\n\n")

        try:
            if reply.prelude:
                await send(_chunk({"role": "assistant", "content": ""}))
            await asyncio.sleep(reply.ttft_s)
            pieces, finish, calls = self._pieces(body or {}, reply)
            k = max(1, reply.tokens_per_chunk)
            groups = [pieces[i:i + k] for i in range(0, len(pieces), k)]
            for gi, g in enumerate(groups):
                if gi:
                    await asyncio.sleep(reply.step_s)
                delta: dict[str, Any] = {}
                r = "".join(t for kind, t in g if kind == "r")
                c = "".join(t for kind, t in g if kind == "c")
                if r:
                    delta[reply.reasoning_key] = r
                if c:
                    delta["content"] = c
                await send(_chunk(delta))
            if reply.invalid_utf8:
                await send(b'data: {"choices":[{"index":0,"delta":{"content":"\xff\xfe"}}]}\n\n')
            if reply.huge_bytes:
                pad = "x" * 65536
                for _ in range(reply.huge_bytes // 65536 + 1):
                    await send(_chunk({"content": pad}))
            for i, tc in enumerate(reply.tool_calls if calls else []):
                args = tc.function.arguments
                await send(_chunk({"tool_calls": [{"index": i, "id": tc.id or f"call_{i}", "type": "function",
                                                   "function": {"name": tc.function.name, "arguments": ""}}]}))
                half = len(args) // 2
                for part in (args[:half], args[half:]):
                    if part:
                        await send(_chunk({"tool_calls": [{"index": i, "function": {"arguments": part}}]}))
            while reply.never_end:
                await asyncio.sleep(0.05)
                await resp.write(b": keep-alive\n\n")
            await send(_chunk({}, finish=finish))
            extra: dict[str, Any] = {"usage": self._usage(reply, pieces)}
            if reply.timings is not None:
                extra["timings"] = reply.timings
            await send(_chunk(None, **extra))
            if not reply.no_done:
                await resp.write(b"data: [DONE]\n\n")
            await resp.write_eof()
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        return resp

    # ---- in-loop use -----------------------------------------------------------------------------
    async def __aenter__(self) -> FakeServer:
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port or 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ---- threaded use (for subprocess / CLI tests) -------------------------------------------
    def __enter__(self) -> FakeServer:
        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            loop.run_until_complete(self.__aenter__())
            self._ready.set()
            loop.run_forever()
            loop.run_until_complete(self.__aexit__())
            loop.close()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(10)


def _key(messages: list[dict[str, Any]]) -> str:
    return json.dumps([(m.get("role"), m.get("content")) for m in messages], sort_keys=True)


def replay_responder(items: Any, mode: str = "reference", reasoning_tokens: int = 0,
                     usage_reasoning_tokens: bool = False, tokens_per_chunk: int = 1) -> Responder:
    """Answer each suite item's request with its reference (or its first wrong answer), optionally after
    ``reasoning_tokens`` tokens of reasoning (``reasoning_content``), as a thinking model would."""
    table: dict[str, Any] = {}
    for it in items:
        table[_key(it.chat_messages())] = it

    def respond(body: dict[str, Any]) -> Reply:
        it = table.get(_key(body.get("messages", [])))
        if it is None:
            return Reply(content="(no scripted answer)")
        ans = it.reference if mode == "reference" else it.wrong[0]
        return Reply(content=ans.content, tool_calls=list(ans.tool_calls),
                     finish_reason="tool_calls" if ans.tool_calls else "stop", reasoning_tokens=reasoning_tokens,
                     usage_reasoning_tokens=usage_reasoning_tokens, tokens_per_chunk=tokens_per_chunk)

    return respond
