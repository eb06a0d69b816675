"""Reports of a pay run: the payroll summary, cost per centre, the journal, and the payments list."""

from decimal import Decimal

from payroll import formats
from payroll.costcentres import allocate_costs, totals_by_centre
from payroll.journal import costs_of, journal_of

SUMMARY_FIELDS = ("gross", "tax", "ni", "student_loan", "pension", "net", "employer_ni", "employer_pension")


def summary(slips):
    """Totals of every payslip field over the run."""
    out = {f: Decimal("0.00") for f in SUMMARY_FIELDS}
    for slip in slips:
        for f in SUMMARY_FIELDS:
            out[f] += getattr(slip, f, Decimal(0)) or Decimal(0)
    out["headcount"] = len(slips)
    return out


def summary_lines(slips, title="Payroll summary"):
    totals = summary(slips)
    lines = [title, "=" * len(title)]
    for f in SUMMARY_FIELDS:
        lines.append(f"{f.replace('_', ' '):<18}{formats.money(totals[f]):>14}")
    lines.append(f"{'headcount':<18}{totals['headcount']:>14}")
    return lines


def cost_by_centre(pairs):
    """{centre: what the run costs it}: gross pay, employer NI and pension and benefits, split by each
    employee's cost centres."""
    return totals_by_centre(allocate_costs(e, costs_of(s)) for e, s in pairs)


def cost_centre_report(reference, pairs):
    """The cost per centre and the run's journal (checked: a journal that does not balance is an error).
    Returns (lines, journal)."""
    journal = journal_of(reference, pairs)
    costs = cost_by_centre(pairs)
    lines = [f"Cost by centre: {reference}"]
    lines += formats.table([(c, formats.plain(v)) for c, v in costs.items()], (8, 12), ("<", ">"))
    lines.append(formats.table([("total", formats.plain(sum(costs.values())))], (8, 12), ("<", ">"))[0])
    return lines, journal


def payments_list(pairs):
    """(name, sort code, account, net) per employee, by surname."""
    rows = [(formats.surname_first(e.name), e.sort_code, e.account, s.net) for e, s in pairs]
    return sorted(rows)


def variance(previous, current, threshold=Decimal("10")):
    """Employees whose net pay moved by more than ``threshold`` percent since the previous run (both
    ``{employee id: net}``), with the change in percent; new and gone employees are listed as such."""
    out = []
    for emp in sorted(set(previous) | set(current)):
        if emp not in previous:
            out.append((emp, "new", None))
        elif emp not in current:
            out.append((emp, "gone", None))
        elif previous[emp]:
            change = (current[emp] - previous[emp]) / previous[emp] * 100
            if abs(change) > threshold:
                out.append((emp, "changed", change.quantize(Decimal("0.1"))))
    return out


def by_department(pairs):
    """{department: (headcount, gross, net)}."""
    out = {}
    for employee, slip in pairs:
        count, gross, net = out.get(employee.department, (0, Decimal(0), Decimal(0)))
        out[employee.department] = (count + 1, gross + slip.gross, net + slip.net)
    return dict(sorted(out.items()))


def starters_and_leavers(previous_ids, current_ids):
    """(starters, leavers) between two runs, by employee id."""
    previous, current = set(previous_ids), set(current_ids)
    return sorted(current - previous), sorted(previous - current)


def full_time_equivalent(employees, full_week_days=Decimal(5)):
    """FTE headcount from each employee's working days."""
    return sum((Decimal(e.days_per_week) / full_week_days for e in employees), Decimal(0)).quantize(
        Decimal("0.01"))


def deductions_report(slips):
    """Lines of the deductions the employer pays over, by recipient."""
    totals = summary(slips)
    hmrc = totals["tax"] + totals["ni"] + totals["employer_ni"] + totals["student_loan"]
    pension = totals["pension"] + totals["employer_pension"]
    return [f"HMRC (PAYE, NI, student loans)  {formats.money(hmrc):>14}",
            f"Pension provider                {formats.money(pension):>14}",
            f"Staff (net pay)                 {formats.money(totals['net']):>14}"]
