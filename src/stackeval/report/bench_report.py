"""Bench documents as tables (Markdown/terminal) and charts (matplotlib, optional). Pure apart from the
chart writer, which only writes the file it is given."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _f(x: Any, nd: int = 1) -> str:
    return "–" if x is None else f"{x:.{nd}f}"


def render_bench_markdown(doc: dict[str, Any]) -> str:
    st = doc["stack"]
    p = doc["params"]
    L = [f"# stackeval bench: {p['model']} on {st['engine']} {st.get('engine_version') or ''}", "",
         f"output {p['output_tokens']} tokens (fixed: {p['fixed_length_fields']}), prompt ~{p['input_words']} words, "
         f"unique prefix per request, {p['warmup']} warm-up request(s) not measured", ""]
    ss = doc.get("single_stream")
    if ss:
        d = ss["decode_tok_s"]
        L += ["## Single stream", "",
              "| decode tok/s (median) | min | max | TTFT p50 ms | TPOT p50 ms | inter-chunk p50 ms | tokens/chunk | stopped early |",
              "|---|---|---|---|---|---|---|---|",
              f"| {_f(d['median'])} | {_f(d['min'])} | {_f(d['max'])} | {_f(ss['ttft_ms']['p50'])} | {_f(ss['tpot_ms']['p50'], 2)} "
              f"| {_f(ss['itl_ms']['p50'], 2)} | {_f(ss['tokens_per_chunk'], 2)} | {ss['stopped_early']} |", ""]
    if doc.get("levels"):
        L += ["## Load levels", "",
              "| concurrency | rate | n | errors | output tok/s | per-stream tok/s | req/s | TTFT p50/p90/p99 ms | TPOT p50/p90/p99 ms | E2E p50/p90/p99 ms | queue p50 ms |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
        for lv in doc["levels"]:
            def ppp(k: str, lv: dict[str, Any] = lv) -> str:
                d = lv[k]
                return f"{_f(d['p50'])}/{_f(d['p90'])}/{_f(d['p99'])}"
            errs = sum(lv["errors"].values()) if lv["errors"] else 0
            L.append(f"| {lv['concurrency']} | {lv['rate'] or 'closed'} | {lv['n']} | {errs} | {_f(lv['output_tok_s'])} | "
                     f"{_f(lv['per_stream_tok_s'])} | {_f(lv['request_throughput'], 2)} | {ppp('ttft_ms')} | {ppp('tpot_ms')} | "
                     f"{ppp('e2e_ms')} | {_f(lv['queue_ms']['p50'])} |")
        L.append("")
    sd = doc.get("spec_decode")
    if sd:
        L += ["## Speculative decoding", "",
              f"source {sd['source']}: acceptance rate {_f(100 * sd['acceptance_rate'] if sd.get('acceptance_rate') is not None else None)}%, "
              f"mean accepted length {_f(sd.get('mean_accepted_length'), 2)}, drafts {sd.get('drafts')}, "
              f"draft tokens {sd.get('draft_tokens')}, accepted {sd.get('accepted_tokens')}"]
        if sd.get("per_position"):
            L.append("per position: " + ", ".join(f"{i}: {100 * v:.1f}%" for i, v in enumerate(sd["per_position"])))
        if sd.get("violations"):
            L.append("invariant violations: " + "; ".join(sd["violations"]))
        L.append("")
    for w in doc.get("warnings", []):
        L.append(f"> warning: {w}")
    return "\n".join(L) + "\n"


def write_bench_charts(doc: dict[str, Any], out_dir: Path) -> list[Path]:
    """PNG charts: TTFT/E2E percentiles per concurrency and per-position acceptance. Needs matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    levels = doc.get("levels") or []
    if levels:
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
        xs = [lv["concurrency"] for lv in levels]
        for ax, key, title in ((axes[0], "ttft_ms", "TTFT (ms)"), (axes[1], "e2e_ms", "E2E latency (ms)")):
            for q in ("p50", "p90", "p99"):
                ax.plot(xs, [lv[key][q] for lv in levels], marker="o", label=q)
            ax.set_xlabel("concurrency")
            ax.set_title(title)
            ax.set_xscale("log", base=2)
            ax.legend()
        fig.tight_layout()
        p = out_dir / "latency_by_concurrency.png"
        fig.savefig(p, dpi=110)
        plt.close(fig)
        written.append(p)
    sd = doc.get("spec_decode")
    if sd and sd.get("per_position"):
        fig, ax = plt.subplots(figsize=(5, 3.4))
        ax.plot(range(len(sd["per_position"])), [100 * v for v in sd["per_position"]], marker="o")
        ax.set_xlabel("draft position")
        ax.set_ylabel("accepted (%)")
        ax.set_ylim(0, 100)
        ax.set_title("per-position acceptance")
        fig.tight_layout()
        p = out_dir / "acceptance_per_position.png"
        fig.savefig(p, dpi=110)
        plt.close(fig)
        written.append(p)
    return written
