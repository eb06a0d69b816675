"""A scripted server whose behaviour depends on its launch flags, with known effects (for ``attribute``).

    python -m stackeval.testing.flagserver --host H --port P --script FILE [--x] [--y] [--z]

``FILE`` (JSON): ``items`` (suite items, ``records.items.Item``), ``x_tests``, ``xy_tests`` (test ids),
``step_s`` (seconds between output tokens), ``y_step_s``, ``ttft_s``, ``tokens`` (every answer is padded
to this many tokens with a first line of filler). Each item is answered with its
reference answer (passes) or its first wrong answer (fails):

- ``x_tests`` fail unless ``--x`` (``--x`` flips them fail -> pass);
- ``--y`` changes speed only: ``y_step_s`` between tokens instead of ``step_s``;
- ``--z`` is accepted and does nothing;
- ``--x`` with ``--y`` (and only together): ``xy_tests`` fail (the interaction).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

from stackeval.records.items import Item
from stackeval.testing.fakeserver import FakeServer, Reply, Responder

__all__ = ["flag_responder", "main", "script"]


def script(items: list[Item], x_tests: list[str], xy_tests: list[str], *, step_s: float = 0.004,
           y_step_s: float = 0.001, ttft_s: float = 0.005, tokens: int = 32) -> dict[str, Any]:
    """The JSON the server reads (``--script``)."""
    return {"items": [i.model_dump(mode="json") for i in items], "x_tests": x_tests, "xy_tests": xy_tests,
            "step_s": step_s, "y_step_s": y_step_s, "ttft_s": ttft_s,
            "tokens": tokens}


def _pad(text: str, tokens: int) -> str:
    """Every answer streams the same number of tokens (a first line of filler words), so only the flags
    change the decode speed, not which answer is sent."""
    n = len(text.replace("\n", " ").split())
    return ("so " * (tokens - n)).rstrip() + "\n" + text if n < tokens else text


def _key(messages: list[dict[str, Any]]) -> str:
    return json.dumps([(m.get("role"), m.get("content")) for m in messages], sort_keys=True)


def flag_responder(spec: dict[str, Any], *, x: bool, y: bool, z: bool) -> Responder:
    del z  # does nothing, by design
    items = [Item.model_validate(i) for i in spec["items"]]
    table = {_key(i.chat_messages()): i for i in items}
    failing = set() if x else set(spec.get("x_tests", []))
    if x and y:
        failing |= set(spec.get("xy_tests", []))
    step = float(spec.get("y_step_s", 0.001) if y else spec.get("step_s", 0.004))
    ttft = float(spec.get("ttft_s", 0.005))
    length = int(spec.get("tokens", 32))

    def respond(body: dict[str, Any]) -> Reply:
        it = table.get(_key(body.get("messages", [])))
        if it is None:
            return Reply(content="(no scripted answer)", step_s=step, ttft_s=ttft)
        ans = it.wrong[0] if it.id in failing and it.wrong else it.reference
        return Reply(content=_pad(ans.content, length), tool_calls=list(ans.tool_calls),
                     finish_reason="tool_calls" if ans.tool_calls else "stop", step_s=step, ttft_s=ttft)

    return respond


async def _serve(a: argparse.Namespace) -> None:
    spec = json.loads(Path(a.script).read_text(encoding="utf-8"))
    srv = FakeServer(flag_responder(spec, x=a.x, y=a.y, z=a.z), engine="fake")
    srv.port = a.port
    async with srv:
        print(f"flagserver: listening on {a.host}:{a.port} x={a.x} y={a.y} z={a.z}", flush=True)
        await asyncio.Event().wait()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="flagserver")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--script", required=True)
    for f in ("--x", "--y", "--z"):
        ap.add_argument(f, action="store_true")
    a = ap.parse_args(argv)
    if a.host not in ("127.0.0.1", "localhost"):
        ap.error("the scripted server binds to 127.0.0.1 only")
    try:
        asyncio.run(_serve(a))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
