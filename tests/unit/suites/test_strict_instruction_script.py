"""The strict suite's instruction checking script confirms every many-constraint item independently of the grader."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

import stackeval.suites.loader as loader

STRICT = Path(loader.__file__).parent / "builtin" / "strict"


def test_instruction_script_confirms_references_and_wrong_answers() -> None:
    proc = subprocess.run([sys.executable, str(STRICT / "scripts" / "instruction_checks.py")],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    printed = dict(line.split(" ", 1) for line in proc.stdout.strip().splitlines())
    items = yaml.safe_load((STRICT / "instruction.yaml").read_text(encoding="utf-8"))
    frontier = {it["id"] for it in items if it["tier"] == "frontier"}
    assert len(frontier) == 11
    assert frontier <= set(printed)
    assert set(printed.values()) == {"ok"}


def test_frontier_items_hold_at_least_eight_named_checks() -> None:
    items = yaml.safe_load((STRICT / "instruction.yaml").read_text(encoding="utf-8"))
    for it in items:
        if it["tier"] != "frontier":
            continue
        checks = it["grader"]["checks"]
        assert 8 <= len(checks) <= 12, it["id"]
        assert len(it["wrong"]) >= 2, it["id"]
        assert it["sampling"]["max_tokens"] >= 2048, it["id"]


def test_character_level_constraints_are_checked_where_promised() -> None:
    """Seven frontier and two expert items hold a character-level count (a letter's exact count or a
    character length), each stated in the prompt and with a near-miss wrong answer that breaks it."""
    items = yaml.safe_load((STRICT / "instruction.yaml").read_text(encoding="utf-8"))
    char_level = {}
    for it in items:
        names = [c.get("name", "") for c in it["grader"]["checks"]]
        hits = [n for n in names if n.startswith("letter_") or "_chars" in n]
        if hits:
            char_level[it["id"]] = (it["tier"], hits)
            for n in hits:
                assert any(w["expect"] == f"constraint:{n}" for w in it["wrong"]), (it["id"], n)
            assert any(w in it["prompt"] for w in ("character", "caractère", "文字")), it["id"]
    revised = {f"s1.instruction.frontier.{k}" for k in ("03", "04", "05", "07", "09", "10", "11")}
    revised |= {"s1.instruction.expert.02", "s1.instruction.expert.08"}
    assert revised <= set(char_level)
