"""A payslip: gross pay, deductions, net pay."""

from dataclasses import dataclass
from decimal import Decimal

from payroll.money import D
from payroll.overtime import hourly_pay
from payroll.pension import pension
from payroll.periods import periods_in_year
from payroll.tax import period_tax
from payroll.timesheets import weekly_hours


@dataclass(frozen=True)
class Payslip:
    employee: str
    gross: Decimal
    basic_hours: Decimal
    overtime_hours: Decimal
    tax: Decimal
    pension: Decimal
    net: Decimal

    def lines(self):
        return [f"gross {self.gross}", f"tax {self.tax}", f"pension {self.pension}", f"net {self.net}"]


def payslip(employee, year, entries=()):
    """The payslip of one period: ``entries`` are the period's timesheet (hourly staff)."""
    if employee.hourly:
        gross, basic, over = hourly_pay(weekly_hours(entries), employee.hourly_rate)
    else:
        gross, basic, over = D(employee.salary) / periods_in_year(employee.frequency), Decimal(0), Decimal(0)
    gross = D(round(gross, 2))
    tax = period_tax(gross, employee, year)
    pen = pension(gross, employee)
    return Payslip(employee.id, gross, basic, over, tax, pen, gross - tax - pen)
