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


def words(amount):
    """An amount in words for a cheque: ``One hundred and twenty pounds and 50p``."""
    units = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
             "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    def below_thousand(n):
        parts = []
        if n >= 100:
            parts.append(f"{units[n // 100]} hundred")
            n %= 100
            if n:
                parts.append("and")
        if n >= 20:
            parts.append(tens[n // 10] + (f"-{units[n % 10]}" if n % 10 else ""))
        elif n:
            parts.append(units[n])
        return " ".join(parts)

    value = pennies(amount)
    pounds, pence = int(value), int((value - int(value)) * 100)
    if pounds == 0:
        text = "zero"
    else:
        groups = []
        for size, name in ((1_000_000, "million"), (1000, "thousand"), (1, "")):
            if pounds >= size:
                groups.append((below_thousand(pounds // size) + (f" {name}" if name else "")).strip())
                pounds %= size
        text = " ".join(groups)
    text = text[0].upper() + text[1:] + " pounds"
    return f"{text} and {pence:02d}p" if pence else text
