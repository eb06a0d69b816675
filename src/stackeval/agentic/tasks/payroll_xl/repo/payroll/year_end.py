"""Year end: the P60 of every employee still employed on 5 April, the final submission of the year, and
the reconciliation of the year's payments to HMRC against the deductions on the payslips."""

from dataclasses import dataclass
from decimal import Decimal

from payroll import formats
from payroll.money import D


@dataclass(frozen=True)
class P60:
    employee: str
    name: str
    nino: str | None
    tax_year: str
    tax_code: str
    pay_previous: Decimal
    tax_previous: Decimal
    pay_this_employment: Decimal
    tax_this_employment: Decimal
    ni_by_band: dict
    student_loan: Decimal
    postgraduate_loan: Decimal
    smp: Decimal

    @property
    def total_pay(self):
        return self.pay_previous + self.pay_this_employment

    @property
    def total_tax(self):
        return self.tax_previous + self.tax_this_employment

    def lines(self):
        return [
            f"P60 End of Year Certificate, tax year {self.tax_year}",
            f"Employee: {self.name} ({self.nino or 'no NI number'})",
            f"Final tax code: {self.tax_code}",
            f"Pay in previous employments: {formats.money(self.pay_previous)}",
            f"Tax in previous employments: {formats.money(self.tax_previous)}",
            f"Pay in this employment: {formats.money(self.pay_this_employment)}",
            f"Tax in this employment: {formats.money(self.tax_this_employment)}",
            f"Total pay for the year: {formats.money(self.total_pay)}",
            f"Total tax for the year: {formats.money(self.total_tax)}",
            f"Student loan deductions: {formats.money(self.student_loan)}",
            f"Postgraduate loan deductions: {formats.money(self.postgraduate_loan)}",
        ]


def p60(employee, ytd):
    year = ytd.year
    return P60(
        employee=employee.id,
        name=employee.name,
        nino=employee.nino,
        tax_year=f"{year}-{(year + 1) % 100:02d}",
        tax_code=employee.tax_code,
        pay_previous=ytd.previous_pay,
        tax_previous=ytd.previous_tax,
        pay_this_employment=ytd.taxable,
        tax_this_employment=ytd.tax,
        ni_by_band={"employee": ytd.ni, "employer": ytd.employer_ni},
        student_loan=ytd.student_loan,
        postgraduate_loan=ytd.postgraduate_loan,
        smp=ytd.smp,
    )


def reconcile(ledger, payments_to_hmrc):
    """Compare what the payslips deducted (tax, NI both sides, loans) with what was paid to HMRC.
    Returns (due, paid, difference)."""
    totals = ledger.totals()
    due = (totals["tax"] + totals["ni"] + totals["employer_ni"] + totals["student_loan"]
           + totals["postgraduate_loan"])
    paid = sum((D(p) for p in payments_to_hmrc), Decimal(0))
    return due, paid, due - paid


def still_employed(employees, leavers):
    """The employees who get a P60: everyone not in ``leavers`` (ids)."""
    gone = set(leavers)
    return [e for e in employees if e.id not in gone]


def eyu_needed(filed, corrected):
    """Whether a closed year's figures differ (then an Earlier Year Update is due): {field: difference}."""
    out = {}
    for name in ("gross", "taxable", "tax", "ni", "employer_ni", "student_loan", "postgraduate_loan"):
        diff = getattr(corrected, name) - getattr(filed, name)
        if diff:
            out[name] = diff
    return out


def p60_text(cert):
    width = max(len(line) for line in cert.lines())
    return "\n".join(["+" + "-" * (width + 2) + "+"] + [f"| {line:<{width}} |" for line in cert.lines()]
                     + ["+" + "-" * (width + 2) + "+"]) + "\n"


def deadline(year):
    """The date by which employees must have their P60 (31 May after the tax year)."""
    import datetime as dt

    return dt.date(year + 1, 5, 31)
