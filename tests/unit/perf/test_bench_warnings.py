"""Bench warnings: unsteady single-stream runs and windows without server counters, one finding a line."""

from __future__ import annotations

from stackeval.runner.bench import measurement_warnings


def _ss(lo: float, hi: float, n: int = 3, server: dict | None = None) -> dict:
    return {"mode": "single_stream", "decode_tok_s": {"n": n, "median": (lo + hi) / 2, "min": lo, "max": hi},
            "server": server if server is not None else {"generation_tokens": 1}}


def test_wide_single_stream_spread_is_warned() -> None:
    (w,) = measurement_warnings([_ss(7.8, 81.1)], metrics_available=True)
    assert "7.8–81.1 tok/s" in w and "10.4× apart" in w and "\n" not in w


def test_steady_runs_and_one_run_are_not_warned() -> None:
    assert measurement_warnings([_ss(50.0, 60.0)], metrics_available=True) == []
    assert measurement_warnings([_ss(5.0, 80.0, n=1)], metrics_available=True) == []


def test_metrics_exposed_but_no_counters_in_a_window() -> None:
    lv = {"mode": "closed_loop", "concurrency": 4, "decode_tok_s": {}}
    (w,) = measurement_warnings([lv], metrics_available=True)
    assert w.startswith("concurrency 4: the server exposes /metrics, but this window got no server counters")
    assert measurement_warnings([lv], metrics_available=False) == []
