"""SQLite run store: additive migrations, one transaction per completed result. All of stackeval's SQL is
here: ``db`` (runs, results, requests, snapshots, documents, bench requests), ``sweeps`` (sweeps, points
and the runs they produced), ``migrations`` (named, additive, never edited once shipped)."""

from stackeval.store.db import SCHEMA_VERSION, Store, default_db_path

__all__ = ["SCHEMA_VERSION", "Store", "default_db_path"]
