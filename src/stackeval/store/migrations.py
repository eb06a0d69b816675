"""Named, additive migrations. Never edit a shipped one; append a new one."""

from __future__ import annotations

MIGRATIONS: list[tuple[int, str, str]] = [
    (1, "initial", """
CREATE TABLE stacks (
  fingerprint TEXT PRIMARY KEY,
  engine TEXT NOT NULL,
  profile_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  status TEXT NOT NULL,
  profile TEXT NOT NULL,
  suite_hash TEXT NOT NULL,
  stack_fingerprint TEXT NOT NULL REFERENCES stacks(fingerprint),
  model TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  engine TEXT NOT NULL,
  stackeval_version TEXT NOT NULL,
  git_rev TEXT,
  spec_json TEXT NOT NULL
);
CREATE TABLE results (
  run_id TEXT NOT NULL REFERENCES runs(id),
  test_id TEXT NOT NULL,
  arm TEXT NOT NULL,
  repeat INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  category TEXT NOT NULL,
  tier TEXT NOT NULL,
  status TEXT NOT NULL,
  failure_class TEXT,
  wall_s REAL,
  ttft_ms REAL,
  completion_tokens INTEGER,
  result_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (run_id, test_id, arm, repeat, attempt)
);
CREATE TABLE requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id TEXT NOT NULL REFERENCES runs(id),
  test_id TEXT NOT NULL,
  arm TEXT NOT NULL,
  repeat INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  turn INTEGER NOT NULL DEFAULT 0,
  request_json TEXT NOT NULL,
  response_json TEXT NOT NULL
);
CREATE INDEX requests_by_test ON requests(run_id, test_id);
CREATE TABLE metric_snapshots (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id TEXT NOT NULL REFERENCES runs(id),
  label TEXT NOT NULL,
  taken_at TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE TABLE run_docs (
  run_id TEXT NOT NULL REFERENCES runs(id),
  name TEXT NOT NULL,
  doc_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (run_id, name)
);
"""),
    (2, "sweeps", """
CREATE TABLE sweeps (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  status TEXT NOT NULL,
  recipe_path TEXT,
  recipe_hash TEXT NOT NULL,
  recipe_json TEXT NOT NULL
);
CREATE TABLE sweep_points (
  sweep_id TEXT NOT NULL REFERENCES sweeps(id),
  idx INTEGER NOT NULL,
  point_key TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  point_json TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (sweep_id, idx)
);
CREATE TABLE sweep_runs (
  sweep_id TEXT NOT NULL REFERENCES sweeps(id),
  idx INTEGER NOT NULL,
  run_id TEXT NOT NULL REFERENCES runs(id),
  workload INTEGER NOT NULL,
  repeat INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (sweep_id, idx, run_id)
);
CREATE INDEX sweep_runs_by_run ON sweep_runs(run_id);
"""),
    (3, "bench_requests", """
CREATE TABLE bench_requests (
  run_id TEXT NOT NULL REFERENCES runs(id),
  level TEXT NOT NULL,
  idx INTEGER NOT NULL,
  ok INTEGER NOT NULL,
  ttft_ms REAL,
  e2e_ms REAL,
  completion_tokens INTEGER,
  record_json TEXT NOT NULL,
  PRIMARY KEY (run_id, level, idx)
);
"""),
    (4, "resource_samples", """
CREATE TABLE resource_samples (
  owner TEXT NOT NULL,
  seq INTEGER NOT NULL,
  t REAL NOT NULL,
  phase TEXT,
  rss_bytes INTEGER,
  host_available_bytes INTEGER,
  cpu_pct REAL,
  gpu_used_bytes INTEGER,
  sample_json TEXT NOT NULL,
  PRIMARY KEY (owner, seq)
);
CREATE TABLE resource_profiles (
  owner TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  profile_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
"""),
]
