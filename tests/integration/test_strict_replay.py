"""The whole strict profile through the real harness (client, runner, graders, sandbox, store) against a
scripted endpoint that replays each item's reference answer (all pass) or its first wrong answer (all fail,
each with the class the item declares)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.suites import load_profile
from stackeval.testing.fakeserver import FakeServer, replay_responder


async def _run(tmp_path: Path, mode: str):
    suite = load_profile("strict")
    async with FakeServer(replay_responder(suite.items, mode)) as srv:
        out = await execute_suite(
            db_path=tmp_path / f"{mode}.db", endpoint=srv.base_url, profile="strict", model=None, concurrency=8,
            api_key=None, api_key_env=None, recipe=None, recipe_path=None, only=[], thinking="default", repeats=1,
            resume=None, force=False, retry_errors=False, executor=LocalExecutor(), timeouts={"total": 60.0},
        )
    return suite, out


@pytest.mark.parametrize("mode", ["reference", "wrong"])
def test_strict_replay(tmp_path: Path, mode: str) -> None:
    suite, out = asyncio.run(_run(tmp_path, mode))
    by_id = {r.test_id: r for r in out.results}
    assert set(by_id) == {i.id for i in suite.items}
    if mode == "reference":
        bad = {t: (r.status, r.failure_class, r.detail[:80]) for t, r in by_id.items() if r.status != "pass"}
        assert not bad
    else:
        for item in suite.items:
            r = by_id[item.id]
            assert r.status == "fail", (item.id, r.status, r.failure_class)
            assert r.failure_class == item.wrong[0].expect, (item.id, r.failure_class, r.detail[:120])


def test_strict_profile_shape() -> None:
    suite = load_profile("strict")
    from collections import Counter

    cats = Counter(i.category for i in suite.items)
    tiers = Counter(i.tier for i in suite.items)
    assert len(suite.items) == 157
    assert cats == {"instruction": 30, "tool_calling": 2, "coding": 30, "prose": 30, "reasoning": 30, "writing": 5, "math": 30}
    assert tiers == {"easy": 10, "medium": 15, "hard": 25, "expert": 40, "frontier": 60, "core": 7}
    assert all(len({i.tier for i in suite.items if i.category == c}) >= 2 for c in cats)
