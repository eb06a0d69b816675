"""The SQLite store. WAL mode; every completed result is written in its own transaction."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import time
import uuid
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from stackeval.errors import ProfileNotFound, StoreError
from stackeval.perf.requests import request_metrics
from stackeval.records.bench import BenchRequestRecord
from stackeval.records.request import ChatRequest, ChatResult
from stackeval.records.run import RunInfo, RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.store.migrations import MIGRATIONS

SCHEMA_VERSION = MIGRATIONS[-1][0]


def default_db_path() -> Path:
    return Path(os.environ.get("STACKEVAL_DB") or "stackeval.db")


def like_prefix(ref: str) -> str:
    """A LIKE pattern (with ESCAPE '\\') matching the ids that start with ``ref``."""
    return ref.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def utcnow() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Store:
    def __init__(self, path: Path | str, *, create: bool = True) -> None:
        self.path = Path(path)
        if not self.path.exists() and not create:
            raise StoreError(f"{self.path}: no such database")
        if self.path.exists():
            self._check_header()
        try:
            self.conn = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path}: cannot open ({e})") from e
        try:
            self.conn.row_factory = sqlite3.Row
            self._check_ours()  # before anything below writes to the file
            self._set_wal()
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            self.conn.execute("PRAGMA busy_timeout=30000")
            self._migrate()
        except BaseException as e:
            self.conn.close()
            if isinstance(e, sqlite3.DatabaseError):
                raise StoreError(f"{self.path}: not a stackeval database ({e})") from e
            raise

    def _check_header(self) -> None:
        with open(self.path, "rb") as f:
            head = f.read(16)
        if head and head != b"SQLite format 3\x00":
            raise StoreError(f"{self.path}: not an SQLite database")

    def _set_wal(self, timeout_s: float = 30.0) -> None:
        """Switching a new file to WAL needs a moment alone with it, and SQLite answers "database is locked"
        at once (no busy wait) when another process is creating the same DB: try again for a while."""
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                self.conn.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01 + 0.04 * random.random())

    def _check_ours(self) -> None:
        """Refuse an SQLite file that belongs to something else, instead of adding our tables to it."""
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if tables and "schema_migrations" not in tables:
            shown = ", ".join(sorted(tables)[:4]) + (", ..." if len(tables) > 4 else "")
            raise StoreError(f"{self.path}: not a stackeval database (an SQLite file with other tables: {shown})")

    def _migrate(self) -> None:
        c = self.conn
        c.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
        if self._pending_migrations() is None:
            return
        # several processes may open a fresh DB at once: take the write lock, then look again, so exactly
        # one of them applies each migration and the others see it done
        c.execute("BEGIN IMMEDIATE")
        try:
            for version, name, sql in self._pending_migrations() or []:
                for stmt in sql.split(";"):
                    if stmt.strip():
                        c.execute(stmt)
                c.execute("INSERT INTO schema_migrations VALUES (?,?,?)", (version, name, utcnow()))
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def _pending_migrations(self) -> list[tuple[int, str, str]] | None:
        have = {r[0] for r in self.conn.execute("SELECT version FROM schema_migrations")}
        if have and max(have) > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: schema version {max(have)} is newer than this stackeval ({SCHEMA_VERSION}); upgrade stackeval")
        pending = [m for m in MIGRATIONS if m[0] not in have]
        return pending or None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- writes ----------------------------------------------------------------------------------
    def _tx(self) -> _Tx:
        return _Tx(self.conn)

    def put_stack(self, profile: StackProfile) -> None:
        with self._tx():
            self.conn.execute(
                "INSERT OR IGNORE INTO stacks VALUES (?,?,?,?)",
                (profile.fingerprint, profile.engine, profile.model_dump_json(), utcnow()),
            )

    def create_run(self, spec: RunSpec, profile: StackProfile, suite_hash: str, version: str, git_rev: str | None) -> str:
        self.put_stack(profile)
        run_id = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        with self._tx():
            self.conn.execute(
                "INSERT INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (run_id, spec.kind, utcnow(), None, "running", spec.profile, suite_hash, profile.fingerprint,
                 spec.model, spec.endpoint, profile.engine, version, git_rev, spec.model_dump_json()),
            )
        return run_id

    def set_run_status(self, run_id: str, status: str, finished: bool = False) -> None:
        with self._tx():
            if finished:
                self.conn.execute("UPDATE runs SET status=?, finished_at=? WHERE id=?", (status, utcnow(), run_id))
            else:
                self.conn.execute("UPDATE runs SET status=? WHERE id=?", (status, run_id))

    def put_result(self, run_id: str, result: TestResult, requests: list[tuple[ChatRequest, ChatResult]]) -> None:
        """One transaction: the result and the request records behind it."""
        with self._tx():
            self.conn.execute(
                "INSERT INTO results VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (run_id, result.test_id, result.arm, result.repeat, result.attempt, result.category, result.tier,
                 result.status, result.failure_class, result.wall_s, result.ttft_ms, result.completion_tokens,
                 result.model_dump_json(), utcnow()),
            )
            for turn, (req, res) in enumerate(requests):
                self.conn.execute(
                    "INSERT INTO requests (run_id,test_id,arm,repeat,attempt,turn,request_json,response_json) VALUES (?,?,?,?,?,?,?,?)",
                    (run_id, result.test_id, result.arm, result.repeat, result.attempt, turn,
                     req.model_dump_json(), res.model_dump_json()),
                )

    def put_result_if_new(self, run_id: str, result: TestResult, requests: list[tuple[ChatRequest, ChatResult]]) -> bool:
        """``put_result``, unless another writer (a second process completing the same run) already stored
        this attempt of this unit: then nothing is written and False is returned. First writer wins."""
        try:
            self.put_result(run_id, result, requests)
        except sqlite3.IntegrityError:
            row = self.conn.execute(
                "SELECT 1 FROM results WHERE run_id=? AND test_id=? AND arm=? AND repeat=? AND attempt=?",
                (run_id, result.test_id, result.arm, result.repeat, result.attempt)).fetchone()
            if row is None:
                raise
            return False
        return True

    def put_snapshot(self, run_id: str, label: str, text: str) -> None:
        with self._tx():
            self.conn.execute("INSERT INTO metric_snapshots (run_id,label,taken_at,text) VALUES (?,?,?,?)",
                              (run_id, label, utcnow(), text))

    def put_doc(self, run_id: str, name: str, doc: Any) -> None:
        """A named document of the run (a dict, or a typed record such as ``BenchDocument``)."""
        text = doc.model_dump_json() if isinstance(doc, BaseModel) else json.dumps(doc, default=str)
        with self._tx():
            self.conn.execute("INSERT OR REPLACE INTO run_docs VALUES (?,?,?,?)", (run_id, name, text, utcnow()))

    def put_bench_requests(self, run_id: str, level: str, results: Sequence[ChatResult],
                           expected_tokens: int | None = None) -> int:
        """Every measured request of one bench level (``single_stream`` or ``c<N>``), in one transaction:
        its metrics and raw timings, so any figure of the level can be recomputed. Returns how many."""
        recs = [BenchRequestRecord(run_id=run_id, level=level, index=i, timings=r.timings,
                                   metrics=request_metrics(r, expected_tokens=expected_tokens))
                for i, r in enumerate(results)]
        with self._tx():
            self.conn.executemany(
                "INSERT OR REPLACE INTO bench_requests VALUES (?,?,?,?,?,?,?,?)",
                [(run_id, level, x.index, int(x.metrics.ok), x.metrics.ttft_ms, x.metrics.e2e_ms,
                  x.metrics.completion_tokens, x.model_dump_json()) for x in recs])
        return len(recs)

    # ---- reads -----------------------------------------------------------------------------------
    def resolve_run(self, ref: str) -> str:
        return self.resolve_id("runs", "started_at", "run", ref)

    def resolve_id(self, table: str, created: str, what: str, ref: str) -> str:
        """The id in ``table`` that ``ref`` names: ``latest`` (by ``created``) or a unique id prefix."""
        if ref == "latest":
            row = self.conn.execute(f"SELECT id FROM {table} ORDER BY {created} DESC, rowid DESC LIMIT 1").fetchone()
            if row is None:
                raise ProfileNotFound(f"no {what}s in {self.path}")
            return str(row[0])
        rows = self.conn.execute(f"SELECT id FROM {table} WHERE id LIKE ? ESCAPE '\\'", (like_prefix(ref),)).fetchall()
        if not rows:
            raise ProfileNotFound(f"no {what} {ref!r} in {self.path}")
        if len(rows) > 1:
            raise ProfileNotFound(f"{what} id prefix {ref!r} is ambiguous ({len(rows)} {what}s)")
        return str(rows[0][0])

    def run_info(self, run_id: str) -> RunInfo:
        r = self.conn.execute("SELECT * FROM runs WHERE id=?", (run_id,)).fetchone()
        if r is None:
            raise ProfileNotFound(f"no run {run_id!r}")
        passed, total = self._counts(run_id)
        return RunInfo(
            id=r["id"], kind=r["kind"], started_at=r["started_at"], finished_at=r["finished_at"], status=r["status"],
            profile=r["profile"], suite_hash=r["suite_hash"], stack_fingerprint=r["stack_fingerprint"], model=r["model"],
            endpoint=r["endpoint"], engine=r["engine"], stackeval_version=r["stackeval_version"], git_rev=r["git_rev"],
            spec=RunSpec.model_validate_json(r["spec_json"]), passed=passed, total=total,
        )

    def _counts(self, run_id: str) -> tuple[int, int]:
        rows = list(self.latest_results(run_id))
        return sum(1 for x in rows if x.status == "pass"), len(rows)

    def list_runs(self) -> list[RunInfo]:
        ids = [r[0] for r in self.conn.execute("SELECT id FROM runs ORDER BY started_at DESC, rowid DESC")]
        return [self.run_info(i) for i in ids]

    def stack(self, fingerprint: str) -> StackProfile:
        r = self.conn.execute("SELECT profile_json FROM stacks WHERE fingerprint=?", (fingerprint,)).fetchone()
        if r is None:
            raise ProfileNotFound(f"no stack {fingerprint}")
        return StackProfile.model_validate_json(r[0])

    def latest_results(self, run_id: str) -> Iterator[TestResult]:
        """One result per (test, arm, repeat): the highest attempt."""
        q = """SELECT result_json FROM results r WHERE run_id=? AND attempt = (
                 SELECT MAX(attempt) FROM results x WHERE x.run_id=r.run_id AND x.test_id=r.test_id
                 AND x.arm=r.arm AND x.repeat=r.repeat) ORDER BY test_id, arm, repeat"""
        for (js,) in self.conn.execute(q, (run_id,)):
            yield TestResult.model_validate_json(js)

    def done_keys(self, run_id: str) -> dict[tuple[str, str, int], TestResult]:
        return {(r.test_id, r.arm, r.repeat): r for r in self.latest_results(run_id)}

    def requests_for(self, run_id: str, test_id: str) -> list[tuple[ChatRequest, ChatResult]]:
        rows = self.conn.execute("SELECT request_json, response_json FROM requests WHERE run_id=? AND test_id=? ORDER BY id",
                                 (run_id, test_id))
        return [(ChatRequest.model_validate_json(a), ChatResult.model_validate_json(b)) for a, b in rows]

    def snapshots(self, run_id: str) -> list[tuple[str, str, str]]:
        return [tuple(r) for r in self.conn.execute(
            "SELECT label, taken_at, text FROM metric_snapshots WHERE run_id=? ORDER BY id", (run_id,))]

    def bench_requests(self, run_id: str, level: str | None = None) -> list[BenchRequestRecord]:
        """The stored per-request records of a bench run (one level, or all), in level and completion order."""
        q = "SELECT record_json FROM bench_requests WHERE run_id=?" + (" AND level=?" if level is not None else "")
        args = (run_id, level) if level is not None else (run_id,)
        rows = self.conn.execute(q + " ORDER BY rowid", args)
        return [BenchRequestRecord.model_validate_json(js) for (js,) in rows]

    def docs(self, run_id: str) -> dict[str, Any]:
        return {n: json.loads(d) for n, d in self.conn.execute("SELECT name, doc_json FROM run_docs WHERE run_id=?", (run_id,))}


class _Tx:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, et: type[BaseException] | None, *rest: object) -> None:
        self.conn.execute("COMMIT" if et is None else "ROLLBACK")
