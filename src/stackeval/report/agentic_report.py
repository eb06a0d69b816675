"""Agentic runs as Markdown: one row per task run, the repair scale ladder (turns and wall time per repo
size), and each run's turns. Pure: the input is the run's ``agentic.<task>.<arm>`` docs as stored."""

from __future__ import annotations

from typing import Any

from stackeval.agentic.records import AgentOutcome

__all__ = ["agentic_docs", "ladder_rows", "render_agentic_markdown", "task_rows", "tool_calls_text"]

MAX_TURN_ROWS = 40


def agentic_docs(docs: dict[str, Any]) -> list[dict[str, Any]]:
    """The agentic docs among a run's docs, filesystem tasks first, then repair tasks by repo size."""
    got = [d for n, d in docs.items() if n.startswith("agentic.") and isinstance(d, dict) and "outcome" in d]
    return sorted(got, key=lambda d: (d.get("kind") != "fs", (d.get("size") or {}).get("source_files", 0),
                                      d["task_id"], d.get("arm", "")))


def _f(x: float | None, nd: int = 1) -> str:
    return "–" if x is None else f"{x:.{nd}f}"


def tool_calls_text(by_kind: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(by_kind.items())) or "none"


def _fixes(out: AgentOutcome, kind: str) -> str:
    if kind != "repair" or out.fixes_in_one_turn is None:
        return "–"
    return "one turn" if out.fixes_in_one_turn else "several turns"


def task_rows(docs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for d in docs:
        out = AgentOutcome.model_validate(d["outcome"])
        rows.append({
            "task": d["task_id"], "arm": d.get("arm", "default"), "kind": d.get("kind", ""),
            "solved": out.solved, "status": d.get("status"), "failure_class": d.get("failure_class"),
            "reason": out.reason, "turns": out.n_turns, "max_turns": (d.get("guard") or {}).get("max_turns"),
            "tool_calls": dict(out.tool_calls_by_kind), "tool_errors": out.tool_errors,
            "files_read": len(out.files_read), "files_written": len(out.files_written),
            "prompt_tokens": out.prompt_tokens, "completion_tokens": out.completion_tokens,
            "wall_s": out.wall_s, "fixes": _fixes(out, d.get("kind", "")),
            "tests": None if out.tests_passed is None else f"{out.tests_passed}/{(d.get('size') or {}).get('tests', '?')}",
        })
    return rows


def ladder_rows(docs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Repair task runs by repo size: how turns and time grow with the repository."""
    rows = []
    for d in docs:
        size = d.get("size")
        if d.get("kind") != "repair" or not size:
            continue
        out = AgentOutcome.model_validate(d["outcome"])
        n = out.n_turns
        rows.append({
            "task": d["task_id"], "arm": d.get("arm", "default"), "source_files": size.get("source_files"),
            "tests": size.get("tests"), "bugs": size.get("bugs"), "solved": out.solved,
            "tests_passed": out.tests_passed, "turns": n, "wall_s": out.wall_s,
            "s_per_turn": out.wall_s / n if n else None,
            "model_s": sum(t.model_ms for t in out.turns) / 1000.0,
            "tools_s": sum(t.tools_ms for t in out.turns) / 1000.0,
            "prompt_tokens": out.prompt_tokens,
        })
    return sorted(rows, key=lambda r: (r["source_files"] or 0, r["task"], r["arm"]))


def _call_text(name: str, arguments: str, error: str | None) -> str:
    args = arguments.replace("\n", " ").replace("|", "\\|")
    if len(args) > 60:
        args = args[:57] + "..."
    return f"{name}({args})" + (f" → {error}" if error else "")


def _turn_table(d: dict[str, Any]) -> list[str]:
    out = AgentOutcome.model_validate(d["outcome"])
    L = [f"### {d['task_id']} [{d.get('arm', 'default')}]: {out.reason}" + (f" ({out.detail})" if out.detail else ""),
         "", "| turn | tool calls | finish | prompt tok | completion tok | model ms | tools ms |",
         "|---|---|---|---|---|---|---|"]
    for t in out.turns[:MAX_TURN_ROWS]:
        calls = "; ".join(_call_text(c.name, c.arguments, c.error) for c in t.tool_calls)
        if not calls:
            said = t.content.strip().replace("\n", " ").replace("|", "\\|")
            calls = f"(answer: {said[:80]}{'...' if len(said) > 80 else ''})" if not t.error else f"(request failed: {t.error})"
        L.append(f"| {t.index} | {calls} | {t.finish_reason or '–'} | {t.prompt_tokens if t.prompt_tokens is not None else '–'} "
                 f"| {t.completion_tokens if t.completion_tokens is not None else '–'} | {_f(t.model_ms, 0)} | {_f(t.tools_ms, 0)} |")
    if len(out.turns) > MAX_TURN_ROWS:
        L.append(f"| … | {len(out.turns) - MAX_TURN_ROWS} more turns | | | | | |")
    return [*L, ""]


def render_agentic_markdown(docs: dict[str, Any], title: str = "stackeval agentic", turns: bool = True) -> str:
    """The report of one run's agentic docs (``Store.docs(run_id)``; other docs are ignored)."""
    ds = agentic_docs(docs)
    L = [f"# {title}", ""]
    if not ds:
        return "\n".join([*L, "no agentic task results", ""])
    rows = task_rows(ds)
    solved = sum(1 for r in rows if r["solved"])
    L += [f"{solved}/{len(rows)} task runs solved", "", "## Tasks", "",
          "| task | arm | solved | outcome | turns | tool calls | tool errors | files read | files written "
          "| tests | tokens in/out | wall s | fixes |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        outcome = "solved" if r["solved"] else f"{r['status']}: {r['failure_class']}"
        turns_txt = f"{r['turns']}/{r['max_turns']}" if r["max_turns"] else str(r["turns"])
        L.append(f"| {r['task']} | {r['arm']} | {'yes' if r['solved'] else 'no'} | {outcome} | {turns_txt} "
                 f"| {tool_calls_text(r['tool_calls'])} | {r['tool_errors']} | {r['files_read']} | {r['files_written']} "
                 f"| {r['tests'] or '–'} | {r['prompt_tokens']}/{r['completion_tokens']} | {_f(r['wall_s'])} | {r['fixes']} |")
    L.append("")
    lad = ladder_rows(ds)
    if lad:
        L += ["## Scale ladder (repair tasks by repository size)", "",
              "| task | arm | source files | tests | bugs | solved | tests passing | turns | wall s | s/turn "
              "| model s | tools s | prompt tokens |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in lad:
            passing = "–" if r["tests_passed"] is None else f"{r['tests_passed']}/{r['tests']}"
            L.append(f"| {r['task']} | {r['arm']} | {r['source_files']} | {r['tests']} | {r['bugs']} "
                     f"| {'yes' if r['solved'] else 'no'} | {passing} | {r['turns']} | {_f(r['wall_s'])} "
                     f"| {_f(r['s_per_turn'], 2)} | {_f(r['model_s'])} | {_f(r['tools_s'])} | {r['prompt_tokens']} |")
        L.append("")
    if turns:
        L += ["## Turns", ""]
        for d in ds:
            L += _turn_table(d)
    return "\n".join(L) + "\n"
