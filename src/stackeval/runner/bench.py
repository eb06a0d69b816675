"""`stackeval bench`: single-stream and concurrent load against an endpoint, with /metrics windows.

Measurement rules (see the measurement note in the design docs):
- every measured request gets a unique prefix, so prefix caches do not flatter the figures;
- one unmeasured warm-up request first;
- fixed output length: ``max_tokens`` = N plus ``ignore_eos``/``min_tokens`` where the engine takes
  them; the returned ``usage.completion_tokens`` is verified and short requests are marked, not averaged;
- /metrics is scraped before and after each level and differenced; gauges are sampled during it;
- the client's own health: event-loop lag is sampled during every level and reported next to the
  latencies; open-loop (``rate``) requests are stamped at their *planned* arrival time, so client-side
  queueing is charged to TTFT-from-schedule (``queue_ms``) and visible.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

from stackeval.client.http import Client
from stackeval.perf.levels import summarize_level
from stackeval.perf.specdecode import from_counters, from_llamacpp_timings
from stackeval.perf.stats import summarize
from stackeval.records.perf import LevelSummary, MetricSnapshot
from stackeval.records.request import ChatRequest, ChatResult
from stackeval.records.stack import StackProfile
from stackeval.runner.workers import WorkerReport, auto_workers, poisson_offsets, run_sharded
from stackeval.stack.prometheus import diff, engine_metrics, parse_metrics

BENCH_SCHEMA_VERSION = 1
# "continue": continue a random text (the default workload). "repeat": repeat a text made of one
# random 8-word phrase said over and over, word for word, so n-gram / prompt-lookup speculative
# decoding has something to draft from (and a small model something it can actually repeat).
PROMPT_STYLES = {
    "continue": "Continue this text for as long as you can: ",
    "repeat": "Repeat the following text exactly, word for word, again and again: ",
}
_WORDS = ("river stone lantern orbit meadow copper signal harbor willow ember quartz canyon violet "
          "thunder maple glacier falcon saddle prism meadow velvet anchor cobalt summit").split()


@dataclass(frozen=True)
class BenchParams:
    model: str
    output_tokens: int = 256
    input_words: int = 64
    runs: int = 3  # single-stream repeats (median with min/max)
    concurrency: tuple[int, ...] = (8,)
    requests_per_level: int | None = None  # default: 2 x concurrency, at least 8
    rate: float | None = None  # open loop, Poisson arrivals (req/s)
    warmup: int = 1
    temperature: float = 0.0
    seed: int = 7
    single_stream: bool = True
    gauge_interval_s: float = 0.5
    prompt_style: str = "continue"  # a key of PROMPT_STYLES
    workers: int = 0  # client processes per load level; 0 = enough for the requested load (runner.workers)

    def __post_init__(self) -> None:
        if self.prompt_style not in PROMPT_STYLES:
            raise ValueError(f"prompt_style must be one of {sorted(PROMPT_STYLES)}, not {self.prompt_style!r}")

    def n_for(self, c: int) -> int:
        return self.requests_per_level or max(8, 2 * c)


@dataclass
class LevelRun:
    summary: LevelSummary
    results: list[ChatResult]
    spec_decode: dict[str, Any] | None
    server: dict[str, Any] | None
    loop_lag_ms: dict[str, Any]
    gauges: list[dict[str, Any]] = field(default_factory=list)
    raw_metrics: tuple[str, str] = ("", "")  # the /metrics texts before and after the window
    workers: list[dict[str, Any]] = field(default_factory=list)  # per client process, when sharded


def fixed_length_fields(engine: str, n: int) -> dict[str, Any]:
    """Ask for exactly n tokens in the engine's dialect."""
    f: dict[str, Any] = {"max_tokens": n}
    if engine in ("vllm", "sglang"):
        f.update(ignore_eos=True, min_tokens=n)
    elif engine == "llamacpp":
        f.update(ignore_eos=True, cache_prompt=False)
    elif engine == "ollama":
        f["options"] = {"num_predict": n}
    return f


