"""Replay a directory of blind model answers through the whole harness and print the pass table.

Calibration of the ``strict`` suite: a helper acting as the model under test answers every prompt of
``export-prompts`` (one file per test id) without tools; its answers are saved one file per test id
(``<test_id>.txt`` holding the raw answer text, or ``<test_id>.json`` holding
``{"content": "...", "tool_calls": [{"name": "...", "arguments": {...}}]}`` for tool-calling items). This
script serves those answers from a scripted OpenAI-compatible endpoint (the same fake server the replay
tests use) and runs the profile through the real client, runner, graders, sandbox and store, so the
verdicts are exactly those of ``stackeval run``. A test without an answer file is answered with an empty
string (it fails as ``no_answer`` or similar) and listed as missing.

    python benchmarks/calibrate.py ANSWER_DIR [--profile strict] [--db PATH] [--json OUT] [--failures]
    python benchmarks/calibrate.py --export-prompts DIR [--profile strict]

``--export-prompts`` writes, for each test id, exactly the messages the model sees (system, user, earlier
turns, and the tool definitions for tool-calling items): no reference, no grader spec.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from stackeval.records.answer import ToolCall, ToolCallFunction
from stackeval.records.items import CATEGORIES, TIERS, Item
from stackeval.runner.session import execute_suite
from stackeval.sandbox.local import LocalExecutor
from stackeval.suites import load_profile
from stackeval.testing.fakeserver import FakeServer, Reply


def prompt_text(item: Item) -> str:
    """The request as a blind answerer sees it: each message with its role, then any tool definitions."""
    parts: list[str] = []
    for m in item.chat_messages():
        role = m["role"].upper()
        if m.get("content") is not None:
            parts.append(f"[{role}]\n{m['content'].rstrip()}")
        if m.get("tool_calls"):
            parts.append(f"[{role} TOOL CALLS]\n{json.dumps(m['tool_calls'], indent=2)}")
    if item.tools:
        parts.append("[TOOLS AVAILABLE]\n" + json.dumps(item.tools, indent=2, ensure_ascii=False))
        parts.append("(Answer with tool calls as JSON: "
                     '{"content": "", "tool_calls": [{"name": "...", "arguments": {...}}]}.)')
    return "\n\n".join(parts) + "\n"


def export_prompts(profile: str, out: Path) -> int:
    suite = load_profile(profile)
    out.mkdir(parents=True, exist_ok=True)
    for item in suite.items:
        (out / f"{item.id}.txt").write_text(prompt_text(item), encoding="utf-8")
    return len(suite.items)


def load_answer(folder: Path, test_id: str) -> Reply | None:
    js, txt = folder / f"{test_id}.json", folder / f"{test_id}.txt"
    if js.exists():
        doc = json.loads(js.read_text(encoding="utf-8"))
        calls = [
            ToolCall(id=f"call_{i}", index=i, function=ToolCallFunction(
                name=c["name"],
                arguments=c["arguments"] if isinstance(c["arguments"], str) else json.dumps(c["arguments"])))
            for i, c in enumerate(doc.get("tool_calls") or [])
        ]
        return Reply(content=doc.get("content") or "", tool_calls=calls,
                     finish_reason="tool_calls" if calls else "stop")
    for path in (txt, folder / test_id):
        if path.exists():
            return Reply(content=path.read_text(encoding="utf-8"))
    return None


def _key(messages: list[dict[str, Any]]) -> str:
    return json.dumps([(m.get("role"), m.get("content")) for m in messages], sort_keys=True)


async def replay(profile: str, folder: Path, db: Path) -> tuple[list[Any], list[Item], list[str]]:
    suite = load_profile(profile)
    table: dict[str, Reply] = {}
    missing: list[str] = []
    for item in suite.items:
        reply = load_answer(folder, item.id)
        if reply is None:
            missing.append(item.id)
            reply = Reply(content="")
        table[_key(item.chat_messages())] = reply

    def respond(body: dict[str, Any]) -> Reply:
        return table.get(_key(body.get("messages", [])), Reply(content=""))

    async with FakeServer(respond) as srv:
        out = await execute_suite(
            db_path=db, endpoint=srv.base_url, profile=profile, model=None, concurrency=4, api_key=None,
            api_key_env=None, recipe=None, recipe_path=None, only=[], thinking="default", repeats=1, resume=None,
            force=False, retry_errors=False, executor=LocalExecutor(), timeouts={"total": 120.0},
        )
    return list(out.results), list(suite.items), missing


def table(results: list[Any], items: list[Item]) -> tuple[str, dict[str, Any]]:
    tier_of = {i.id: i.tier for i in items}
    cat_of = {i.id: i.category for i in items}
    cells: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        for key in ((cat_of[r.test_id], tier_of[r.test_id]), (cat_of[r.test_id], "all"),
                    ("all", tier_of[r.test_id]), ("all", "all")):
            cells[key][1] += 1
            cells[key][0] += r.status == "pass"
    cols = [*TIERS, "all"]
    rows = [c for c in CATEGORIES if (c, "all") in cells] + ["all"]

    def cell(c: str, t: str) -> str:
        p, n = cells.get((c, t), (0, 0))
        return f"{p}/{n}" if n else "-"

    lines = ["| category | " + " | ".join(cols) + " |", "|" + "---|" * (len(cols) + 1)]
    lines += [f"| {c} | " + " | ".join(cell(c, t) for t in cols) + " |" for c in rows]
    pct = {t: round(100 * cells[("all", t)][0] / cells[("all", t)][1], 1) for t in cols if cells[("all", t)][1]}
    lines.append("| all % | " + " | ".join(f"{pct[t]}" if t in pct else "-" for t in cols) + " |")
    doc = {"cells": {f"{c}:{t}": cells[(c, t)] for (c, t) in cells}, "percent": pct}
    return "\n".join(lines), doc


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("answers", nargs="?", type=Path, help="directory of <test_id>.txt / .json answer files")
    ap.add_argument("--profile", default="strict")
    ap.add_argument("--db", type=Path, help="keep the run in this SQLite file (default: a temporary one)")
    ap.add_argument("--json", type=Path, help="also write the table and every verdict as JSON here")
    ap.add_argument("--failures", action="store_true", help="list every failing test with its class and detail")
    ap.add_argument("--export-prompts", type=Path, metavar="DIR", help="write the prompts and exit")
    args = ap.parse_args(argv)
    if args.export_prompts:
        n = export_prompts(args.profile, args.export_prompts)
        print(f"wrote {n} prompt files to {args.export_prompts}")
        return 0
    if args.answers is None or not args.answers.is_dir():
        print("calibrate: error: give a directory of answer files", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "calibrate.db"
        results, items, missing = asyncio.run(replay(args.profile, args.answers, db))
    text, doc = table(results, items)
    print(text)
    if missing:
        print(f"\n{len(missing)} tests had no answer file: {' '.join(missing)}")
    fails = sorted((r for r in results if r.status != "pass"), key=lambda r: r.test_id)
    if args.failures:
        print("\nfailures:")
        for r in fails:
            print(f"  {r.test_id}  {r.status} {r.failure_class}  {(r.detail or '')[:160]}")
    if args.json:
        doc["results"] = [{"test_id": r.test_id, "status": r.status, "failure_class": r.failure_class,
                           "detail": r.detail} for r in results]
        doc["missing"] = missing
        args.json.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
