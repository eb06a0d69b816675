"""Timeouts are a typed record owned by the client; stored mappings (RunSpec.timeouts) load into it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from stackeval.client.options import Timeouts, client_options


def test_timeouts_from_a_stored_mapping_fill_the_defaults() -> None:
    t = Timeouts.of({"total": 30.0})
    assert (t.total, t.read, t.connect) == (30.0, 120.0, 10.0)
    assert Timeouts.of(None) == Timeouts() and Timeouts.of(t) is t
    assert Timeouts.of(t.as_dict()) == t
    with pytest.raises(ValidationError):
        Timeouts.of({"totl": 1.0})  # a misspelt key is refused, not silently defaulted


def test_client_options_carry_the_timeouts() -> None:
    o = client_options("http://127.0.0.1:1", None, {"total": 5.0, "read": 2.0, "connect": 1.0}, max_connections=3)
    assert (o.total_timeout_s, o.read_timeout_s, o.connect_timeout_s, o.max_connections) == (5.0, 2.0, 1.0, 3)
    assert client_options("http://127.0.0.1:1", None).total_timeout_s == 900.0
