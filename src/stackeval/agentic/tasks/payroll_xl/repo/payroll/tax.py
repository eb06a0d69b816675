"""Income tax of one pay period: the period's pay is annualised, taxed by the year's bands, and the
annual tax is spread back over the periods."""

from decimal import Decimal

from payroll.money import D, pennies
from payroll.rates import bands


def annual_tax(annual_income, region, year):
    tax = Decimal(0)
    income = D(annual_income)
    for lo, hi, rate in bands(region, year):
        if income <= lo:
            break
        top = income if hi is None else min(income, hi)
        tax += (top - lo) * rate
    return tax


def period_tax(gross, employee, year):
    periods = 52
    return pennies(annual_tax(D(gross) * periods, employee.region, year) / periods)
