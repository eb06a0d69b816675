"""Comparing stored results across executors: everything but timing must agree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stackeval.records.run import TestResult
from stackeval.store.db import Store

TIMING = {"wall_s", "ttft_ms", "decode_tok_s"}


def comparable(tr: TestResult) -> dict[str, Any]:
    d = tr.model_dump(exclude=TIMING)
    data = dict(d["grade"].get("data") or {})
    data.pop("wall_s", None)  # the sandbox's run time
    if d["grade"]:
        d["grade"] = {**d["grade"], "data": data}
    return d


def stored(db: Path, run_id: str) -> dict[tuple[str, str, int], dict[str, Any]]:
    with Store(db, create=False) as st:
        return {(r.test_id, r.arm, r.repeat): comparable(r) for r in st.latest_results(run_id)}


def rows(db: Path, sql: str, *args: object) -> list[tuple[Any, ...]]:
    with Store(db, create=False) as st:
        return [tuple(r) for r in st.conn.execute(sql, args)]
