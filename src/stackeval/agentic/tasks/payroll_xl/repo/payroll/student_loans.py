"""Student and postgraduate loan deductions.

Each period the employer deducts the plan's rate of the pay above the period's threshold (the annual
threshold over the periods in a year). Deductions are whole pounds, rounded down: HMRC's rule, so that a
deduction of 0.99 is nothing. A postgraduate loan is deducted on top of a plan, on the same pay.
Not cumulative: every period stands on its own.
"""

from decimal import ROUND_DOWN, Decimal

from payroll.errors import ConfigError
from payroll.loan_tables import THRESHOLDS
from payroll.money import D, pennies
from payroll.periods import periods_in_year

PLANS = ("PLAN1", "PLAN2", "PLAN4", "PLAN5")
POSTGRADUATE = "PGL"


def _parse(text):
    out = {}
    for line in text.splitlines():
        plan, year, annual, _monthly, _weekly, rate = line.split("|")
        out[(plan, int(year))] = (Decimal(annual), Decimal(rate))
    return out


TABLE = _parse(THRESHOLDS)


def plan_key(plan):
    """``plan 2``, ``Plan2``, ``2`` are all ``PLAN2``; ``PGL`` and ``postgraduate`` are the postgraduate loan."""
    text = str(plan).strip().upper().replace(" ", "").replace("_", "")
    if text in ("PGL", "POSTGRADUATE", "PG"):
        return POSTGRADUATE
    if text.isdigit():
        text = f"PLAN{text}"
    if text not in PLANS:
        raise ConfigError(f"unknown student loan plan {plan!r}")
    return text


def terms(plan, year):
    """(annual threshold, rate) of a plan in a tax year."""
    key = plan_key(plan)
    try:
        return TABLE[(key, year)]
    except KeyError:
        raise ConfigError(f"no {key} threshold for {year}") from None


def whole_pounds(amount):
    return D(amount).quantize(Decimal(1), rounding=ROUND_DOWN)


def deduction(pay, plan, frequency, year):
    """What one period's pay repays under one plan (or the postgraduate loan), before rounding."""
    annual, rate = terms(plan, year)
    threshold = annual / periods_in_year(frequency)
    over = D(pay) - threshold
    if over <= 0:
        return Decimal(0)
    return over * rate


def _deducted(pay, plan, frequency, year):
    return pennies(deduction(pay, plan, frequency, year))


def deductions(pay, employee, year):
    """What is deducted from one period's pay: {"student_loan": pounds, "postgraduate_loan": pounds}."""
    out = {"student_loan": Decimal(0), "postgraduate_loan": Decimal(0)}
    if employee.student_loan:
        out["student_loan"] = _deducted(pay, employee.student_loan, employee.frequency, year)
    if employee.postgraduate_loan:
        out["postgraduate_loan"] = _deducted(pay, POSTGRADUATE, employee.frequency, year)
    return out


def annual_check(total_pay, plan, year):
    """What a whole year's pay would repay, for the year-end reconciliation with the Student Loans Company
    (which may differ from the sum of the period deductions: those are not cumulative)."""
    annual, rate = terms(plan, year)
    return whole_pounds(max(Decimal(0), D(total_pay) - annual) * rate)
