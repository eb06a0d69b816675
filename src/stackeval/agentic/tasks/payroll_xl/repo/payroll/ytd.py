"""Year-to-date figures per employee: what has been paid and deducted so far in the tax year. A pay run
adds each period's payslip; a starter brings the pay and tax of a previous job from their P45; the totals
go to the year-end P60 and to every Full Payment Submission."""

from dataclasses import dataclass, field, fields, replace
from decimal import Decimal

FIELDS = ("gross", "taxable", "tax", "ni", "employer_ni", "student_loan", "postgraduate_loan", "pension",
          "employer_pension", "ssp", "smp", "benefits", "net")


@dataclass(frozen=True)
class YearToDate:
    employee: str
    year: int
    period: int = 0
    gross: Decimal = Decimal(0)
    taxable: Decimal = Decimal(0)
    tax: Decimal = Decimal(0)
    ni: Decimal = Decimal(0)
    employer_ni: Decimal = Decimal(0)
    student_loan: Decimal = Decimal(0)
    postgraduate_loan: Decimal = Decimal(0)
    pension: Decimal = Decimal(0)
    employer_pension: Decimal = Decimal(0)
    ssp: Decimal = Decimal(0)
    smp: Decimal = Decimal(0)
    benefits: Decimal = Decimal(0)
    net: Decimal = Decimal(0)
    previous_pay: Decimal = Decimal(0)  # from a P45 of this tax year
    previous_tax: Decimal = Decimal(0)

    def add(self, slip, period, **extra):
        """These figures with one more period's payslip (and ``extra`` amounts by field name) added."""
        if period <= self.period:
            raise ValueError(f"{self.employee}: period {period} is not after period {self.period}")
        changes = {"period": period}
        for name in FIELDS:
            amount = getattr(slip, name, None)
            if name in extra:
                amount = (amount or Decimal(0)) + extra[name]
            if name == "taxable" and amount is None:
                amount = getattr(slip, "gross", Decimal(0)) - getattr(slip, "pension_relief", Decimal(0))
            if amount:
                changes[name] = getattr(self, name) + amount
        return replace(self, **changes)

    @property
    def pay_for_tax(self):
        """Pay to date as PAYE sees it: this job's taxable pay and the previous job's."""
        return self.taxable + self.previous_pay

    @property
    def tax_for_tax(self):
        return self.tax + self.previous_tax

    def as_dict(self):
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass
class Ledger:
    """Year-to-date figures of every employee for one tax year."""

    year: int
    entries: dict = field(default_factory=dict)

    def get(self, employee_id):
        return self.entries.get(employee_id) or YearToDate(employee_id, self.year)

    def record(self, employee_id, slip, period, **extra):
        self.entries[employee_id] = self.get(employee_id).add(slip, period, **extra)
        return self.entries[employee_id]

    def starter(self, employee_id, previous_pay, previous_tax):
        current = self.get(employee_id)
        self.entries[employee_id] = replace(current, previous_pay=Decimal(previous_pay),
                                            previous_tax=Decimal(previous_tax))

    def totals(self):
        out = {name: Decimal(0) for name in FIELDS}
        for ytd in self.entries.values():
            for name in FIELDS:
                out[name] += getattr(ytd, name)
        return out


@dataclass(frozen=True)
class Correction:
    """A correction of an earlier period in the same tax year: the differences are added to the year to date
    in the current period and reported on the next FPS (an earlier year needs an EYU instead)."""

    employee: str
    period: int
    field: str
    difference: Decimal
    reason: str = ""


def apply_corrections(ledger, corrections):
    """Add each correction's difference to the employee's year to date. Returns the fields touched."""
    touched = []
    for c in corrections:
        if c.field not in FIELDS:
            raise ValueError(f"cannot correct {c.field!r}")
        current = ledger.get(c.employee)
        ledger.entries[c.employee] = replace(current, **{c.field: getattr(current, c.field) + c.difference})
        touched.append((c.employee, c.field))
    return touched


def earlier_year_update(previous, corrected):
    """The differences an EYU reports for a closed tax year: {field: corrected - previous}, non-zero only."""
    out = {}
    for name in FIELDS:
        diff = getattr(corrected, name) - getattr(previous, name)
        if diff:
            out[name] = diff
    return out


def from_p45(employee_id, year, p45):
    """A year to date that starts with a P45's figures of the same tax year."""
    return YearToDate(employee_id, year, previous_pay=Decimal(p45.pay_to_date),
                      previous_tax=Decimal(p45.tax_to_date))


def period_totals(ledger, ids=None):
    """Totals of the fields for some employees (all when ``ids`` is None)."""
    out = {name: Decimal(0) for name in FIELDS}
    for emp, ytd in ledger.entries.items():
        if ids is not None and emp not in ids:
            continue
        for name in FIELDS:
            out[name] += getattr(ytd, name)
    return out
