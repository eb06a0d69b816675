"""Bench charts as PNG files (matplotlib, optional). The bench tables are written by the one renderer
(``stackeval.report.render.render_bench``); this module only draws the charts into the folder it is given."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stackeval.records.bench import BenchDocument

__all__ = ["write_bench_charts"]


def write_bench_charts(bench: BenchDocument | dict[str, Any], out_dir: Path) -> list[Path]:
    """PNG charts: TTFT/E2E percentiles per concurrency and per-position acceptance. Needs matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    doc = bench if isinstance(bench, BenchDocument) else BenchDocument.model_validate(bench)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    levels = doc.levels
    if levels:
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
        xs = [lv.concurrency for lv in levels]
        for ax, key, title in ((axes[0], "ttft_ms", "TTFT (ms)"), (axes[1], "e2e_ms", "E2E latency (ms)")):
            for q in ("p50", "p90", "p99"):
                ax.plot(xs, [getattr(getattr(lv, key), q) for lv in levels], marker="o", label=q)
            ax.set_xlabel("concurrency")
            ax.set_title(title)
            ax.set_xscale("log", base=2)
            ax.legend()
        fig.tight_layout()
        p = out_dir / "latency_by_concurrency.png"
        fig.savefig(p, dpi=110)
        plt.close(fig)
        written.append(p)
    sd = doc.spec_decode
    if sd is not None and sd.per_position:
        fig, ax = plt.subplots(figsize=(5, 3.4))
        ax.plot(range(len(sd.per_position)), [100 * v for v in sd.per_position], marker="o")
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
