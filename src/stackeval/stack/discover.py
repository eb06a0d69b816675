"""Probe an endpoint for what it says about itself."""

from __future__ import annotations

import asyncio

from stackeval.client.endpoint import check_base_url
from stackeval.client.http import Client
from stackeval.errors import EndpointError
from stackeval.records.recipe import Recipe
from stackeval.records.stack import Probe, StackProfile
from stackeval.stack.profile import build_profile, probe_from_response

PROBE_PATHS = (
    "/v1/models", "/version", "/get_server_info", "/server_info", "/props", "/slots",
    "/api/version", "/api/ps", "/info", "/metrics", "/health",
)


async def probe_all(client: Client, timeout_s: float = 5.0) -> dict[str, Probe]:
    async def one(path: str) -> Probe:
        status, ctype, text = await client.get(path, timeout_s)
        return probe_from_response(path, status, ctype, text)

    probes = dict(zip(PROBE_PATHS, await asyncio.gather(*(one(p) for p in PROBE_PATHS)), strict=True))
    ver = probes["/api/version"]
    if ver.status == 200 and isinstance(ver.json_body, dict):  # Ollama: /api/show needs a model name
        ps = probes["/api/ps"].json_body or {}
        name = next((m.get("name") for m in ps.get("models") or [] if isinstance(m, dict)), None)
        if name:
            status, text = await client.post_json("/api/show", {"model": name}, timeout_s)
            probes["/api/show"] = probe_from_response("/api/show", status, "application/json", text)
    return probes


def check_reachable(endpoint: str, probes: dict[str, Probe]) -> None:
    """Raise EndpointError when the endpoint is not an OpenAI-compatible LLM server."""
    if all(p.status is None for p in probes.values()):
        raise EndpointError(f"cannot connect to {endpoint}")
    models = probes["/v1/models"]
    if models.status in (401, 403):
        raise EndpointError(f"{endpoint} refused the API key (HTTP {models.status} on /v1/models)")
    if models.status != 200 or not isinstance(models.json_body, dict) or "data" not in models.json_body:
        kind = "an HTML page" if "html" in models.content_type.lower() else f"HTTP {models.status}"
        raise EndpointError(f"{endpoint} does not look like an OpenAI-compatible server (/v1/models gave {kind})")


async def discover(client: Client, endpoint: str, recipe: Recipe | None = None) -> StackProfile:
    check_base_url(endpoint)  # every command that takes an endpoint comes through here
    probes = await probe_all(client)
    check_reachable(endpoint, probes)
    return build_profile(endpoint, probes, recipe)
