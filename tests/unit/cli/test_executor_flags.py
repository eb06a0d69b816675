"""`--executor local|ray` on `run` and `sweep`: bad combinations are one line, exit 2, nothing stored, and
the old `run-ray`/`sweep-ray` commands are gone."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers.cli import stackeval

SWEEP = """
name: s
serve: {command: "srv --host ${host} --port ${port}"}
workloads: [{kind: suite, profile: smoke}]
"""


@pytest.mark.parametrize(("args", "says"), [
    (["run", "-e", "http://127.0.0.1:1", "-p", "smoke", "--executor", "slurm"], "--executor must be local or ray"),
    (["run", "-e", "http://127.0.0.1:1", "-p", "smoke", "--ray-address", "h:6379"], "--ray-address needs --executor ray"),
    (["run", "-e", "http://127.0.0.1:1", "-p", "smoke", "--per-endpoint", "2"], "--per-endpoint needs --executor ray"),
    (["run", "-e", "http://127.0.0.1:1", "-e", "http://127.0.0.1:2", "-p", "smoke"], "several --endpoint need --executor ray"),
    (["run", "-e", "http://127.0.0.1:1", "-p", "smoke", "--executor", "ray", "--shard-resources", "GPU=1"],
     "--shard-resources takes a JSON object"),
    (["run", "-e", "http://127.0.0.1:1", "-p", "smoke", "--executor", "ray", "--grade-on", "gpu"],
     "--grade-on must be tasks or shard"),
    (["run", "-e", "http://127.0.0.1:1", "-p", "smoke", "--transport", "pigeon"], "--transport must be stream, whole or both"),
    (["sweep", "{recipe}", "--resources", '{"GPU": 1}'], "--resources needs --executor ray"),
    (["sweep", "{recipe}", "--executor", "ray", "--resources", "[1]"], "--resources takes a JSON object"),
])
def test_bad_executor_flags_are_one_line_exit_2_and_store_nothing(tmp_path: Path, args: list[str], says: str) -> None:
    recipe = tmp_path / "sweep.yaml"
    recipe.write_text(SWEEP)
    db = tmp_path / "s.db"
    r = stackeval(*[a.replace("{recipe}", str(recipe)) for a in args], "--db", str(db))
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("stackeval: error: ") and says in lines[0], r.stderr
    assert not db.exists()


def test_the_old_ray_commands_are_gone() -> None:
    for cmd in ("run-ray", "sweep-ray"):
        r = stackeval(cmd, "--help")
        assert r.returncode != 0 and "No such command" in r.stderr, (cmd, r.stderr)
    r = stackeval("run", "--help")
    assert "--executor" in r.stdout and "--ray-address" in r.stdout
