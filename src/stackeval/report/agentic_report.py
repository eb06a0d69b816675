"""Agentic runs as Markdown: one row per task run, the repair scale ladder (turns, tokens per turn, the edit
tools used, the context budget with the tool results elided to fit it and the peak context sent, wall time
per rung), the time to solve projected per deployment, and each run's turns. Pure:
the input is the run's ``agentic.<task>.<arm>`` docs as stored (read as ``AgenticDoc``) and, for the
projection, deployment timings (``agentic.timing.DeploymentTiming``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stackeval.agentic.records import AgenticDoc, AgentOutcome
from stackeval.agentic.timing import (
    Crossover,
    DeploymentTiming,
    compare,
    project,
    timing_from_outcome,
)

__all__ = ["agentic_docs", "context_text", "ladder_rows", "projection_lines", "render_agentic_markdown", "render_crossover",
           "task_rows", "tool_calls_text"]

MAX_TURN_ROWS = 40


def _typed(d: dict[str, Any] | AgenticDoc) -> AgenticDoc:
    return d if isinstance(d, AgenticDoc) else AgenticDoc.model_validate(d)


def agentic_docs(docs: dict[str, Any]) -> list[AgenticDoc]:
    """The agentic docs among a run's docs, filesystem tasks first, then repair tasks by repo size."""
    got = [_typed(d) for n, d in docs.items() if n.startswith("agentic.") and isinstance(d, dict) and "outcome" in d]
    return sorted(got, key=lambda d: (d.kind != "fs", (d.size.source_files or 0) if d.size else 0, d.task_id, d.arm))


def _f(x: float | None, nd: int = 1) -> str:
    return "–" if x is None else f"{x:.{nd}f}"


def tool_calls_text(by_kind: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(by_kind.items())) or "none"


def _fixes(out: AgentOutcome, kind: str) -> str:
    if kind != "repair" or out.fixes_in_one_turn is None:
        return "–"
    return "one turn" if out.fixes_in_one_turn else "several turns"


def _context_cells(d: AgenticDoc) -> dict[str, int | None]:
    """A run's context columns: results elided, the peak context sent, the task's budget."""
    return {"elided": d.outcome.elided_results, "peak_context": d.outcome.peak_context_tokens,
            "context_budget": d.guard.context_tokens}


def context_text(peak: int | None, budget: int | None) -> str:
    """The peak context sent against the budget: ``15,210/16,000`` (``–`` when not recorded)."""
    if peak is None:
        return "–"
    return f"{peak:,}/{budget:,}" if budget else f"{peak:,}"


def task_rows(docs: Sequence[dict[str, Any] | AgenticDoc]) -> list[dict[str, Any]]:
    rows = []
    for raw in docs:
        d = _typed(raw)
        out = d.outcome
        tests = d.size.tests if d.size and d.size.tests is not None else "?"
        rows.append({
            "task": d.task_id, "arm": d.arm, "kind": d.kind,
            "solved": out.solved, "status": d.status, "failure_class": d.failure_class,
            "reason": out.reason, "turns": out.n_turns, "max_turns": d.guard.max_turns,
            "tool_calls": dict(out.tool_calls_by_kind), "tool_errors": out.tool_errors,
            "files_read": len(out.files_read), "files_written": len(out.files_written),
            "prompt_tokens": out.prompt_tokens, "completion_tokens": out.completion_tokens,
            "wall_s": out.wall_s, "fixes": _fixes(out, d.kind),
            "tests": None if out.tests_passed is None else f"{out.tests_passed}/{tests}",
            **_context_cells(d),
        })
    return rows


def ladder_rows(docs: Sequence[dict[str, Any] | AgenticDoc]) -> list[dict[str, Any]]:
    """Repair task runs by repo size: how turns, tokens per turn and time grow with the repository."""
    rows = []
    for raw in docs:
        if isinstance(raw, dict) and "outcome" not in raw:
            continue
        d = _typed(raw)
        size = d.size
        if d.kind != "repair" or size is None:
            continue
        out = d.outcome
        n = out.n_turns
        rows.append({
            "task": d.task_id, "arm": d.arm, "source_files": size.source_files,
            "tests": size.tests, "bugs": size.bugs, "solved": out.solved,
            "tests_passed": out.tests_passed, "turns": n, "wall_s": out.wall_s,
            "s_per_turn": out.wall_s / n if n else None,
            "model_s": sum(t.model_ms for t in out.turns) / 1000.0,
            "tools_s": sum(t.tools_ms for t in out.turns) / 1000.0,
            "prompt_tokens": out.prompt_tokens,
            "in_per_turn": out.prompt_tokens / n if n else None,
            "out_per_turn": out.completion_tokens / n if n else None,
            "max_prompt": max((t.prompt_tokens or 0 for t in out.turns), default=0),
            "edits": tool_calls_text(out.edit_tools) if out.edit_tools else "none",
            "estimated": any(t.tokens_estimated for t in out.turns),
            **_context_cells(d),
        })
    return sorted(rows, key=lambda r: (r["source_files"] or 0, r["task"], r["arm"]))


def _call_text(name: str, arguments: str, error: str | None) -> str:
    args = arguments.replace("\n", " ").replace("|", "\\|")
    if len(args) > 60:
        args = args[:57] + "..."
    return f"{name}({args})" + (f" → {error}" if error else "")


