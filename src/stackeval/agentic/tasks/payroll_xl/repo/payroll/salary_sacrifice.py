"""Salary sacrifice: the employee gives up part of their contractual pay in return for a benefit the
employer provides (an employer pension contribution, a bicycle, an electric car, childcare). The sacrifice
comes off gross pay before tax and NI; it may not take pay for the minimum wage below the minimum.

Pension sacrifice is passed to the pension scheme as an employer contribution; some employers add back part
of the NI they save.
"""

from dataclasses import dataclass
from decimal import Decimal

from payroll import minimum_wage
from payroll.errors import MinimumWageBreach
from payroll.money import D, pennies

KINDS = ("pension", "cycle", "ev_car", "childcare", "technology")


@dataclass(frozen=True)
class Sacrifice:
    kind: str
    amount: Decimal  # per period, or a percentage of pay with ``percent``
    percent: bool = False
    pass_ni_saving_pct: Decimal = Decimal(0)  # pension only: share of the employer's NI saving added

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown salary sacrifice {self.kind!r}")


def amount_of(sacrifice, gross):
    if sacrifice.percent:
        return pennies(D(gross) * D(sacrifice.amount) / 100)
    return pennies(sacrifice.amount)


def apply(gross, sacrifices, hours=None, birth=None, day=None):
    """(pay after the sacrifices, {kind: amount}). With ``hours``, ``birth`` and ``day`` given, a sacrifice
    that would take pay below the minimum wage raises ``MinimumWageBreach``."""
    gross = D(gross)
    taken = {}
    for s in sacrifices:
        amount = amount_of(s, gross)
        taken[s.kind] = taken.get(s.kind, Decimal(0)) + amount
    after = gross - sum(taken.values(), Decimal(0))
    if hours is not None and birth is not None and day is not None:
        result = minimum_wage.check(hours, after, birth, day)
        if not result.ok:
            raise MinimumWageBreach(f"salary sacrifice takes pay {result.shortfall} below the minimum wage")
    return after, taken


def employer_pension_extra(sacrifice, employer_ni_saved):
    """What the employer adds to the pension from the NI it saves on a pension sacrifice."""
    if sacrifice.kind != "pension":
        return Decimal(0)
    return pennies(D(employer_ni_saved) * D(sacrifice.pass_ni_saving_pct) / 100)


def cycle_scheme_period_amount(cost, months=12):
    """A cycle-to-work hire: the cost spread over the hire months."""
    return pennies(D(cost) / months)


def ni_saving(sacrificed, employer_rate, employee_rate):
    """(employer NI saved, employee NI saved) on a sacrifice taken from pay in the main NI band."""
    return pennies(D(sacrificed) * D(employer_rate)), pennies(D(sacrificed) * D(employee_rate))


def ofa_value(sacrificed, benefit_value):
    """Optional remuneration arrangements: the taxable value of a benefit taken by sacrifice is the higher
    of the salary given up and the benefit's usual taxable value (cars, pensions, childcare, cycles and
    low-emission cars are exempt from the rule)."""
    return max(D(sacrificed), D(benefit_value))


def period_sacrifices(sacrifices, gross):
    """{kind: amount} of one period, for the payslip."""
    return {s.kind: amount_of(s, gross) for s in sacrifices}
