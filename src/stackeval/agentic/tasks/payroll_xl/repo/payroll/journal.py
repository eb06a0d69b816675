"""The accounting journal of a pay run: the costs are debited to expense codes per cost centre, and what the
company owes (to staff, to the tax office, to the pension provider) is credited to liability codes. A
journal must balance before it is exported."""

from dataclasses import dataclass, field
from decimal import Decimal

from payroll.costcentres import allocate_costs, nominal
from payroll.errors import Unbalanced
from payroll.money import pennies

EXPENSES = ("gross", "employer_ni", "employer_pension", "benefits")
LIABILITIES = ("tax", "employee_ni", "student_loan", "pension", "attachments", "net")


@dataclass(frozen=True)
class Line:
    code: str
    centre: str
    debit: Decimal
    credit: Decimal
    memo: str = ""


@dataclass
class Journal:
    reference: str
    lines: list = field(default_factory=list)

    def debit(self, code, centre, amount, memo=""):
        if amount:
            self.lines.append(Line(code, centre, pennies(amount), Decimal("0.00"), memo))

    def credit(self, code, centre, amount, memo=""):
        if amount:
            self.lines.append(Line(code, centre, Decimal("0.00"), pennies(amount), memo))

    @property
    def debits(self):
        return sum((ln.debit for ln in self.lines), Decimal("0.00"))

    @property
    def credits(self):
        return sum((ln.credit for ln in self.lines), Decimal("0.00"))

    def check(self):
        if self.debits != self.credits:
            raise Unbalanced(self.debits, self.credits)
        return self

    def by_code(self):
        out = {}
        for ln in self.lines:
            d, c = out.get(ln.code, (Decimal(0), Decimal(0)))
            out[ln.code] = (d + ln.debit, c + ln.credit)
        return dict(sorted(out.items()))

    def csv(self):
        rows = ["code,centre,debit,credit,memo"]
        rows += [f"{ln.code},{ln.centre},{ln.debit},{ln.credit},{ln.memo}" for ln in self.lines]
        return "\n".join(rows) + "\n"


def costs_of(slip):
    """The expense side of one payslip: what the employee costs the company."""
    return {"gross": slip.gross, "employer_ni": slip.employer_ni, "employer_pension": slip.employer_pension,
            "benefits": getattr(slip, "benefits", Decimal(0))}


def owed_of(slip):
    """The liability side: where the gross pay (and the employer's costs) goes."""
    return {"tax": slip.tax, "employee_ni": slip.ni, "student_loan": getattr(slip, "student_loan", 0),
            "pension": slip.pension + slip.employer_pension, "attachments": getattr(slip, "attachments", 0),
            "net": slip.net, "employer_ni": slip.employer_ni, "benefits": getattr(slip, "benefits", 0)}


def post_slip(journal, employee, slip):
    """Debit the costs per cost centre; credit the liabilities to the company's general centre."""
    for (centre, name), amount in allocate_costs(employee, costs_of(slip)).items():
        journal.debit(nominal(name), centre, amount, f"{employee.id} {name}")
    owed = owed_of(slip)
    journal.credit(nominal("tax"), "GEN", owed["tax"] + owed["employee_ni"] + owed["employer_ni"]
                   + owed["student_loan"], f"{employee.id} HMRC")
    journal.credit(nominal("pension"), "GEN", owed["pension"], f"{employee.id} pension")
    journal.credit(nominal("attachments"), "GEN", owed["attachments"], f"{employee.id} orders")
    journal.credit(nominal("net"), "GEN", owed["net"], f"{employee.id} net pay")
    journal.credit(nominal("benefits"), "GEN", owed["benefits"], f"{employee.id} benefits")


def journal_of(reference, pairs):
    """The checked journal of (employee, payslip) pairs."""
    journal = Journal(reference)
    for employee, slip in pairs:
        post_slip(journal, employee, slip)
    return journal.check()


def reversal(journal, reference=None):
    """A journal that undoes ``journal`` (debits and credits swapped), for a pay run posted in error."""
    out = Journal(reference or f"REV {journal.reference}")
    for ln in journal.lines:
        out.lines.append(Line(ln.code, ln.centre, ln.credit, ln.debit, f"reversal: {ln.memo}"))
    return out.check()


def summarised(journal):
    """One line per (code, centre), debits and credits netted: what most ledgers want imported."""
    totals = {}
    for ln in journal.lines:
        key = (ln.code, ln.centre)
        totals[key] = totals.get(key, Decimal(0)) + ln.debit - ln.credit
    out = Journal(journal.reference)
    for (code, centre), amount in sorted(totals.items()):
        if amount > 0:
            out.debit(code, centre, amount, "summary")
        elif amount < 0:
            out.credit(code, centre, -amount, "summary")
    return out


def sage_csv(journal, date):
    """The journal in the column layout of a common accounting package's journal import."""
    rows = ["Type,Account Reference,Nominal A/C Ref,Department Code,Date,Reference,Details,Net Amount,Tax Code,Tax Amount"]
    for ln in journal.lines:
        kind = "JD" if ln.debit else "JC"
        amount = ln.debit or ln.credit
        rows.append(f"{kind},,{ln.code},{ln.centre},{date.strftime('%d/%m/%Y')},{journal.reference},{ln.memo},{amount},T9,0.00")
    return "\n".join(rows) + "\n"
