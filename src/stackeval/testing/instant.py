"""An instant OpenAI-compatible server for client-ceiling measurements: prelude, N one-token chunks,
usage, [DONE], no delays. ``python -m stackeval.testing.instant PORT [N]`` (prints "ready" when up)."""

from __future__ import annotations

import asyncio
import sys

from stackeval.testing.fakeserver import FakeServer, Reply


async def serve(port: int, tokens: int) -> None:
    content = " ".join(["tok"] * tokens)
    srv = FakeServer(lambda _b: Reply(content=content))
    srv.port = port
    async with srv:
        print("ready", flush=True)
        await asyncio.Event().wait()


def main() -> None:
    port = int(sys.argv[1])
    tokens = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    try:
        asyncio.run(serve(port, tokens))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
