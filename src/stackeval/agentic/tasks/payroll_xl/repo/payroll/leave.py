"""Absence records: holiday booked and taken, sickness, family leave, unpaid leave. The payroll reads them
to pay holiday, SSP and the family payments, and to take unpaid days out of a salary."""

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from payroll import dates
from payroll.money import D, pennies

KINDS = ("holiday", "sick", "maternity", "paternity", "adoption", "shared_parental", "unpaid", "bereavement")


@dataclass(frozen=True)
class Absence:
    employee: str
    kind: str
    first: dt.date
    last: dt.date
    half_day_first: bool = False
    half_day_last: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown absence kind {self.kind!r}")
        if self.last < self.first:
            raise ValueError("an absence cannot end before it starts")

    def days(self, pattern=dates.WORKING_WEEK, holidays=()):
        """Working days of the absence (halves counted), bank holidays excluded."""
        n = Decimal(dates.working_days(self.first, self.last, pattern, holidays))
        if self.half_day_first and self.first.weekday() in pattern:
            n -= Decimal("0.5")
        if self.half_day_last and self.last.weekday() in pattern and self.last != self.first:
            n -= Decimal("0.5")
        return n

    def calendar_days(self):
        return list(dates.each_day(self.first, self.last))


@dataclass
class Register:
    absences: list = field(default_factory=list)

    def add(self, absence):
        for other in self.of(absence.employee):
            if dates.overlap(other.first, other.last, absence.first, absence.last):
                raise ValueError(f"{absence.employee}: absence overlaps one from {other.first}")
        self.absences.append(absence)
        return absence

    def of(self, employee, kind=None):
        return [a for a in self.absences if a.employee == employee and (kind is None or a.kind == kind)]

    def between(self, employee, first, last, kind=None):
        """The absences of an employee overlapping ``first``..``last``, clipped to it."""
        out = []
        for a in self.of(employee, kind):
            span = dates.overlap(a.first, a.last, first, last)
            if span:
                out.append(Absence(a.employee, a.kind, span[0], span[1],
                                   a.half_day_first and span[0] == a.first,
                                   a.half_day_last and span[1] == a.last))
        return out

    def holiday_taken(self, employee, leave_year_first, leave_year_last, pattern=dates.WORKING_WEEK,
                      holidays=()):
        return sum((a.days(pattern, holidays) for a in self.between(employee, leave_year_first,
                                                                     leave_year_last, "holiday")), Decimal(0))

    def sick_days(self, employee, first, last):
        return [d for a in self.between(employee, first, last, "sick") for d in a.calendar_days()]


def unpaid_deduction(employee, register, first, last, pattern=dates.WORKING_WEEK):
    """What unpaid leave in a period takes off a salaried employee's pay: a working day's pay per day."""
    days = sum((a.days(pattern) for a in register.between(employee.id, first, last, "unpaid")), Decimal(0))
    if not days:
        return Decimal("0.00")
    day_pay = D(employee.salary) / (52 * D(employee.days_per_week))
    return pennies(day_pay * days)


def absence_report(register, employees, first, last):
    """Per employee and kind, the working days absent between ``first`` and ``last``:
    {employee id: {kind: days}}."""
    out = {}
    for employee in employees:
        kinds = {}
        for absence in register.between(employee.id, first, last):
            kinds[absence.kind] = kinds.get(absence.kind, Decimal(0)) + absence.days()
        if kinds:
            out[employee.id] = dict(sorted(kinds.items()))
    return out


def bradford_factor(register, employee_id, first, last):
    """Spells of sickness squared times days of sickness (an absence measure some employers use)."""
    spells = register.between(employee_id, first, last, "sick")
    days = sum((a.days() for a in spells), Decimal(0))
    return len(spells) ** 2 * days


def return_to_work_due(register, employee_id, today):
    """Sick absences that ended before ``today`` (a return-to-work interview is due for each)."""
    return [a for a in register.of(employee_id, "sick") if a.last < today]
