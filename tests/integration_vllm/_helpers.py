"""This suite's own reading of vLLM's /metrics text, independent of stackeval's parser."""

from __future__ import annotations

import re
import time
import urllib.request

import pytest

_SAMPLE = re.compile(r"^(vllm:[a-z_]+)(?:\{([^}]*)\})? (\S+)$", re.M)
_LABEL = re.compile(r'(\w+)="([^"]*)"')


def scrape(base_url: str) -> str:
    with urllib.request.urlopen(base_url + "/metrics", timeout=10) as r:  # noqa: S310 (loopback)
        return r.read().decode()


def get_json_text(base_url: str, path: str) -> str:
    with urllib.request.urlopen(base_url + path, timeout=10) as r:  # noqa: S310 (loopback)
        return r.read().decode()


def counter(text: str, name: str, **labels: str) -> float:
    """Sum of the samples called ``name`` whose labels include ``labels`` (0 when absent)."""
    total = 0.0
    for n, lab, v in _SAMPLE.findall(text):
        if n != name:
            continue
        have = dict(_LABEL.findall(lab or ""))
        if all(have.get(k) == want for k, want in labels.items()):
            total += float(v)
    return total


def labels_of(text: str, name: str) -> dict[str, str]:
    for n, lab, _v in _SAMPLE.findall(text):
        if n == name:
            return dict(_LABEL.findall(lab or ""))
    return {}


def spec_counters(text: str) -> dict[str, float]:
    p = "vllm:spec_decode_num_"
    out = {k: counter(text, f"{p}{k}_total") for k in ("drafts", "draft_tokens", "accepted_tokens")}
    for n, lab, v in _SAMPLE.findall(text):
        if n == f"{p}accepted_tokens_per_pos_total":
            pos = dict(_LABEL.findall(lab))["position"]
            out[f"pos{pos}"] = out.get(f"pos{pos}", 0.0) + float(v)
    return out


def minus(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    return {k: v - before.get(k, 0.0) for k, v in after.items()}


def per_position(d: dict[str, float]) -> list[float]:
    n = 1 + max((int(k[3:]) for k in d if k.startswith("pos")), default=-1)
    return [d.get(f"pos{i}", 0.0) for i in range(n)]


def scrape_until(base_url: str, done, timeout_s: float = 5.0) -> str:  # noqa: ANN001
    """Scrape until ``done(text)``: the API server records a finished request's stats right after
    the response, so give it a moment instead of racing it."""
    deadline = time.monotonic() + timeout_s
    text = scrape(base_url)
    while not done(text) and time.monotonic() < deadline:
        time.sleep(0.1)
        text = scrape(base_url)
    return text


def assert_spec_equals(spec: dict, d: dict[str, float], source: str = "vllm_metrics") -> None:
    """A bench spec-decode record equals the vLLM-semantics figures of counter deltas ``d``."""
    drafts, dt, acc = d["drafts"], d["draft_tokens"], d["accepted_tokens"]
    assert spec["source"] == source
    assert (spec["drafts"], spec["draft_tokens"], spec["accepted_tokens"]) == (drafts, dt, acc)
    assert spec["acceptance_rate"] == pytest.approx(acc / dt)
    assert spec["mean_accepted_length"] == pytest.approx(1 + acc / drafts)
    pp = per_position(d)
    assert spec["per_position"] == pytest.approx([x / drafts for x in pp])
    assert sum(pp) == acc  # prefix-only acceptance, on the raw counters
    assert spec["violations"] == []
