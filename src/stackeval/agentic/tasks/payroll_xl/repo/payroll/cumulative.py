"""Cumulative (PAYE) income tax: each period, tax is worked out on the pay of the year to date less the
allowance of the year to date, and the tax already paid this year is taken off. Refunds are possible in
later periods; the tax of one period may not exceed half of that period's pay (the overriding limit).

``payroll.tax`` keeps the simple non-cumulative calculation (pay annualised, annual tax spread back), which
the payslip of a period uses; this module is the one a pay run with year-to-date figures uses.
"""

from decimal import ROUND_DOWN, Decimal

from payroll import taxcodes
from payroll.money import D, pennies
from payroll.periods import periods_in_year
from payroll.rates import bands

OVERRIDING_LIMIT = Decimal("0.5")
FLAT_BAND = {"basic": 1, "higher": 2, "additional": -1}


def _pounds_down(amount):
    return D(amount).quantize(Decimal(1), rounding=ROUND_DOWN)


def tax_on(taxable, rows, periods=1, period=1):
    """Tax on ``taxable`` pay to date through the bands ``rows`` scaled to ``period`` of ``periods``."""
    taxable = _pounds_down(taxable)
    if taxable <= 0:
        return Decimal(0)
    scale = Decimal(period) / periods
    tax = Decimal(0)
    for lo, hi, rate in rows:
        if rate == 0:
            continue
        lo_p = lo * scale
        hi_p = None if hi is None else hi * scale
        if taxable <= lo_p:
            break
        top = taxable if hi_p is None else min(taxable, hi_p)
        tax += (top - lo_p) * rate
    return tax


def _taxed_rows(region, year):
    """The bands above the personal allowance, re-based to start at 0 (codes carry the allowance)."""
    rows = bands(region, year)
    start = rows[0][1] if rows and rows[0][2] == 0 and rows[0][1] is not None else Decimal(0)
    out = []
    for lo, hi, rate in rows:
        if rate == 0:
            continue
        out.append((lo - start, None if hi is None else hi - start, rate))
    return out


def flat_rate(code, region, year):
    rows = [r for r in _taxed_rows(region, year)]
    if code.flat == "additional" or code.flat == "top":
        return rows[-1][2]
    index = FLAT_BAND[code.flat]
    return rows[min(index, len(rows)) - 1][2]


def tax_to_date(pay_to_date, code, region, year, frequency, period):
    """Tax due on the year's pay to date at ``period`` under ``code``."""
    periods = periods_in_year(frequency)
    region = taxcodes.region_of(code, region)
    if code.no_tax:
        return Decimal(0)
    if code.flat:
        return pennies(_pounds_down(pay_to_date) * flat_rate(code, region, year))
    if code.cumulative:
        allowance = code.period_allowance(periods, period)
        taxable = D(pay_to_date) - allowance
        return pennies(tax_on(taxable, _taxed_rows(region, year), periods, period))
    raise ValueError("tax_to_date is for cumulative codes; use period_tax_on_basis")


def period_tax_on_basis(pay, code, region, year, frequency):
    """Tax of one period on the non-cumulative (week 1 / month 1) basis."""
    periods = periods_in_year(frequency)
    region = taxcodes.region_of(code, region)
    if code.no_tax:
        return Decimal(0)
    if code.flat:
        return pennies(_pounds_down(pay) * flat_rate(code, region, year))
    taxable = D(pay) - code.period_allowance(periods)
    return pennies(tax_on(taxable, _taxed_rows(region, year), periods, 1))


def period_tax(pay, pay_to_date, tax_paid_to_date, code, region, year, frequency, period):
    """This period's tax: the tax to date on the pay to date (this period's included) less the tax already
    paid, limited to half of this period's pay. A negative result is a refund."""
    code = code if isinstance(code, taxcodes.TaxCode) else taxcodes.parse(code)
    if not code.cumulative:
        due = period_tax_on_basis(pay, code, region, year, frequency)
    else:
        due = tax_to_date(pay_to_date, code, region, year, frequency, period) - D(tax_paid_to_date)
    limit = pennies(D(pay) * OVERRIDING_LIMIT)
    if code.is_k and due > limit:
        return limit
    return due


# --- the year's run of periods ------------------------------------------------------------------------

def year_of_periods(pays, code, region, year, frequency, previous_pay=Decimal(0), previous_tax=Decimal(0)):
    """Tax of each period of a year, cumulatively: ``pays`` are the periods' taxable pay in order (period 1
    first). A starter's P45 pay and tax of this year come in as ``previous_pay`` and ``previous_tax``.
    Returns [(period, pay, tax this period, pay to date, tax to date)]."""
    code = code if isinstance(code, taxcodes.TaxCode) else taxcodes.parse(code)
    pay_to_date, tax_to_date = D(previous_pay), D(previous_tax)
    out = []
    for period, pay in enumerate(pays, start=1):
        pay_to_date += D(pay)
        tax = period_tax(pay, pay_to_date, tax_to_date, code, region, year, frequency, period)
        tax_to_date += tax
        out.append((period, D(pay), tax, pay_to_date, tax_to_date))
    return out


def unpaid_tax_carried(due, limit):
    """Under the overriding limit, tax not deducted because of it is carried to the next period: (deduct,
    carried)."""
    due, limit = D(due), D(limit)
    if due <= limit:
        return due, Decimal(0)
    return limit, due - limit


def refund_allowed(code, employee_is_on_strike=False):
    """Refunds are not paid to someone on strike (they are held until they return); non-cumulative codes
    never refund."""
    return code.cumulative and not employee_is_on_strike


def free_pay(code, frequency, period):
    """The tax-free pay to date of an allowance code (HMRC's table A figure), or the additional pay of a K
    code as a negative amount."""
    periods = periods_in_year(frequency)
    return pennies(code.period_allowance(periods, period))
