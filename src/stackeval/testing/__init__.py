"""Scripted OpenAI-compatible servers for exact-timing, fault and replay tests (and `bench --self-test`).

These supplement the real local server; they never replace it as end-to-end proof. They are servers,
not clients, so they use aiohttp's web side directly (the one-HTTP-seam rule is about clients).
"""

from stackeval.testing.fakeserver import FakeServer, Reply, replay_responder

__all__ = ["FakeServer", "Reply", "replay_responder"]
