"""Payslips as the employee sees them: a fixed-width text payslip (for the print run) and a small HTML one
(for the self-service portal). Both show this period's figures and the year to date."""

from decimal import Decimal
from html import escape

from payroll import formats

WIDTH = 64


def _row(label, amount, ytd=None):
    left = f"{label:<30}{formats.plain(amount):>14}"
    if ytd is not None:
        left += f"{formats.plain(ytd):>16}"
    return left


def _payments(slip):
    rows = [("Basic pay" if not slip.overtime_hours else "Basic hours", slip.gross)]
    return rows


def _deductions(slip):
    rows = [("Income tax", slip.tax), ("National Insurance", slip.ni)]
    if slip.student_loan:
        rows.append(("Student loan", slip.student_loan))
    if slip.pension:
        rows.append(("Pension", slip.pension))
    for name in ("attachments", "sacrifice"):
        amount = getattr(slip, name, None)
        if amount:
            rows.append((name.capitalize(), amount))
    return rows


def text(employee, slip, pay_day, period, ytd=None, employer="ACME PAYROLL LTD"):
    """The printed payslip, ``WIDTH`` characters wide."""
    lines = [
        employer.center(WIDTH),
        "-" * WIDTH,
        f"{employee.name:<32}{'Employee ' + employee.id:>32}",
        f"{'Tax code ' + employee.tax_code:<32}{'NI category ' + employee.ni_category:>32}",
        f"{'Pay date ' + formats.date(pay_day):<32}{'Period ' + str(period):>32}",
        "-" * WIDTH,
        f"{'Payments':<30}{'This period':>14}{'Year to date':>16}" if ytd else "Payments",
    ]
    for label, amount in _payments(slip):
        lines.append(_row(label, amount, ytd.gross if ytd else None))
    if slip.overtime_hours:
        lines.append(f"  {formats.hours(slip.basic_hours)} basic + {formats.hours(slip.overtime_hours)} overtime hours")
    lines.append("Deductions")
    ytd_of = {"Income tax": "tax", "National Insurance": "ni", "Student loan": "student_loan",
              "Pension": "pension"}
    for label, amount in _deductions(slip):
        lines.append(_row(label, amount, getattr(ytd, ytd_of.get(label, ""), None) if ytd else None))
    lines += ["-" * WIDTH, _row("NET PAY", slip.net, ytd.net if ytd else None), "-" * WIDTH]
    lines.append(f"Employer pension {formats.plain(slip.employer_pension)}   "
                 f"Employer NI {formats.plain(slip.employer_ni)}")
    return "\n".join(lines) + "\n"


def html(employee, slip, pay_day, period):
    """The portal payslip: a definition list and a table."""
    rows = "".join(f"<tr><td>{escape(label)}</td><td class=\"amount\">{formats.plain(amount)}</td></tr>"
                   for label, amount in _payments(slip) + [("", Decimal(0))][:0] + _deductions(slip))
    return (f"<article class=\"payslip\"><h1>{escape(employee.name)}</h1>"
            f"<dl><dt>Pay date</dt><dd>{formats.date(pay_day)}</dd><dt>Period</dt><dd>{period}</dd>"
            f"<dt>Tax code</dt><dd>{escape(employee.tax_code)}</dd></dl>"
            f"<table>{rows}<tr class=\"net\"><td>Net pay</td><td class=\"amount\">{formats.plain(slip.net)}"
            f"</td></tr></table></article>")


def totals_line(slips):
    gross = sum((s.gross for s in slips), Decimal(0))
    net = sum((s.net for s in slips), Decimal(0))
    return f"{len(slips)} payslips, gross {formats.money(gross)}, net {formats.money(net)}"


def batch_text(items, employer="ACME PAYROLL LTD"):
    """Every payslip of a run, separated by form feeds for the printer. ``items``: (employee, slip, pay day,
    period, ytd or None)."""
    return "\f".join(text(e, s, d, p, y, employer) for e, s, d, p, y in items)


def email_subject(employee, pay_day):
    return f"Your payslip for {formats.date(pay_day)}"


def masked_account(account):
    """``****6819``: the account number as a payslip may show it."""
    account = str(account)
    return "*" * max(0, len(account) - 4) + account[-4:]
