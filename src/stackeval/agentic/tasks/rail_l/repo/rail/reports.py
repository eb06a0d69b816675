"""The control room's end-of-day report: punctuality by route, the worst trains, cancellations and the
calls lost to disruption, as plain text."""

from rail.disruption import cancelled, lost_calls
from rail.formatting import minutes, table
from rail.performance import by_route, ppm, records, worst


def punctuality_lines(published, live):
    recs = records(published, live)
    rows = [(name, n, on_time, pct) for name, (n, on_time, pct) in by_route(recs).items()]
    rows.append(("all", len(recs), sum(r.on_time for r in recs), ppm(recs)))
    return table(("route", "trains", "on time", "PPM %"), rows)


def worst_lines(published, live, n=3):
    out = []
    for trip, late in worst(records(published, live), n):
        out.append(f"{trip}: {'cancelled' if late is None else minutes(late) + ' late'}")
    return out


def day_report(published, live, title="Daily performance"):
    lines = [title, "=" * len(title), ""]
    lines += punctuality_lines(published, live)
    lines += ["", "Worst:"] + ["  " + x for x in worst_lines(published, live)]
    gone = cancelled(published, live)
    lines += ["", f"Cancelled: {', '.join(gone) if gone else 'none'}"]
    lost = [f"{t} at {s}" for t, s in lost_calls(published, live) if t not in gone]
    lines += [f"Calls not made: {', '.join(lost) if lost else 'none'}"]
    return lines
