from decimal import Decimal

from payroll.payslip import payslip
from payroll.reports import cost_centre_report, summary
from staff import ALICE, FRAN, GUS


def test_cost_centre_journal_balances():
    pairs = [(e, payslip(e, 2025)) for e in (ALICE, FRAN, GUS)]
    lines, journal = cost_centre_report("2025-M01", pairs)
    assert journal.debits == journal.credits
    costs = sum(s.gross + s.employer_ni + s.employer_pension for _, s in pairs)
    assert lines[-1].split()[-1] == f"{costs:.2f}"


def test_summary_counts_heads():
    slips = [payslip(ALICE, 2024), payslip(ALICE, 2024)]
    totals = summary(slips)
    assert totals["headcount"] == 2 and totals["gross"] == Decimal("6000.00")
