"""Transport diagnostics through the whole harness: a server whose parser leaves tool calls in the content
as markup makes every `tools` item fail with `tool_call_in_content`, never with a generic failure."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.suites import load_profile
from stackeval.testing.fakeserver import FakeServer, Reply

SUITE = load_profile("tools")
BY_TOOLS = {json.dumps(i.chat_messages(), sort_keys=True): i for i in SUITE.items}


def markup_responder(body: dict) -> Reply:
    item = BY_TOOLS[json.dumps(body["messages"], sort_keys=True)]
    calls = item.reference.tool_calls or []
    if calls:
        text = "\n".join(f"<tool_call>\n{json.dumps({'name': c.function.name, 'arguments': json.loads(c.function.arguments)})}\n</tool_call>"
                         for c in calls)
    else:  # a no-call item: the parser still leaks a call to the first tool as markup
        name = item.tools[0]["function"]["name"]
        text = f'<tool_call>\n{{"name": "{name}", "arguments": {{}}}}\n</tool_call>'
    return Reply(content=text)


def test_markup_in_content_is_tool_call_in_content(tmp_path: Path) -> None:
    async def go():  # noqa: ANN202
        async with FakeServer(markup_responder) as srv:
            return await execute_suite(
                db_path=tmp_path / "t.db", endpoint=srv.base_url, profile="tools", model=None, concurrency=4,
                api_key=None, api_key_env=None, recipe=None, recipe_path=None, only=[], thinking="default", repeats=1,
                resume=None, force=False, retry_errors=False, executor=LocalExecutor(), timeouts={"total": 30.0},
                transports=["stream", "whole"],
            )

    out = asyncio.run(go())
    assert len(out.results) == 2 * len(SUITE.items) >= 24
    assert {(r.status, r.failure_class) for r in out.results} == {("fail", "tool_call_in_content")}