def _turn_table(d: AgenticDoc) -> list[str]:
    out = d.outcome
    L = [f"### {d.task_id} [{d.arm}]: {out.reason}" + (f" ({out.detail})" if out.detail else ""),
         "", "| turn | tool calls | finish | prompt tok | completion tok | model ms | tools ms | context (est.) |",
         "|---|---|---|---|---|---|---|---|"]
    for t in out.turns[:MAX_TURN_ROWS]:
        calls = "; ".join(_call_text(c.name, c.arguments, c.error) for c in t.tool_calls)
        if not calls:
            said = t.content.strip().replace("\n", " ").replace("|", "\\|")
            calls = f"(answer: {said[:80]}{'...' if len(said) > 80 else ''})" if not t.error else f"(request failed: {t.error})"
        L.append(f"| {t.index} | {calls} | {t.finish_reason or '–'} | {t.prompt_tokens if t.prompt_tokens is not None else '–'} "
                 f"| {t.completion_tokens if t.completion_tokens is not None else '–'} | {_f(t.model_ms, 0)} | {_f(t.tools_ms, 0)} "
                 f"| {'–' if t.context_tokens is None else t.context_tokens}"
                 f"{f' ({t.elided} elided)' if t.elided else ''} |")
    if len(out.turns) > MAX_TURN_ROWS:
        L.append(f"| … | {len(out.turns) - MAX_TURN_ROWS} more turns | | | | | | |")
    return [*L, ""]


def projection_lines(ds: Sequence[AgenticDoc], timings: Sequence[DeploymentTiming] = (),
                     own_name: str = "this deployment") -> list[str]:
    """The time-to-solve section: each repair run's measured wall time, its projection onto its own deployment
    (a timing made from every timed turn of the run: where they disagree, the model of a turn is missing
    something), and its projection onto each of ``timings``."""
    runs = [d for d in ds if d.kind == "repair" and d.outcome.turns]
    if not runs:
        return []
    try:
        own: DeploymentTiming | None = timing_from_outcome([d.outcome for d in runs], own_name, "this run's turns")
    except ValueError:
        own = None  # no timed turns (a manual run, or every request failed)
    heads = ([f"{own_name} (projected)", "agrees"] if own else []) + [
        f"{t.name} ({t.prefix_cache} cache{', from TTFT' if t.prefix_cache_basis == 'inferred_from_ttft' else ''})" for t in timings]
    L = ["## Time to solve per deployment", "",
         "Projected from each turn's tokens: TTFT over uncached prompt tokens and seconds per output token over "
         "the context, fitted to the deployment's measured requests; 90 % bootstrap intervals. Tool time is the "
         "run's own.", "",
         "| task | arm | solved | turns | measured s | " + " | ".join(heads) + " |",
         "|---" * (5 + len(heads)) + "|"]
    for d in runs:
        cells = []
        if own:
            pr = project(d.outcome, own)
            cmp = compare(d.outcome, pr)
            off = f"; turns off: {', '.join(map(str, cmp.turns_off[:6]))}" if cmp.turns_off else ""
            cells += [f"{pr.total_s:.1f} [{pr.low_s:.1f}–{pr.high_s:.1f}]",
                      ("yes" if cmp.agrees else f"no (×{cmp.ratio:.2f})") + off]
        for t in timings:
            pr = project(d.outcome, t)
            cells.append(f"{pr.total_s:.1f} [{pr.low_s:.1f}–{pr.high_s:.1f}]")
        L.append(f"| {d.task_id} | {d.arm} | {'yes' if d.outcome.solved else 'no'} | {d.outcome.n_turns} "
                 f"| {d.outcome.wall_s:.1f} | " + " | ".join(cells) + " |")
    return [*L, ""]


def render_crossover(cx: Crossover) -> str:
    """Fewer turns on a slower deployment vs more turns on a faster one, rung by rung."""
    L = [f"## Crossover: {cx.few_name} (fewer turns) vs {cx.fast_name} (faster)", "",
         "| rung | turns (few / fast) | few s [90 %] | fast s [90 %] | faster |", "|---|---|---|---|---|"]

    def cell(p: Any) -> str:
        if p is None:
            return "not run"
        return f"{p.total_s:.1f} [{p.low_s:.1f}–{p.high_s:.1f}]" + ("" if p.solved else " unsolved")

    for r in cx.rungs:
        L.append(f"| {r.task_id} | {r.few_turns if r.few_turns is not None else '–'} / "
                 f"{r.fast_turns if r.fast_turns is not None else '–'} | {cell(r.few)} | {cell(r.fast)} | {r.winner} |")
    L += ["", f"crossover rung: {cx.crossover or 'none (the fewer-turns deployment does not win from any rung on)'}", ""]
    return "\n".join(L)


def render_agentic_markdown(docs: dict[str, Any], title: str = "stackeval agentic", turns: bool = True,
                            timings: Sequence[DeploymentTiming] = (), own_name: str = "this deployment") -> str:
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
              "| model s | tools s | prompt tokens | tokens in/out per turn | largest prompt | edits "
              "| peak context/budget (est.) | elided results |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in lad:
            passing = "–" if r["tests_passed"] is None else f"{r['tests_passed']}/{r['tests']}"
            est = " (est.)" if r["estimated"] else ""
            L.append(f"| {r['task']} | {r['arm']} | {r['source_files']} | {r['tests']} | {r['bugs']} "
                     f"| {'yes' if r['solved'] else 'no'} | {passing} | {r['turns']} | {_f(r['wall_s'])} "
                     f"| {_f(r['s_per_turn'], 2)} | {_f(r['model_s'])} | {_f(r['tools_s'])} | {r['prompt_tokens']} "
                     f"| {_f(r['in_per_turn'], 0)}/{_f(r['out_per_turn'], 0)}{est} | {r['max_prompt']} | {r['edits']} "
                     f"| {context_text(r['peak_context'], r['context_budget'])} | {r['elided']} |")
        L.append("")
        L += projection_lines(ds, timings, own_name)
    if turns:
        L += ["## Turns", ""]
        for d in ds:
            L += _turn_table(d)
    return "\n".join(L) + "\n"