class PromptMaker:
    def __init__(self, words: int, seed: int, style: str = "continue") -> None:
        self.rng = random.Random(seed)
        self.words = words
        self.style = style
        self.instruction = PROMPT_STYLES[style]
        self.n = 0

    def __call__(self, tag: str) -> str:
        self.n += 1
        if self.style == "repeat":
            phrase = [self.rng.choice(_WORDS) for _ in range(min(8, self.words))]
            body = " ".join(phrase[i % len(phrase)] for i in range(self.words))
        else:
            body = " ".join(self.rng.choice(_WORDS) for _ in range(self.words))
        # the unique prefix comes first: every request misses the prefix cache from token 0
        return f"[{tag}-{self.n}-{self.rng.getrandbits(32):08x}] {self.instruction}{body}"


async def _loop_lag(stop: asyncio.Event, out: list[float], interval: float = 0.01) -> None:
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(interval)
        out.append(max(0.0, (time.perf_counter() - t - interval) * 1000))  # uvloop timers may fire early


async def _scrape(client: Client, available: bool) -> tuple[MetricSnapshot | None, str]:
    if not available:
        return None, ""
    status, _ct, text = await client.get("/metrics", timeout_s=5)
    if status != 200:
        return None, ""
    return parse_metrics(text, timestamp=time.time(), perf_ns=time.perf_counter_ns()), text


async def _gauges(client: Client, stack: StackProfile, stop: asyncio.Event, every: float, out: list[dict[str, Any]]) -> None:
    while not stop.is_set():
        snap, _ = await _scrape(client, stack.metrics_available)
        if snap is not None:
            em = engine_metrics(snap, stack.engine)
            if em is not None:
                out.append({"t": round(time.time(), 3), "running": em.requests_running, "waiting": em.requests_waiting,
                            "kv_cache_usage": em.kv_cache_usage})
        try:
            await asyncio.wait_for(stop.wait(), every)
        except TimeoutError:
            pass


def _spec_and_server(stack: StackProfile, before: MetricSnapshot | None, after: MetricSnapshot | None,
                     results: list[ChatResult]) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    spec: dict[str, Any] = {}
    server: dict[str, Any] | None = None
    client_tokens = sum((r.usage.completion_tokens or 0) for r in results if r.ok and r.usage)
    if before is not None and after is not None:
        d = diff(before, after)
        em = engine_metrics(d, stack.engine)
        if em is not None:
            server = em.model_dump(exclude_none=True)
            if em.generation_tokens is not None:
                server["client_completion_tokens"] = client_tokens
                server["token_count_agrees"] = abs(em.generation_tokens - client_tokens) <= max(2, 0.01 * client_tokens)
            if em.spec is not None and (em.spec.drafts or 0) > 0:
                source = "llamacpp_metrics" if stack.engine == "llamacpp" else f"{stack.engine}_metrics"
                spec["metrics"] = from_counters(em.spec, source=source).model_dump()
    timings = [r.server_timings for r in results if r.ok and r.server_timings]
    if any(t and t.get("draft_n") for t in timings):
        spec["responses"] = from_llamacpp_timings(timings).model_dump()
    return (spec or None), server


async def _one(client: Client, body: dict[str, Any], scheduled_ns: int) -> ChatResult:
    return await client.chat(ChatRequest(body=body, stream=True), scheduled_ns=scheduled_ns)


def _body(p: BenchParams, engine: str, prompt: str) -> dict[str, Any]:
    return {"model": p.model, "messages": [{"role": "user", "content": prompt}], "temperature": p.temperature,
            "seed": p.seed, **fixed_length_fields(engine, p.output_tokens)}


