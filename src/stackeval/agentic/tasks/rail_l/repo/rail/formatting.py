"""Plain-text tables for the command line and the reports: columns padded to their widest cell,
numbers right-aligned, text left-aligned."""


def _is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def cell(x):
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.1f}"
    return str(x)


def table(header, rows, gap=2):
    """The lines of a table: the header, a rule, then the rows."""
    texts = [[cell(x) for x in row] for row in rows]
    widths = [len(h) for h in header]
    for row in texts:
        if len(row) != len(header):
            raise ValueError(f"a row of {len(row)} cells under {len(header)} columns")
        widths = [max(w, len(c)) for w, c in zip(widths, row)]
    numeric = [bool(rows) and all(_is_number(r[i]) or r[i] is None for r in rows) for i in range(len(header))]
    sep = " " * gap

    def line(cells):
        parts = [c.rjust(w) if num else c.ljust(w) for c, w, num in zip(cells, widths, numeric)]
        return sep.join(parts).rstrip()

    return [line(list(header)), sep.join("-" * w for w in widths), *(line(r) for r in texts)]


def money(cents):
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def minutes(n):
    """``n`` minutes as ``1h05`` (or ``45 min`` under an hour)."""
    if n is None:
        return "-"
    return f"{n} min" if n < 60 else f"{n // 60}h{n % 60:02d}"
