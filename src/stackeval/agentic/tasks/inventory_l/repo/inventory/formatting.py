"""Plain-text tables for the command line."""


def column_widths(rows, headers, widths=[]):
    """The width of each column: its longest cell or header.

    Pass the ``widths`` of an earlier table to widen them in place, so several tables line up.
    """
    for i, header in enumerate(headers):
        width = max([len(str(header)), *(len(str(row[i])) for row in rows)])
        if i < len(widths):
            widths[i] = max(widths[i], width)
        else:
            widths.append(width)
    return widths


def table(rows, headers, widths=None):
    widths = column_widths(rows, headers) if widths is None else column_widths(rows, headers, widths)

    def fmt(cells):
        return "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()

    return "\n".join([fmt(headers), fmt(["-" * w for w in widths]), *(fmt(r) for r in rows)])
