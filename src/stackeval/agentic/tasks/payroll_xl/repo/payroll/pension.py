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


# --- tax relief ---------------------------------------------------------------------------------------

BASIC_RATE_RELIEF = Decimal("0.20")


def relief_at_source(contribution):
    """Under relief at source the employee pays 80 % from net pay and the provider claims the basic-rate
    20 % from HMRC: (deducted from net pay, added by the provider)."""
    gross = D(contribution)
    net = pennies(gross * (1 - BASIC_RATE_RELIEF))
    return net, gross - net


def net_pay_arrangement(gross, contribution):
    """Under a net pay arrangement the contribution comes off pay before tax: the pay tax is worked on."""
    return D(gross) - D(contribution)


def opt_out_refund(contributions_taken, relief_at_source_scheme=False):
    """What an employee who opts out within the window gets back (net of the relief at source top-up)."""
    total = sum((D(c) for c in contributions_taken), Decimal(0))
    if relief_at_source_scheme:
        return pennies(total * (1 - BASIC_RATE_RELIEF))
    return pennies(total)


def annual_allowance_used(employee_total, employer_total):
    """Pension input for the year against the annual allowance (tapering is left to the employee's return)."""
    return D(employee_total) + D(employer_total)
