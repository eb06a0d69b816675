"""A payslip: gross pay, deductions, net pay, and what the employer pays on top."""

from dataclasses import dataclass
from decimal import Decimal

from payroll.money import D
from payroll.ni import contributions
from payroll.overtime import hourly_pay
from payroll.pension import employer_pension, pension
from payroll.periods import periods_in_year
from payroll.student_loans import deductions
from payroll.tax import period_tax
from payroll.timesheets import weekly_hours


@dataclass(frozen=True)
class Payslip:
    employee: str
    gross: Decimal
    basic_hours: Decimal
    overtime_hours: Decimal
    tax: Decimal
    ni: Decimal
    student_loan: Decimal
    pension: Decimal
    net: Decimal
    employer_ni: Decimal = Decimal(0)
    employer_pension: Decimal = Decimal(0)

    def lines(self):
        out = [f"gross {self.gross}", f"tax {self.tax}", f"ni {self.ni}"]
        if self.student_loan:
            out.append(f"student loan {self.student_loan}")
        return out + [f"pension {self.pension}", f"net {self.net}"]


def payslip(employee, year, entries=()):
    """The payslip of one period: ``entries`` are the period's timesheet (hourly staff)."""
    if employee.hourly:
        gross, basic, over = hourly_pay(weekly_hours(entries), employee.hourly_rate)
    else:
        gross, basic, over = D(employee.salary) / periods_in_year(employee.frequency), Decimal(0), Decimal(0)
    gross = D(round(gross, 2))
    tax = period_tax(gross, employee, year)
    ni, er_ni = contributions(gross, employee.ni_category, year, employee.frequency)
    loans = deductions(gross, employee, year)
    loan = loans["student_loan"] + loans["postgraduate_loan"]
    pen = pension(gross, employee)
    return Payslip(employee.id, gross, basic, over, tax, ni, loan, pen, gross - tax - ni - loan - pen,
                   er_ni, employer_pension(gross, employee))
