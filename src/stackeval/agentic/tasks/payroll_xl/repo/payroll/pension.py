"""Workplace pension: a percentage of qualifying earnings, the part of a period's pay between the lower
and the upper limit (annual limits, spread over the pay periods). The employee pays ``pension_pct`` of
them and the employer ``employer_pension_pct`` (at least 3 %)."""

from decimal import Decimal

from payroll.money import D, pennies

LOWER_LIMIT = Decimal("6240")
UPPER_LIMIT = Decimal("50270")
EMPLOYER_MINIMUM = Decimal("3")


def qualifying(gross, frequency):
    per = Decimal(52)
    lower, upper = LOWER_LIMIT / per, UPPER_LIMIT / per
    return max(Decimal(0), min(D(gross), upper) - lower)


def pension(gross, employee):
    return pennies(qualifying(gross, employee.frequency) * employee.pension_pct / 100)


def employer_pension(gross, employee):
    pct = max(D(employee.employer_pension_pct), EMPLOYER_MINIMUM)
    return pennies(qualifying(gross, employee.frequency) * pct / 100)
