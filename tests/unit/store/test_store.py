import sqlite3

import pytest

from stackeval.errors import ProfileNotFound, StoreError
from stackeval.records.request import ChatRequest, ChatResult, RequestTimings
from stackeval.records.run import RunSpec, TestResult
from stackeval.records.stack import StackProfile
from stackeval.store.db import SCHEMA_VERSION, Store


def _profile() -> StackProfile:
    p = StackProfile(endpoint="http://x", engine="llamacpp", models=["m"])
    p.fingerprint = p.compute_fingerprint()
    return p


def _result(tid: str, status: str = "pass", attempt: int = 1) -> TestResult:
    return TestResult(test_id=tid, category="math", tier="easy", status=status, attempt=attempt)  # type: ignore[arg-type]


def _req() -> tuple[ChatRequest, ChatResult]:
    return ChatRequest(body={"m": 1}), ChatResult(ok=True, timings=RequestTimings(scheduled_ns=1))


def test_migrations_recorded_and_idempotent(tmp_path) -> None:
    db = tmp_path / "s.db"
    Store(db).close()
    Store(db).close()
    con = sqlite3.connect(db)
    assert [r[0] for r in con.execute("SELECT version FROM schema_migrations ORDER BY version")] == list(
        range(1, SCHEMA_VERSION + 1))
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_results_written_one_per_key_and_latest_attempt_wins(tmp_path) -> None:
    with Store(tmp_path / "s.db") as st:
        rid = st.create_run(RunSpec(endpoint="http://x", model="m", profile="smoke"), _profile(), "h", "0", None)
        st.put_result(rid, _result("a", "error"), [_req()])
        st.put_result(rid, _result("b"), [_req()])
        with pytest.raises(sqlite3.IntegrityError):
            st.put_result(rid, _result("b"), [])
        st.put_result(rid, _result("a", "pass", attempt=2), [_req()])
        latest = {r.test_id: r for r in st.latest_results(rid)}
        assert latest["a"].status == "pass" and latest["a"].attempt == 2 and len(latest) == 2
        assert st.run_info(rid).passed == 2
        assert len(st.requests_for(rid, "a")) == 2


def test_failed_write_leaves_nothing_half_done(tmp_path) -> None:
    with Store(tmp_path / "s.db") as st:
        rid = st.create_run(RunSpec(endpoint="http://x", model="m", profile="smoke"), _profile(), "h", "0", None)
        st.put_result(rid, _result("a"), [_req()])
        with pytest.raises(sqlite3.IntegrityError):
            st.put_result(rid, _result("a"), [_req()])  # the duplicate result rolls back its requests too
        assert len(st.requests_for(rid, "a")) == 1


def test_resolve_run_prefix_latest_and_ambiguity(tmp_path) -> None:
    with Store(tmp_path / "s.db") as st:
        spec = RunSpec(endpoint="http://x", model="m", profile="smoke")
        a = st.create_run(spec, _profile(), "h", "0", None)
        b = st.create_run(spec, _profile(), "h", "0", None)
        assert st.resolve_run("latest") == b
        assert st.resolve_run(a) == a
        with pytest.raises(ProfileNotFound, match="ambiguous"):
            st.resolve_run(a[:4])
        with pytest.raises(ProfileNotFound):
            st.resolve_run("nope")


def test_not_sqlite_and_newer_schema_refused(tmp_path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_text("hello, not a database")
    with pytest.raises(StoreError, match="not an SQLite database"):
        Store(bad)
    assert bad.read_text() == "hello, not a database"
    newer = tmp_path / "newer.db"
    Store(newer).close()
    con = sqlite3.connect(newer)
    con.execute("INSERT INTO schema_migrations VALUES (999, 'future', 'x')")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="newer"):
        Store(newer)
