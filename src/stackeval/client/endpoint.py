"""Endpoint checks at the client boundary; the parsing itself (server root vs API base) is the typed
record ``records.endpoint`` so every layer (client, perf's resource sampler, stack) resolves a URL alike."""

from __future__ import annotations

from urllib.parse import urlsplit

from stackeval.errors import EndpointError
from stackeval.records.endpoint import API_SUFFIX, Endpoint, canonical_endpoint, parse_endpoint

__all__ = ["API_SUFFIX", "Endpoint", "canonical_endpoint", "check_base_url", "parse_endpoint"]


def check_base_url(url: str) -> None:
    """Raise EndpointError unless ``url`` is an http(s) URL with a host (checked before any connection)."""
    u = url.strip()
    if u and "://" not in u:
        raise EndpointError(f"endpoint {url!r} lacks a scheme: write http://{u}")
    try:
        parts = urlsplit(u)
        port_ok = parts.port is None or 0 < parts.port < 65536
    except ValueError:
        parts, port_ok = None, False
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or not port_ok or " " in u:
        raise EndpointError(f"endpoint {url!r} is not an http(s) URL with a host (e.g. http://127.0.0.1:8000)")
    if parts.query or parts.fragment:
        raise EndpointError(f"endpoint {url!r} has a query or fragment: give the base URL only")
