"""How amounts, dates and names are written on payslips, reports and exports."""

from decimal import Decimal

from payroll.money import pennies


def money(amount, symbol="£"):
    """``£1,234.50``; a negative amount is ``-£12.00``."""
    value = pennies(amount)
    sign = "-" if value < 0 else ""
    return f"{sign}{symbol}{abs(value):,.2f}"


def plain(amount):
    """``1234.50``: the form exports use."""
    return f"{pennies(amount):.2f}"


def hours(value):
    """Hours to two places without trailing zeros: ``37.5``, ``40``, ``7.25``."""
    text = f"{Decimal(value):.2f}".rstrip("0").rstrip(".")
    return text or "0"


def date(day):
    """``06/04/2025``: the form on payslips."""
    return day.strftime("%d/%m/%Y")


def iso(day):
    return day.isoformat()


def surname_first(name):
    """``Brown, Alice`` from ``Alice Brown``; a single name is kept."""
    parts = name.split()
    if len(parts) < 2:
        return name
    return f"{parts[-1]}, {' '.join(parts[:-1])}"


def initials(name):
    return "".join(p[0].upper() for p in name.replace("-", " ").split() if p)


def column(text, width, align="<"):
    """``text`` cut or padded to ``width`` characters."""
    text = str(text)[:width]
    return f"{text:{align}{width}}"


def table(rows, widths, aligns=None):
    """Lines of fixed-width columns."""
    aligns = aligns or ["<"] * len(widths)
    return [" ".join(column(v, w, a) for v, w, a in zip(row, widths, aligns)) for row in rows]


def percent(value):
    return f"{Decimal(value):.2f}".rstrip("0").rstrip(".") + "%"
