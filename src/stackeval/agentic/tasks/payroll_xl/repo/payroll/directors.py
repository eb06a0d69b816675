"""Company directors: National Insurance on an annual earnings period.

A director's NI is worked out on their pay for the tax year to date against the *annual* thresholds (pro
rata to the weeks left in the year for a director appointed during it), not period by period. The
alternative arrangement pays NI per period like other staff and recalculates at the year end (or when they
stop being a director)."""

from decimal import ROUND_UP, Decimal

from payroll import ni
from payroll.money import D, pennies

WEEKS_IN_YEAR = 52


def pro_rata_thresholds(year, weeks_remaining):
    """Annual thresholds scaled to the weeks left in the year when appointed (rounded up to the pound)."""
    annual = ni.annual_thresholds(year)
    if weeks_remaining >= WEEKS_IN_YEAR:
        return annual
    share = Decimal(weeks_remaining) / WEEKS_IN_YEAR
    return {k: (v * share).quantize(Decimal(1), rounding=ROUND_UP) for k, v in annual.items()}


def ni_to_date(pay_to_date, letter, year, weeks_remaining=WEEKS_IN_YEAR):
    """(employee, employer) NI due on ``pay_to_date`` of the annual earnings period."""
    t = pro_rata_thresholds(year, weeks_remaining)
    rates = ni.rates_for(year)
    cat = ni.category(letter)
    pay = D(pay_to_date)
    main = max(Decimal(0), min(pay, t["uel"]) - t["pt"])
    upper = max(Decimal(0), pay - t["uel"])
    employee = Decimal(0)
    if cat.employee:
        employee = main * (ni.REDUCED_RATE if cat.reduced else rates["main"]) + upper * rates["upper"]
    floor = t["uest"] if cat.employer_free_to_uest else t["st"]
    employer = max(Decimal(0), pay - floor) * rates["employer"]
    return pennies(employee), pennies(employer)


def period_ni(pay_to_date, paid_to_date, letter, year, weeks_remaining=WEEKS_IN_YEAR):
    """This period's NI: the NI to date less what was paid: (employee, employer)."""
    due_ee, due_er = ni_to_date(pay_to_date, letter, year, weeks_remaining)
    paid_ee, paid_er = paid_to_date
    return due_ee - D(paid_ee), due_er - D(paid_er)


def alternative_year_end(annual_pay, paid_ee, paid_er, letter, year):
    """The year-end adjustment of a director on the alternative arrangement: (employee, employer)."""
    due_ee, due_er = ni_to_date(annual_pay, letter, year)
    return due_ee - D(paid_ee), due_er - D(paid_er)


def appointed_weeks_remaining(appointed, year):
    """Weeks from the tax week of appointment to the end of the tax year, that week included."""
    from payroll.dates import tax_week_of, tax_year_of

    if tax_year_of(appointed) != year:
        return WEEKS_IN_YEAR
    return WEEKS_IN_YEAR - tax_week_of(appointed) + 1


def method_for(director, alternative=False):
    return "alternative" if alternative else "annual"


def stop_being_director(pay_to_date, paid, letter, year, weeks_remaining=WEEKS_IN_YEAR):
    """Someone who stops being a director during the year: the NI of the directorship part is settled on the
    annual earnings period so far, and NI per period applies to the pay after it."""
    return period_ni(pay_to_date, paid, letter, year, weeks_remaining)
