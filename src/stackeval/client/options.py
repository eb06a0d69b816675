"""Request timeouts as a typed record, and the client options for one endpoint.

``Timeouts`` is what a run resolves once (flag > environment > recipe > default) and stores with the run
(``RunSpec.timeouts`` keeps its plain mapping, so runs stored before this record load unchanged).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from stackeval.client.http import ClientOptions

__all__ = ["Timeouts", "client_options"]


class Timeouts(BaseModel):
    """Seconds: ``total`` per request, ``read`` the longest silence inside a response, ``connect``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    total: float = 900.0
    read: float = 120.0
    connect: float = 10.0

    @classmethod
    def of(cls, t: Timeouts | Mapping[str, float] | None) -> Timeouts:
        """A ``Timeouts`` from itself, from a stored mapping (missing keys take the defaults) or from None."""
        return t if isinstance(t, Timeouts) else cls.model_validate(dict(t or {}))

    def as_dict(self) -> dict[str, float]:
        return self.model_dump()


def client_options(endpoint: str, api_key: str | None, timeouts: Timeouts | Mapping[str, float] | None = None,
                   **kw: Any) -> ClientOptions:
    """The options of a client for ``endpoint`` with these timeouts; ``kw`` sets any other option."""
    t = Timeouts.of(timeouts)
    return ClientOptions(base_url=endpoint, api_key=api_key, connect_timeout_s=t.connect, read_timeout_s=t.read,
                         total_timeout_s=t.total, **kw)
