"""The strict suite's prose/writing checking script runs clean against the YAML it guards."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

import stackeval.suites.loader as loader

STRICT = Path(loader.__file__).parent / "builtin" / "strict"
SCRIPT = STRICT / "scripts" / "prose_checks.py"


def test_prose_checks_confirm_every_long_material_item() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "ERROR" not in proc.stderr
    checked = {line.split(" ", 1)[0] for line in proc.stdout.strip().splitlines()}
    prose = {it["id"]: it for it in yaml.safe_load((STRICT / "prose.yaml").read_text(encoding="utf-8"))}
    # every prose frontier item is built and checked by the script
    frontier = {i for i, it in prose.items() if it["tier"] == "frontier"}
    assert len(frontier) == 13
    assert frontier <= checked
    assert "s1.writing.frontier.01" in checked


def test_emit_prints_the_source_and_figures() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--emit", "s1.prose.frontier.01"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "MEMBER_TOTAL: " in proc.stdout
    assert "kind: regex, name: member_total" in proc.stdout


def test_scaled_ledgers_are_seeded_and_every_amendment_matters() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("prose_checks", SCRIPT)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["prose_checks"] = mod
    spec.loader.exec_module(mod)
    prose = {it["id"]: it for it in yaml.safe_load((STRICT / "prose.yaml").read_text(encoding="utf-8"))}
    assert {"s1.prose.frontier.01", "s1.prose.frontier.11", "s1.prose.expert.02"} <= set(mod.SPECS)
    for item_id, make in mod.SPECS.items():
        s = make()
        ref = s.engine(set())
        assert ref == make().engine(set()), item_id  # reproducible
        wrongs = mod.spec_wrongs(s, ref)  # asserts each amendment/rule changes an answer
        assert len(wrongs) == len(s.keys) >= 5, item_id
        it = prose[item_id]
        assert it["tier"] == s.tier
        # every near miss in the YAML differs from the reference on exactly the label it is expected to fail
        for w in it["wrong"]:
            label = w["expect"].split(":", 1)[1].upper()
            got = dict(mod.LINE.findall(w["content"]))
            assert {k for k, v in got.items() if v != ref[k]} == {label}, item_id
