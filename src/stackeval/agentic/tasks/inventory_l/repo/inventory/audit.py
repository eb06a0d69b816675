"""An append-only audit trail of stock movements."""

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    seq: int
    action: str
    sku: str
    quantity: int
    note: str
    at: float


class AuditTrail:
    def __init__(self, clock=time.time):
        self._events = []
        self._clock = clock

    def __len__(self):
        return len(self._events)

    def record(self, action, sku, quantity, note=""):
        event = Event(len(self._events) + 1, action, sku, quantity, note, self._clock())
        self._events.append(event)
        return event

    def events(self, sku=None):
        return [e for e in self._events if sku is None or e.sku == sku]

    def since(self, seq):
        """The events recorded after sequence number ``seq``."""
        return [e for e in self._events if e.seq > seq]
