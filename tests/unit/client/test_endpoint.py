"""Every spelling of an endpoint reaches the same server-level and API URLs."""

from __future__ import annotations

import pytest
from aiohttp import web

from stackeval.client.endpoint import canonical_endpoint, check_base_url, parse_endpoint
from stackeval.client.http import Client, ClientOptions
from stackeval.errors import EndpointError
from stackeval.stack.discover import discover
from stackeval.testing.fakeserver import FakeServer

SPELLINGS = ("{root}", "{root}/", "{root}/v1", "{root}/v1/")
METRICS = "# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running{model_name=\"m\"} 0.0\n"


@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("root", ["http://h:8000", "https://h", "http://h/llm", "http://h:1/a/b"])
def test_spellings_resolve_alike(root: str, spelling: str) -> None:
    ep = parse_endpoint(spelling.format(root=root))
    assert ep.root == root and ep.api_base == root + "/v1"
    assert ep.url("/v1/chat/completions") == root + "/v1/chat/completions"
    assert ep.url("/metrics") == root + "/metrics"
    assert ep.url("/api/version") == root + "/api/version"
    assert canonical_endpoint(spelling.format(root=root)) == root


def test_a_path_named_like_v1_is_not_stripped_inside() -> None:
    assert parse_endpoint("http://h/v1x").root == "http://h/v1x"
    assert parse_endpoint("http://h/v1/v1").root == "http://h/v1"


@pytest.mark.parametrize(("url", "says"), [
    ("127.0.0.1:8080", "lacks a scheme"), ("localhost", "lacks a scheme"), ("ftp://h", "http(s)"),
    ("http://", "http(s)"), ("http://h:99999", "http(s)"), ("http://h/v1?x=1", "query"),
])
def test_bad_urls_get_one_clear_reason(url: str, says: str) -> None:
    with pytest.raises(EndpointError, match=says.replace("(", r"\(").replace(")", r"\)")):
        check_base_url(url)


async def _profiles(base: str) -> list[str]:
    out = []
    for spelling in SPELLINGS:
        async with Client(ClientOptions(base_url=spelling.format(root=base))) as c:
            prof = await discover(c, spelling.format(root=base))
        out.append(prof.model_dump_json(exclude={"endpoint"}))
    return out


async def test_four_spellings_give_one_stack_profile() -> None:
    async with FakeServer(engine="vllm", metrics_text=METRICS) as srv:
        profiles = await _profiles(srv.base_url)
    assert len(set(profiles)) == 1
    assert '"metrics_available":true' in profiles[0] and '"engine":"vllm"' in profiles[0]


async def test_server_under_a_path_prefix() -> None:
    fake = FakeServer(engine="vllm", metrics_text=METRICS)
    outer = web.Application()
    outer.add_subapp("/llm", fake.app())
    runner = web.AppRunner(outer)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        profiles = await _profiles(f"http://127.0.0.1:{port}/llm")
    finally:
        await runner.cleanup()
    assert len(set(profiles)) == 1
    assert '"metrics_available":true' in profiles[0] and '"engine_version":' in profiles[0]