async def run_level(client: Client, stack: StackProfile, p: BenchParams, prompts: PromptMaker, *,
                    concurrency: int, n: int, rate: float | None = None, sequential: bool = False) -> LevelRun:
    before, before_text = await _scrape(client, stack.metrics_available)
    stop = asyncio.Event()
    lag: list[float] = []
    gauges: list[dict[str, Any]] = []
    bg = [asyncio.create_task(_loop_lag(stop, lag))]
    if stack.metrics_available and not sequential:
        bg.append(asyncio.create_task(_gauges(client, stack, stop, p.gauge_interval_s, gauges)))
    bodies = [_body(p, stack.engine, prompts(f"c{concurrency}")) for _ in range(n)]
    results: list[ChatResult] = []
    t0 = time.perf_counter_ns()
    nw = 1 if sequential else (p.workers or auto_workers(concurrency, rate, p.output_tokens))
    reports: list[WorkerReport] = []
    if nw > 1:  # one schedule, sharded across client processes on one clock (runner.workers)
        offsets = poisson_offsets(n, rate, p.seed + concurrency) if rate else None
        results, t0, t1, reports = await run_sharded(client.opts, bodies, concurrency=concurrency, workers=nw,
                                                     offsets_s=offsets)
    elif sequential:
        for b in bodies:
            results.append(await _one(client, b, time.perf_counter_ns()))
    elif rate:
        rng = random.Random(p.seed + concurrency)
        sem = asyncio.Semaphore(concurrency)
        at = 0.0
        planned = []
        for _ in bodies:
            at += rng.expovariate(rate)
            planned.append(at)

        async def arrival(b: dict[str, Any], when_s: float) -> ChatResult:
            sched = t0 + int(when_s * 1e9)
            delay = (sched - time.perf_counter_ns()) / 1e9
            if delay > 0:
                await asyncio.sleep(delay)
            async with sem:  # time waiting here is client-side queueing, charged from `sched`
                return await _one(client, b, sched)

        results = list(await asyncio.gather(*(arrival(b, w) for b, w in zip(bodies, planned, strict=True))))
    else:
        queue = list(bodies)

        async def worker() -> None:
            while queue:
                b = queue.pop()
                results.append(await _one(client, b, time.perf_counter_ns()))

        await asyncio.gather(*(worker() for _ in range(concurrency)))
    if not reports:
        t1 = time.perf_counter_ns()
    stop.set()
    await asyncio.gather(*bg)
    after, after_text = await _scrape(client, stack.metrics_available)
    summary = summarize_level(results, window_start_ns=t0, window_end_ns=t1, concurrency=concurrency, rate=rate,
                              expected_tokens=p.output_tokens)
    spec, server = _spec_and_server(stack, before, after, results)
    loop_lag = summarize(lag).model_dump()
    if reports:  # the clients' loops are the workers' loops: the level reports the worst of them
        loop_lag = max((r.loop_lag_ms for r in reports), key=lambda d: d.get("p99") or 0.0)
    return LevelRun(summary, results, spec, server, loop_lag, gauges, (before_text, after_text),
                    [r.doc() for r in reports])


def client_warnings(levels: list[dict[str, Any]]) -> list[str]:
    """Warn when the client's own loop lag is a noticeable fraction of what it measured."""
    out = []
    for lv in levels:
        where = "single stream" if lv.get("mode") == "single_stream" else f"concurrency {lv.get('concurrency')}"
        lag = (lv.get("client") or {}).get("loop_lag_ms") or {}
        ttft = (lv.get("ttft_ms") or {}).get("p50")
        itl = (lv.get("itl_ms") or {}).get("p50")
        p99 = lag.get("p99")
        if p99 is None:
            continue
        for name, ref in (("TTFT p50", ttft), ("inter-chunk p50", itl)):
            if ref and p99 > 0.05 * ref:
                out.append(f"{where}: client loop lag p99 {p99:.2f} ms is "
                           f"{100 * p99 / ref:.0f}% of {name} ({ref:.2f} ms); figures may include client delay")
    return out


SPREAD_WARN = 1.5  # single-stream max/min decode rate above which the runs are called unsteady


