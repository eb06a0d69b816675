"""New starters: the tax code to use from the starter checklist (or the P45), and the pro-rata first pay.

Starter checklist statements:

- A: this is my first job since 6 April and I have had no taxable benefits or pensions: the emergency code
  on the cumulative basis;
- B: this is now my only job, but I had another since 6 April: the emergency code, non-cumulative (M1);
- C: I have another job or a pension: BR, non-cumulative.

With a P45 from this tax year, its code is used (cumulative unless the P45 says week 1 / month 1) and its pay
and tax to date go into the year to date. A P45 from an earlier tax year counts as no P45.
"""

from dataclasses import dataclass
from decimal import Decimal

from payroll import dates, taxcodes
from payroll.errors import PayrollError


@dataclass(frozen=True)
class P45:
    tax_code: str
    leaving_date: object
    pay_to_date: Decimal
    tax_to_date: Decimal
    week1_month1: bool = False
    student_loan: bool = False
    postgraduate_loan: bool = False


@dataclass(frozen=True)
class Checklist:
    statement: str  # "A", "B" or "C"
    student_loan_plan: str | None = None
    postgraduate_loan: bool = False


def code_for_starter(start_date, nation, p45=None, checklist=None):
    """(tax code text, previous pay, previous tax) for someone starting on ``start_date``."""
    year = dates.tax_year_of(start_date)
    if p45 is not None and dates.tax_year_of(p45.leaving_date) == year:
        code = p45.tax_code
        if p45.week1_month1 and not taxcodes.parse(code).cumulative is False:
            code = f"{code} M1"
        return code, Decimal(p45.pay_to_date), Decimal(p45.tax_to_date)
    if checklist is None:
        raise PayrollError("a starter without a P45 of this tax year needs a starter checklist")
    prefix = {"SCT": "S", "WLS": "C"}.get(nation, "")
    statement = checklist.statement.strip().upper()
    if statement == "A":
        return f"{prefix}{taxcodes.EMERGENCY}", Decimal(0), Decimal(0)
    if statement == "B":
        return f"{prefix}{taxcodes.EMERGENCY} M1", Decimal(0), Decimal(0)
    if statement == "C":
        return f"{prefix}BR M1", Decimal(0), Decimal(0)
    raise PayrollError(f"unknown starter statement {checklist.statement!r}")


def loans_for_starter(p45=None, checklist=None):
    """(student loan plan or None, postgraduate loan) to deduct from the first pay."""
    if checklist is not None:
        return checklist.student_loan_plan, checklist.postgraduate_loan
    if p45 is not None:
        return ("PLAN1" if p45.student_loan else None), p45.postgraduate_loan
    return None, False


def first_period(start_date, frequency):
    """(tax year, period) of a starter's first pay."""
    return dates.period_of(start_date, frequency)


def new_starter_fields(employee, checklist=None, p45=None):
    """What the first FPS needs about a starter; the missing items are listed so the run can ask for them."""
    missing = []
    if not employee.nino:
        missing.append("NI number (the FPS can go without it; HMRC will trace the employee)")
    if employee.birth_date is None:
        missing.append("date of birth")
    if checklist is None and p45 is None:
        missing.append("starter checklist or P45")
    return missing


def previous_employment_in_year(p45, start_date):
    """A P45 counts only when the previous job ended in the same tax year."""
    return p45 is not None and dates.tax_year_of(p45.leaving_date) == dates.tax_year_of(start_date)


def reassess_after(start_date, frequency):
    """A starter on an emergency code should get a notice from HMRC within a few periods; flag the code
    for review after the third period."""
    year, period = dates.period_of(start_date, frequency)
    return year, period + 3
