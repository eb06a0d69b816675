"""A scripted stand-in for a serve command, run as a child process by the launcher tests.

    python fake_serve.py --host H --port P [--tokens N] [--step S] [--fail MSG] [--delay S] [--ignore-term] [--die-after S]
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import time


async def serve(a: argparse.Namespace) -> None:
    from stackeval.testing.fakeserver import FakeServer, Reply

    srv = FakeServer(lambda _b: Reply(content=" ".join(["tok"] * a.tokens), ttft_s=a.step, step_s=a.step))
    srv.port = a.port
    async with srv:
        print(f"fake_serve: listening on {a.host}:{a.port} tokens={a.tokens}", flush=True)
        if a.die_after:
            await asyncio.sleep(a.die_after)
            print("ERROR fake_serve: simulated crash", flush=True)
            sys.exit(3)
        await asyncio.Event().wait()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--tokens", type=int, default=8)
    ap.add_argument("--step", type=float, default=0.002)
    ap.add_argument("--fail", default=None)
    ap.add_argument("--delay", type=float, default=0.0)
    ap.add_argument("--ignore-term", action="store_true")
    ap.add_argument("--die-after", type=float, default=0.0)
    a = ap.parse_args()
    print("fake_serve: starting", flush=True)
    if a.ignore_term:
        signal.signal(signal.SIGTERM, lambda *_: print("fake_serve: ignoring SIGTERM", flush=True))
    if a.delay:
        time.sleep(a.delay)
    if a.fail:
        print("some info line", flush=True)
        print(f"ERROR {a.fail}", flush=True)
        print("exiting", flush=True)
        sys.exit(1)
    try:
        asyncio.run(serve(a))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
