"""The page of one run (``SuiteReport`` -> ``Doc``) and of a bench document (``BenchDocument`` -> blocks).
Pure; the writers (Markdown, HTML) turn the ``Doc`` into text."""

from __future__ import annotations

from stackeval.records.bench import BenchDocument, BenchLevel
from stackeval.records.perf import Distribution
from stackeval.records.report import Rate, SuiteReport
from stackeval.report.blocks import Block, Chart, Doc, Heading, Note, Table, Text, ci, num, pct
from stackeval.report.charts import bar_chart, line_chart
from stackeval.report.resources import resource_blocks

__all__ = ["bench_blocks", "bench_page", "run_page"]


def _rate_table(rows: dict[str, Rate], key: str) -> Table:
    return Table([key, "pass", "total", "rate", "95% CI", "fail", "cut off", "error", "timeout"],
                 [[k, r.passed, r.total, pct(r.rate), ci(r.low, r.high), r.failed, r.cut_off, r.errors, r.timeouts]
                  for k, r in rows.items()])


def _ppp(d: Distribution) -> str:
    return f"{num(d.p50)}/{num(d.p90)}/{num(d.p99)}"


def _level_row(lv: BenchLevel) -> list[object]:
    return [lv.concurrency, lv.rate or "closed", lv.n, sum(lv.errors.values()), num(lv.output_tok_s),
            num(lv.per_stream_tok_s), num(lv.request_throughput, 2), _ppp(lv.ttft_ms), _ppp(lv.tpot_ms),
            _ppp(lv.e2e_ms), num(lv.queue_ms.p50)]


def bench_blocks(bench: BenchDocument) -> list[Block]:
    """Single-stream decode, the load levels with their percentiles, speculative decoding, warnings."""
    p = bench.params
    fixed = f" (fixed: {p.fixed_length_fields})" if p.fixed_length_fields else ""
    out: list[Block] = [Heading("Speed"),
                        Text(f"output {p.output_tokens} tokens{fixed}, prompt ~{p.input_words} words, unique prefix per "
                             f"request, single-stream runs {p.runs}, {p.warmup if p.warmup is not None else '–'} "
                             "warm-up request(s) not measured")]
    ss = bench.single_stream
    if ss is not None:
        d = ss.decode_tok_s
        out += [Heading("Single stream", 3),
                Table(["decode tok/s (median)", "min", "max", "TTFT p50 ms", "TPOT p50 ms", "inter-chunk p50 ms",
                       "tokens/chunk", "stopped early"],
                      [[num(d.median), num(d.min), num(d.max), num(ss.ttft_ms.p50), num(ss.tpot_ms.p50, 2),
                        num(ss.itl_ms.p50, 2), num(ss.tokens_per_chunk, 2), ss.stopped_early]])]
    if bench.levels:
        out += [Heading("Load levels", 3),
                Table(["concurrency", "rate", "n", "errors", "output tok/s", "per-stream tok/s", "req/s",
                       "TTFT p50/p90/p99 ms", "TPOT p50/p90/p99 ms", "E2E p50/p90/p99 ms", "queue p50 ms"],
                      [_level_row(lv) for lv in bench.levels])]
    sd = bench.spec_decode
    if sd is not None:
        out += [Heading("Speculative decoding", 3),
                Text(f"source {sd.source}: acceptance {pct(sd.acceptance_rate)}, mean accepted length "
                     f"{num(sd.mean_accepted_length, 2)}, drafts {sd.drafts}, draft tokens {sd.draft_tokens}, "
                     f"accepted {sd.accepted_tokens}")]
        if sd.per_position:
            pp = sd.per_position
            out.append(Chart("per-position acceptance",
                             line_chart([str(i) for i in range(len(pp))], [("accepted", [100 * v for v in pp])],
                                        title="per-position acceptance", ylabel="accepted (%)", ymax=100),
                             Table(["position", "accepted"], [[i, pct(v)] for i, v in enumerate(pp)])))
        if sd.violations:
            out.append(Note("invariant violations: " + "; ".join(sd.violations), "warn"))
    out += [Note(w, "warn") for w in bench.warnings]
    out += resource_blocks((bench.model_extra or {}).get("resources"))
    return out


def bench_page(bench: BenchDocument) -> Doc:
    """The page of a bench document on its own (``stackeval bench --md``)."""
    st = bench.stack
    on = f" on {st.engine} {st.engine_version or ''}".rstrip() if st is not None else ""
    return Doc(f"stackeval bench: {bench.params.model}{on}", bench_blocks(bench))


