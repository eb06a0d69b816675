"""An audit trail of changes to employee records and of every pay run: who changed what, when, from which
value to which. Entries are kept in order and chained by a hash, so that a removed or edited entry shows."""

import datetime as dt
import hashlib
import json
from dataclasses import asdict, dataclass, field

GENESIS = "0" * 64


@dataclass(frozen=True)
class Entry:
    at: str
    user: str
    action: str
    subject: str
    before: object = None
    after: object = None
    previous: str = GENESIS

    @property
    def digest(self):
        payload = json.dumps(asdict(self), sort_keys=True, default=str)
        return hashlib.sha256(payload.encode()).hexdigest()


@dataclass
class Trail:
    entries: list = field(default_factory=list)

    def record(self, user, action, subject, before=None, after=None, at=None):
        stamp = (at or dt.datetime.now(dt.timezone.utc)).isoformat(timespec="seconds")
        previous = self.entries[-1].digest if self.entries else GENESIS
        entry = Entry(stamp, user, action, subject, before, after, previous)
        self.entries.append(entry)
        return entry

    def verify(self):
        """The index of the first entry whose chain is broken, or None when the trail is intact."""
        previous = GENESIS
        for i, entry in enumerate(self.entries):
            if entry.previous != previous:
                return i
            previous = entry.digest
        return None

    def of(self, subject):
        return [e for e in self.entries if e.subject == subject]

    def changes(self, before, after, user, subject, at=None):
        """Record one entry per field that differs between two records (dicts)."""
        out = []
        for key in sorted(set(before) | set(after)):
            if before.get(key) != after.get(key):
                out.append(self.record(user, f"change {key}", subject, before.get(key), after.get(key), at))
        return out

    def dump(self):
        return "\n".join(json.dumps(asdict(e), sort_keys=True, default=str) for e in self.entries) + "\n"