def measurement_warnings(levels: list[dict[str, Any]], metrics_available: bool) -> list[str]:
    """Warn (one finding per line) when the single-stream runs disagree widely, and when the server
    exposes /metrics but a window got no server counters (spec-decode and token checks then rest on
    the responses alone)."""
    out = []
    for lv in levels:
        name = "single stream" if lv.get("mode") == "single_stream" else f"concurrency {lv.get('concurrency')}"
        dec = lv.get("decode_tok_s") or {}
        lo, hi, n = dec.get("min"), dec.get("max"), dec.get("n") or 0
        if lv.get("mode") == "single_stream" and n >= 2 and lo and hi and hi / lo > SPREAD_WARN:
            out.append(f"{name}: decode rate ranged {lo:.1f}–{hi:.1f} tok/s over {n} runs ({hi / lo:.1f}× apart): "
                       "the machine or the server was not steady; the median is shaky (rerun, or raise --runs)")
        if metrics_available and not lv.get("server"):
            out.append(f"{name}: the server exposes /metrics, but this window got no server counters "
                       "(a scrape failed, or no known counter moved): token-count and spec-decode checks "
                       "use the responses only")
    return out


def _keep(on_snapshot: Snapshot, label: str, run: LevelRun) -> None:
    if on_snapshot is None:
        return
    for when, text in zip(("before", "after"), run.raw_metrics, strict=True):
        if text:
            on_snapshot(f"{label}:{when}", text)


def level_doc(run: LevelRun) -> dict[str, Any]:
    d = run.summary.model_dump()
    d["client"] = {"loop_lag_ms": run.loop_lag_ms}
    if run.workers:
        d["client"]["workers"] = run.workers
    if run.spec_decode:
        d["spec_decode"] = run.spec_decode.get("metrics") or run.spec_decode.get("responses")
        d["spec_decode_sources"] = run.spec_decode
    if run.server:
        d["server"] = run.server
    if run.gauges:
        d["gauges"] = run.gauges
    return d


Snapshot = Any  # callable(label: str, text: str) -> None, stores raw /metrics texts
Requests = Any  # callable(level: str, results: list[ChatResult]) -> None, stores a level's per-request records


async def run_bench(client: Client, stack: StackProfile, p: BenchParams, progress: Any = None,
                    on_snapshot: Snapshot = None, on_requests: Requests = None,
                    on_phase: Any = None) -> dict[str, Any]:
    """``on_phase(name)``: a phase of the resource timeline starts (warmup, single_stream, c<N>, end)."""
    prompts = PromptMaker(p.input_words, p.seed, p.prompt_style)
    if on_phase:
        on_phase("warmup")
    for _ in range(p.warmup):
        await _one(client, _body(p, stack.engine, prompts("warmup")), time.perf_counter_ns())
    doc: dict[str, Any] = {"schema_version": BENCH_SCHEMA_VERSION, "stack": stack.model_dump(),
                           "params": {**p.__dict__, "concurrency": list(p.concurrency),
                                      "fixed_length_fields": fixed_length_fields(stack.engine, p.output_tokens)}}
    levels: list[dict[str, Any]] = []
    if p.single_stream:
        if progress:
            progress(f"single stream: {p.runs} runs of {p.output_tokens} tokens")
        if on_phase:
            on_phase("single_stream")
        ss = await run_level(client, stack, p, prompts, concurrency=1, n=p.runs, sequential=True)
        _keep(on_snapshot, "single_stream", ss)
        if on_requests:
            on_requests("single_stream", ss.results)
        d = level_doc(ss)
        d["mode"] = "single_stream"
        doc["single_stream"] = d
        levels.append(d)
    doc["levels"] = []
    for c in p.concurrency:
        if progress:
            progress(f"concurrency {c}: {p.n_for(c)} requests" + (f" at {p.rate} req/s" if p.rate else ""))
        if on_phase:
            on_phase(f"c{c}")
        lv = await run_level(client, stack, p, prompts, concurrency=c, n=p.n_for(c), rate=p.rate)
        _keep(on_snapshot, f"c{c}", lv)
        if on_requests:
            on_requests(f"c{c}", lv.results)
        d = level_doc(lv)
        d["mode"] = "open_loop" if p.rate else "closed_loop"
        doc["levels"].append(d)
        levels.append(d)
    spec = next((lv["spec_decode"] for lv in reversed(levels) if lv.get("spec_decode")), None)
    if spec:
        doc["spec_decode"] = spec
    doc["warnings"] = client_warnings(levels) + measurement_warnings(levels, stack.metrics_available)
    if on_phase:
        on_phase("end")
    return doc
