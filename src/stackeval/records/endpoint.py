"""Endpoint spelling: users paste the base URL their SDK uses (``http://host:8000/v1``), or the server
root (``http://host:8000``), with or without a trailing slash, possibly under a path prefix
(``http://host/llm/v1``). Server-level paths (/metrics, /version, /props, /slots, /health, Ollama's
/api/*) hang off the server *root*; OpenAI paths (/v1/...) off the API base. Both are derived here, once,
so that every spelling of one server reaches the same URLs (same stack profile, same /metrics)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

API_SUFFIX = "/v1"


@dataclass(frozen=True)
class Endpoint:
    """A parsed endpoint: ``root`` has no trailing slash and no ``/v1``; ``api_base`` is ``root + /v1``."""

    root: str
    api_base: str

    def url(self, path: str) -> str:
        """The URL of ``path``: ``/v1/...`` under the API base, everything else under the server root."""
        if not path.startswith("/"):
            path = "/" + path
        if path == API_SUFFIX or path.startswith(API_SUFFIX + "/"):
            return self.api_base + path[len(API_SUFFIX):]
        return self.root + path


def parse_endpoint(url: str) -> Endpoint:
    """Split a user's endpoint into server root and API base (see the module docstring)."""
    parts = urlsplit(url.strip())
    path = parts.path.rstrip("/")
    if path.endswith(API_SUFFIX):
        path = path[: -len(API_SUFFIX)]
    root = urlunsplit((parts.scheme, parts.netloc, path, "", "")).rstrip("/")
    return Endpoint(root=root, api_base=root + API_SUFFIX)


def canonical_endpoint(url: str) -> str:
    """One spelling per server: the root URL (what stack profiles and runs store)."""
    return parse_endpoint(url).root
