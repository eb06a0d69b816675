"""A pay run: every employee's payslip for one period, the year-to-date figures, the bank file, the journal
and the summary. Problems with one employee (a bad record, a breach of the minimum wage) are collected and
do not stop the others."""

from dataclasses import dataclass, field
from decimal import Decimal

from payroll import bankfile, schedule, validation
from payroll.errors import PayrollError
from payroll.journal import journal_of
from payroll.payslip import payslip
from payroll.reports import summary
from payroll.ytd import Ledger


@dataclass
class RunResult:
    year: int
    period: int
    frequency: str
    slips: dict = field(default_factory=dict)  # employee id -> Payslip
    problems: dict = field(default_factory=dict)  # employee id -> [messages]
    bank_file: str = ""
    journal: object = None
    totals: dict = field(default_factory=dict)

    @property
    def ok(self):
        return not self.problems


def pay_run(employees, year, period, frequency, timesheets=None, ledger=None, nation="ENG", reference=None):
    """Run the payroll for ``period`` of tax year ``year`` for the employees paid ``frequency``.
    ``timesheets``: employee id -> timesheet entries (hourly staff)."""
    timesheets = timesheets or {}
    ledger = ledger if ledger is not None else Ledger(year)
    result = RunResult(year, period, frequency)
    pairs = []
    for employee in employees:
        if employee.frequency != frequency:
            continue
        problems = validation.check_employee(employee)
        if problems:
            result.problems[employee.id] = problems
            continue
        try:
            slip = payslip(employee, year, timesheets.get(employee.id, ()))
        except PayrollError as exc:
            result.problems[employee.id] = [str(exc)]
            continue
        result.slips[employee.id] = slip
        ledger.record(employee.id, slip, period)
        pairs.append((employee, slip))
    pay_dates = {pd.period: pd for pd in schedule.calendar(year, frequency, nation)}
    pay_day = pay_dates[period].pay_day if period in pay_dates else None
    ref = reference or f"{year}-{'M' if frequency == 'monthly' else 'W'}{period:02d}"
    result.bank_file = bankfile.write([(e, s.net, f"PAY {ref}") for e, s in pairs]) if pairs else ""
    result.journal = journal_of(ref, pairs) if pairs else None
    result.totals = summary([s for _, s in pairs])
    result.totals["pay_day"] = pay_day
    return result


def net_total(result):
    return sum((s.net for s in result.slips.values()), Decimal(0))
