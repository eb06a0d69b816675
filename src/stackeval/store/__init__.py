"""SQLite run store: additive migrations, one transaction per completed result."""

from stackeval.store.db import SCHEMA_VERSION, Store, default_db_path

__all__ = ["SCHEMA_VERSION", "Store", "default_db_path"]
