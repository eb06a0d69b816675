"""Leavers: the final pay of someone who leaves, and the figures for their P45.

The final period's salary is pro rata to the leaving day; holiday accrued in the leave year and not taken
is paid with it (and taxed, NI'd and counted for student loans like any pay); the deductions of the final
period are worked out on the whole final pay.
"""

from dataclasses import dataclass
from decimal import Decimal

from payroll import dates, holiday, holiday_pay, prorata
from payroll.ni import contributions
from payroll.pension import pension
from payroll.student_loans import deductions
from payroll.tax import period_tax


@dataclass(frozen=True)
class FinalPay:
    employee: str
    year: int
    period: int
    salary: Decimal
    holiday_days: Decimal
    holiday_pay: Decimal
    gross: Decimal
    tax: Decimal
    ni: Decimal
    student_loan: Decimal
    pension: Decimal
    net: Decimal


def untaken_holiday(employee, leaving, taken, leave_year_start=(1, 1)):
    """Days accrued in the leave year up to ``leaving`` less the days ``taken``."""
    first, last = holiday.leave_year(leaving, *leave_year_start)
    start = employee.start_date or first
    accrued = holiday.accrued(employee.days_per_week, start, leaving, first, last)
    return holiday.balance(accrued, taken)


def final_pay(employee, leaving, taken=Decimal(0), leave_year_start=(1, 1)):
    """The final pay of a salaried employee leaving on ``leaving``."""
    year, number = dates.period_of(leaving, employee.frequency)
    salary = prorata.period_salary(employee, year, number, leave=leaving)
    days = untaken_holiday(employee, leaving, taken, leave_year_start)
    extra = holiday_pay.payout(employee, days)
    gross = salary + extra
    tax = period_tax(gross, employee, year)
    ni, _employer = contributions(gross, employee.ni_category, year, employee.frequency)
    loans = deductions(gross, employee, year)
    loan = loans["student_loan"] + loans["postgraduate_loan"]
    pen = pension(gross, employee)
    return FinalPay(employee.id, year, number, salary, days, extra, gross, tax, ni, loan, pen,
                    gross - tax - ni - loan - pen)


def p45_figures(employee, leaving, pay_to_date, tax_to_date):
    """The figures part 1A of a P45 carries."""
    year, number = dates.period_of(leaving, employee.frequency)
    return {
        "leaving_date": leaving.isoformat(),
        "tax_code": employee.tax_code,
        "week1_month1": employee.tax_code.upper().endswith(("W1", "M1", "X")),
        "period": f"{'Month' if employee.frequency == 'monthly' else 'Week'} {number}",
        "tax_year": f"{year}-{(year + 1) % 100:02d}",
        "pay_to_date": pay_to_date,
        "tax_to_date": tax_to_date,
        "student_loan": bool(employee.student_loan),
    }


def p45_parts(employee, leaving, pay_to_date, tax_to_date, employer_ref, employer_name):
    """The four parts of a P45: part 1 goes to HMRC (now through the FPS), 1A to the employee, 2 and 3 to
    the new employer."""
    figures = p45_figures(employee, leaving, pay_to_date, tax_to_date)
    common = {"employer_ref": employer_ref, "employee": employee.name, "nino": employee.nino or "",
              "leaving_date": figures["leaving_date"], "tax_code": figures["tax_code"],
              "week1_month1": figures["week1_month1"], "period": figures["period"]}
    part_1a = {**common, "pay_to_date": figures["pay_to_date"], "tax_to_date": figures["tax_to_date"],
               "student_loan": figures["student_loan"], "employer": employer_name}
    part_2 = {**common, "pay_to_date": figures["pay_to_date"], "tax_to_date": figures["tax_to_date"]}
    part_3 = {**part_2, "new_employer": None, "new_start_date": None}
    return {"1A": part_1a, "2": part_2, "3": part_3}


def after_leaving_payment(employee, amount, year):
    """A payment made after the P45 was issued (a late bonus): taxed at 0T on the non-cumulative basis, NI as
    the period it is paid in. Returns (tax, code used)."""
    from payroll.cumulative import period_tax_on_basis
    from payroll.taxcodes import parse

    code = parse(("S" if employee.region.strip().upper() == "SCT" else "") + "0T M1")
    return period_tax_on_basis(amount, code, employee.region, year, employee.frequency), code.text
