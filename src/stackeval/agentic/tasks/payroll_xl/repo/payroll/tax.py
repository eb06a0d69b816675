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


def marginal_rate(annual_income, region, year):
    """The rate of the band the last pound of ``annual_income`` falls in."""
    income = D(annual_income)
    rate = Decimal(0)
    for lo, hi, band_rate in bands(region, year):
        if income > lo:
            rate = band_rate
    return rate


def tax_by_band(annual_income, region, year):
    """[(rate, income in the band, tax in the band)] for a payslip's tax explanation."""
    income = D(annual_income)
    out = []
    for lo, hi, rate in bands(region, year):
        if income <= lo:
            break
        top = income if hi is None else min(income, hi)
        out.append((rate, top - lo, (top - lo) * rate))
    return out


def gross_up(net_annual, region, year, tolerance=Decimal("0.005")):
    """The annual gross pay whose income tax leaves ``net_annual`` (bisection; for net-pay agreements,
    tax-equalised bonuses and the tax on a PAYE settlement)."""
    target = D(net_annual)
    low, high = target, target * 4 + 100000
    for _ in range(200):
        mid = (low + high) / 2
        net = mid - annual_tax(mid, region, year)
        if abs(net - target) <= tolerance:
            return pennies(mid)
        if net < target:
            low = mid
        else:
            high = mid
    return pennies((low + high) / 2)


def effective_rate(annual_income, region, year):
    income = D(annual_income)
    if income <= 0:
        return Decimal(0)
    return (annual_tax(income, region, year) / income).quantize(Decimal("0.0001"))
