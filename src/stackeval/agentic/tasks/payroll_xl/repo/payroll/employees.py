"""Employee records."""

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from payroll.periods import periods_in_year


@dataclass(frozen=True)
class Employee:
    id: str
    name: str
    region: str  # tax region code as on the employee's tax notice, e.g. "ENG", "sct"
    frequency: str = "monthly"
    salary: Decimal | None = None  # annual, for salaried staff
    hourly_rate: Decimal | None = None  # for hourly staff
    pension_pct: Decimal = Decimal("5")
    employer_pension_pct: Decimal = Decimal("3")
    sort_code: str = "000000"
    account: str = "00000000"
    ni_category: str = "A"
    student_loan: str | None = None  # "PLAN1", "PLAN2", "PLAN4", "PLAN5"
    postgraduate_loan: bool = False
    tax_code: str = "1257L"
    days_per_week: Decimal = Decimal(5)
    start_date: dt.date | None = None
    birth_date: dt.date | None = None
    nino: str | None = None
    department: str = "GEN"
    cost_centres: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self):
        periods_in_year(self.frequency)
        if (self.salary is None) == (self.hourly_rate is None):
            raise ValueError(f"{self.id}: give exactly one of salary and hourly_rate")
        if not 0 < self.days_per_week <= 7:
            raise ValueError(f"{self.id}: days_per_week must be between 1 and 7")

    @property
    def hourly(self):
        return self.hourly_rate is not None

    @property
    def period_salary(self):
        """The salary of one pay period (unrounded), for salaried staff."""
        return Decimal(self.salary) / periods_in_year(self.frequency)


@dataclass(frozen=True)
class SalaryChange:
    """A change of annual salary (or hourly rate) from ``effective`` on."""

    employee: str
    effective: dt.date
    salary: Decimal | None = None
    hourly_rate: Decimal | None = None
    reason: str = ""


def salary_on(employee, changes, day):
    """The annual salary in force on ``day``: the latest change effective on or before it, else the record's."""
    current = employee.salary
    for change in sorted((c for c in changes if c.employee == employee.id), key=lambda c: c.effective):
        if change.effective <= day and change.salary is not None:
            current = change.salary
    return current


def rate_on(employee, changes, day):
    current = employee.hourly_rate
    for change in sorted((c for c in changes if c.employee == employee.id), key=lambda c: c.effective):
        if change.effective <= day and change.hourly_rate is not None:
            current = change.hourly_rate
    return current


def changes_in(changes, employee_id, first, last):
    """The changes of an employee effective inside ``first``..``last`` (a period that needs splitting)."""
    return sorted((c for c in changes if c.employee == employee_id and first < c.effective <= last),
                  key=lambda c: c.effective)


def with_changes(employee, **fields):
    """A copy of the record with some fields changed (records are frozen)."""
    values = {f: getattr(employee, f) for f in employee.__dataclass_fields__}
    values.update(fields)
    return Employee(**values)
