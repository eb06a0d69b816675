"""Resource time series in the SQLite store (tables from migration "resource_samples").

``owner`` is a run id, or ``<sweep id>#<point index>`` for a sweep point's whole launch; every sample is stored
with the phase it fell in, and the profile (per-phase summary and fits) beside it. Works on an open ``Store``.
"""

from __future__ import annotations

from stackeval.records.resources import PhaseMark, ResourceProfile, ResourceSample
from stackeval.store.db import Store, utcnow

__all__ = ["ResourceStore", "point_owner"]


def point_owner(sweep_id: str, index: int) -> str:
    return f"{sweep_id}#{index}"


def _phase_at(t: float, marks: list[PhaseMark]) -> str | None:
    name = None
    for m in marks:  # in time order
        if m.t <= t:
            name = m.name
        else:
            break
    return name


class ResourceStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.conn = store.conn

    def put(self, owner: str, kind: str, profile: ResourceProfile, samples: list[ResourceSample]) -> None:
        """The profile and its samples, in one transaction (replacing what ``owner`` had)."""
        marks = sorted(profile.marks, key=lambda m: m.t)
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            c.execute("DELETE FROM resource_samples WHERE owner=?", (owner,))
            c.executemany(
                "INSERT INTO resource_samples VALUES (?,?,?,?,?,?,?,?,?)",
                [(owner, i, s.t, _phase_at(s.t, marks), s.rss_bytes, s.host_available_bytes, s.cpu_pct, s.gpu_used_bytes,
                  s.model_dump_json(exclude_none=True)) for i, s in enumerate(samples)])
            c.execute("INSERT OR REPLACE INTO resource_profiles VALUES (?,?,?,?)",
                      (owner, kind, profile.model_dump_json(), utcnow()))
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def profile(self, owner: str) -> ResourceProfile | None:
        r = self.conn.execute("SELECT profile_json FROM resource_profiles WHERE owner=?", (owner,)).fetchone()
        return ResourceProfile.model_validate_json(r[0]) if r else None

    def samples(self, owner: str) -> list[tuple[str | None, ResourceSample]]:
        rows = self.conn.execute("SELECT phase, sample_json FROM resource_samples WHERE owner=? ORDER BY seq", (owner,))
        return [(ph, ResourceSample.model_validate_json(js)) for ph, js in rows]

    def peak_by_phase(self, owner: str) -> dict[str, int]:
        """Peak tree RSS per phase, straight from the stored series."""
        q = "SELECT phase, MAX(rss_bytes) FROM resource_samples WHERE owner=? AND phase IS NOT NULL GROUP BY phase"
        return {str(p): int(v) for p, v in self.conn.execute(q, (owner,)) if v is not None}
