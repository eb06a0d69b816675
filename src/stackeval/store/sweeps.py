"""Sweeps in the SQLite store (``stackeval.launch`` runs sweeps and records them through this module) (tables from migration 2): one row per sweep, one per point (rewritten as
the point progresses), one per run a point produced. Works on an open ``Store``'s connection; every
write is one statement, so it commits on its own (the connection is in autocommit mode)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from stackeval.errors import ProfileNotFound
from stackeval.records.sweep import SweepInfo, SweepPointRecord, SweepRecipe
from stackeval.store.db import Store, utcnow

__all__ = ["SweepStore"]


class SweepStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.conn = store.conn

    # ---- writes ------------------------------------------------------------------------------
    def create_sweep(self, recipe: SweepRecipe, recipe_path: str | None) -> str:
        sid = "sw-" + datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        self.conn.execute("INSERT INTO sweeps VALUES (?,?,?,?,?,?,?,?)",
                          (sid, recipe.name or "", utcnow(), None, "running", recipe_path, recipe.recipe_hash(),
                           recipe.model_dump_json()))
        return sid

    def set_status(self, sweep_id: str, status: str, finished: bool = False) -> None:
        if finished:
            self.conn.execute("UPDATE sweeps SET status=?, finished_at=? WHERE id=?", (status, utcnow(), sweep_id))
        else:
            self.conn.execute("UPDATE sweeps SET status=? WHERE id=?", (status, sweep_id))

    def put_point(self, sweep_id: str, rec: SweepPointRecord) -> None:
        self.conn.execute("INSERT OR REPLACE INTO sweep_points VALUES (?,?,?,?,?,?,?,?)",
                          (sweep_id, rec.point.index, rec.point.key, rec.point.name, rec.status, rec.reason,
                           rec.model_dump_json(), utcnow()))

    def link_run(self, sweep_id: str, index: int, run_id: str, workload: int, repeat: int) -> None:
        self.conn.execute("INSERT OR IGNORE INTO sweep_runs VALUES (?,?,?,?,?)", (sweep_id, index, run_id, workload, repeat))

    # ---- reads -------------------------------------------------------------------------------
    def resolve(self, ref: str) -> str:
        return self.store.resolve_id("sweeps", "created_at", "sweep", ref)

    def find(self, ref: str) -> str | None:
        """The sweep id for ``ref`` if it names exactly one sweep, else None."""
        try:
            return self.resolve(ref)
        except ProfileNotFound:
            return None

    def info(self, sweep_id: str) -> SweepInfo:
        r = self.conn.execute("SELECT * FROM sweeps WHERE id=?", (sweep_id,)).fetchone()
        if r is None:
            raise ProfileNotFound(f"no sweep {sweep_id!r}")
        return SweepInfo(id=r["id"], name=r["name"], created_at=r["created_at"], finished_at=r["finished_at"],
                         status=r["status"], recipe_path=r["recipe_path"], recipe_hash=r["recipe_hash"],
                         recipe=SweepRecipe.model_validate_json(r["recipe_json"]))

    def list(self) -> list[SweepInfo]:
        ids = [r[0] for r in self.conn.execute("SELECT id FROM sweeps ORDER BY created_at DESC, rowid DESC")]
        return [self.info(i) for i in ids]

    def points(self, sweep_id: str) -> list[SweepPointRecord]:
        rows = self.conn.execute("SELECT point_json FROM sweep_points WHERE sweep_id=? ORDER BY idx", (sweep_id,))
        return [SweepPointRecord.model_validate_json(js) for (js,) in rows]

    def runs_of(self, sweep_id: str) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        q = "SELECT idx, run_id FROM sweep_runs WHERE sweep_id=? ORDER BY idx, workload, repeat"
        for idx, rid in self.conn.execute(q, (sweep_id,)):
            out.setdefault(int(idx), []).append(str(rid))
        return out

    def sweep_of_run(self, run_id: str) -> tuple[str, int] | None:
        r = self.conn.execute("SELECT sweep_id, idx FROM sweep_runs WHERE run_id=? LIMIT 1", (run_id,)).fetchone()
        return (str(r[0]), int(r[1])) if r else None
