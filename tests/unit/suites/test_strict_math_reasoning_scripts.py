"""The strict suite's math and reasoning checking scripts run clean against the YAML they guard."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import stackeval.suites.loader as loader

STRICT = Path(loader.__file__).parent / "builtin" / "strict"
SCRIPTS = STRICT / "scripts"
TIER_SPLIT = {"core": 1, "easy": 2, "medium": 3, "hard": 5, "expert": 8, "frontier": 11}


def _run(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPTS / script)], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    ("script", "yaml_file"), [("math_refs.py", "math.yaml"), ("reasoning_checks.py", "reasoning.yaml")]
)
def test_script_confirms_every_answer(script: str, yaml_file: str) -> None:
    proc = _run(script)
    assert proc.returncode == 0, proc.stderr
    assert "ERROR" not in proc.stderr
    items = yaml.safe_load((STRICT / yaml_file).read_text(encoding="utf-8"))
    printed = dict(line.split(" ", 1) for line in proc.stdout.strip().splitlines())
    assert set(printed) == {it["id"] for it in items}
    for it in items:
        assert printed[it["id"]] == it["grader"]["answer"]


@pytest.mark.parametrize(("category", "yaml_file"), [("math", "math.yaml"), ("reasoning", "reasoning.yaml")])
def test_tier_split_and_ids(category: str, yaml_file: str) -> None:
    items = yaml.safe_load((STRICT / yaml_file).read_text(encoding="utf-8"))
    assert len(items) == 30
    counts: dict[str, int] = {}
    for it in items:
        assert it["category"] == category
        counts[it["tier"]] = counts.get(it["tier"], 0) + 1
        assert it["id"] == f"s1.{category}.{it['tier']}.{counts[it['tier']]:02d}"
        assert it["sampling"]["max_tokens"] >= 256
        assert "ANSWER:" in it["prompt"]
    assert counts == TIER_SPLIT


def test_math_items_cover_every_failure_class() -> None:
    items = yaml.safe_load((STRICT / "math.yaml").read_text(encoding="utf-8"))
    for it in items:
        expects = {w["expect"] for w in it["wrong"]}
        assert {"wrong_answer", "format_mismatch"} <= expects, it["id"]
    assert any(w["expect"] == "no_answer" for it in items for w in it["wrong"])


def test_reasoning_items_have_a_wrong_answer_and_some_no_answer() -> None:
    items = yaml.safe_load((STRICT / "reasoning.yaml").read_text(encoding="utf-8"))
    for it in items:
        assert any(w["expect"] == "wrong_answer" for w in it["wrong"]), it["id"]
    assert sum(any(w["expect"] == "no_answer" for w in it["wrong"]) for it in items) >= 5


def test_broken_answer_makes_the_script_fail(tmp_path: Path) -> None:
    """The guard can fail: a copy of the scripts folder next to an altered YAML must exit non-zero."""
    (tmp_path / "scripts").mkdir()
    for name in ("math_refs.py", "reasoning_checks.py"):
        (tmp_path / "scripts" / name).write_text(
            (SCRIPTS / name).read_text(encoding="utf-8"), encoding="utf-8"
        )
    for yaml_file, old, new in (
        ("math.yaml", 'answer: "9368"', 'answer: "9369"'),
        ("reasoning.yaml", 'answer: "Rue"', 'answer: "Tes"'),
    ):
        text = (STRICT / yaml_file).read_text(encoding="utf-8")
        assert old in text
        (tmp_path / yaml_file).write_text(text.replace(old, new), encoding="utf-8")
    for script in ("math_refs.py", "reasoning_checks.py"):
        proc = subprocess.run(
            [sys.executable, str(tmp_path / "scripts" / script)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert proc.returncode == 1
        assert "ERROR" in proc.stderr
