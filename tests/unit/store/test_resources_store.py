"""Resource profiles and their time series in the store (migration "resource_samples")."""

from __future__ import annotations

import sqlite3

from stackeval.records.resources import PhaseMark, ResourceProfile, ResourceSample
from stackeval.store.db import Store
from stackeval.store.resources import ResourceStore, point_owner


def test_samples_are_stored_with_their_phase_and_replaced_as_a_whole(tmp_path) -> None:
    samples = [ResourceSample(t=10.0 + i, rss_bytes=100 + 10 * i, host_available_bytes=5000, cpu_pct=50.0)
               for i in range(6)]
    prof = ResourceProfile(source="local", pid=7, interval_s=1.0, t0=9.5, samples=6,
                           marks=[PhaseMark(name="ready", t=9.5), PhaseMark(name="c1", t=12.5),
                                  PhaseMark(name="c8", t=13.5)])
    db = tmp_path / "s.db"
    with Store(db) as st:
        rs = ResourceStore(st)
        rs.put("run-1", "bench", prof, samples)
        got = rs.samples("run-1")
        assert [ph for ph, _s in got] == ["ready", "ready", "ready", "c1", "c8", "c8"]
        assert got[4][1] == samples[4]
        assert rs.peak_by_phase("run-1") == {"ready": 120, "c1": 130, "c8": 150}
        assert rs.profile("run-1") == prof
        rs.put("run-1", "bench", prof, samples[:2])  # a second write replaces, never duplicates
        assert len(rs.samples("run-1")) == 2
        assert rs.profile("nope") is None
        assert point_owner("sw-1", 3) == "sw-1#3"
    con = sqlite3.connect(db)
    assert con.execute("SELECT name FROM schema_migrations WHERE name='resource_samples'").fetchone()