def run_page(rep: SuiteReport) -> Doc:
    h = rep.headline
    o = h.overall
    doc = Doc(f"stackeval report: {h.profile} on {h.model}")
    tr = rep.truncation
    if tr is not None and tr.warning:  # first, so nobody reads the pass rate without it
        doc.blocks.append(Note(tr.warning, "warn"))
    where = f" · sweep {rep.sweep.sweep_id} point {rep.sweep.name!r}" if rep.sweep else ""
    doc.blocks.append(Text(f"engine {h.engine} {h.engine_version or ''} · endpoint {h.endpoint} · run {h.run_id} "
                           f"({h.status}) · suite hash {h.suite_hash}{where}"))
    if tr is not None and tr.budget:
        doc.blocks.append(Text(" · ".join(tr.budget)))
    if h.kind == "bench" and rep.bench is not None:
        doc.blocks += bench_blocks(rep.bench)
        return doc
    doc.blocks.append(Note(f"{o.passed}/{o.total} passed ({pct(o.rate)}, 95% CI {ci(o.low, o.high)}) · errors {o.errors} "
                           f"· timeouts {o.timeouts} · run wall {h.run_wall_s} s (tests {h.tests_wall_s} s summed)",
                           "good" if o.total and o.passed == o.total else "info"))
    if tr is not None and tr.interval:
        doc.blocks.append(Text(tr.interval))
    doc.blocks += [Heading("Per capability"), _rate_table(rep.by_category, "category"), Heading("Difficulty gradient")]
    tiers = rep.by_tier
    if tiers:
        doc.blocks.append(Chart("pass rate by tier (Wilson 95% interval)",
                                bar_chart(list(tiers), [100 * (t.rate or 0) for t in tiers.values()],
                                          title="pass rate by tier", ylabel="pass rate (%)", ymax=100,
                                          errors=[(100 * t.low, 100 * t.high) for t in tiers.values()]),
                                _rate_table(tiers, "tier")))
    if tr is not None and tr.gradient:
        doc.blocks.append(Note(tr.gradient, "warn"))
    doc.blocks += _failure_blocks(rep)
    doc.blocks += [Heading("Slowest tests"),
                   Table(["test", "wall s", "status"], [[r.test_id, r.wall_s, r.status] for r in rep.slowest]),
                   Heading("Most token-hungry tests"),
                   Table(["test", "completion tokens", "status"],
                         [[r.test_id, r.completion_tokens, r.status] for r in rep.most_tokens]),
                   Heading("Speed per category"),
                   Text("Quality and speed per category: the pass rate beside the median TTFT, decode rate and wall "
                        "time, and the mean completion tokens."),
                   Table(["category", "pass rate", "median TTFT ms", "median decode tok/s", "median wall s",
                          "mean completion tokens"],
                         [[q.category, pct(q.rate), q.median_ttft_ms, q.median_decode_tok_s, q.median_wall_s,
                           q.mean_completion_tokens] for q in rep.quality_speed])]
    pa = rep.pass_at_1
    if pa is not None:
        doc.blocks += [Heading("Repeats"),
                       Text(f"pass@1 {pct(pa.mean)} (95% CI {ci(pa.low, pa.high)}) over {pa.tests} tests, "
                            f"up to {pa.max_repeats} repeats; {len(pa.unstable)} tests pass in some repeats only"),
                       Table(["test", "arm", "passed", "repeats"], [[c.test_id, c.arm, c.passed, c.n] for c in pa.counts],
                             row_class=["padded" if 0 < c.passed < c.n else "" for c in pa.counts])]
    if rep.arms is not None:
        a, b = rep.arms.a, rep.arms.b
        doc.blocks += [Heading(f"Thinking arms: {a} vs {b}"),
                       Table(["arm", "passed", "total", "completion tokens", "reasoning tokens", "answer tokens",
                              "cut off", "reasoning chars", "thinking ignored"],
                             [[arm, c.passed, c.total, c.completion_tokens, c.reasoning_tokens, c.answer_tokens, c.cut_off,
                               c.reasoning_chars, c.thinking_ignored] for arm, c in rep.arms.cost.items()]),
                       Text(f"pass {a} fail {b}: {', '.join(rep.arms.pass_a_fail_b) or 'none'}"),
                       Text(f"pass {b} fail {a}: {', '.join(rep.arms.pass_b_fail_a) or 'none'}")]
        if tr is not None and tr.effects:
            n = {k: sum(1 for e in tr.effects if e.effect == k) for k in ("helped", "hurt", "ran_out")}
            doc.blocks += [Text(f"What thinking did, per test: helped {n['helped']}, hurt {n['hurt']}, "
                                f"only ran out of budget {n['ran_out']}"),
                           Table(["test", "repeat", "thinking", "on-arm class", "on-arm reasoning tokens"],
                                 [[e.test_id, e.repeat, e.effect.replace("_", " "), e.on_class, e.on_reasoning_tokens]
                                  for e in tr.effects])]
    if rep.bench is not None:
        doc.blocks += bench_blocks(rep.bench)
    return doc


def _failure_blocks(rep: SuiteReport) -> list[Block]:
    out: list[Block] = [Heading("Failure modes")]
    if rep.failure_classes:
        out.append(Table(["failure class", "count"], [[k, v] for k, v in rep.failure_classes.items()]))
    else:
        out.append(Text("no failures"))
    if rep.flags:
        out.append(Text("Flags: " + ", ".join(f"{k} ×{v}" for k, v in rep.flags.items())))
    out.append(Heading("Coding failure modes", 3))
    out.append(Table(["test", "class", "detail"], [[c.test_id, c.failure_class, c.detail[:160]] for c in rep.coding_failures])
               if rep.coding_failures else Text("none"))
    mf = rep.math_failures
    out += [Heading("Math failures", 3),
            Text(f"format mismatch (right value, wrong format): {len(mf.format_mismatch)} "
                 f"({', '.join(mf.format_mismatch) or '-'}); wrong answer {len(mf.wrong_answer)} "
                 f"({', '.join(mf.wrong_answer) or '-'}); cut off by the token budget {len(mf.cut_off)} "
                 f"({', '.join(mf.cut_off) or '-'})")]
    return out
