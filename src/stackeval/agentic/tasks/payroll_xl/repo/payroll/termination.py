"""Termination payments: what a leaver is paid on top of their final pay, and how each part is taxed.

- contractual payments (notice pay under a contract, a contractual bonus) are ordinary earnings;
- post-employment notice pay (PENP): the basic pay the leaver would have had for the part of the notice
  period not worked is earnings even when paid as compensation;
- a genuine ex-gratia or redundancy payment is tax-free up to £30,000 and free of employee NI; above that it
  is taxed (and the employer pays Class 1A NI on the excess);
- statutory redundancy pay: half a week's pay per year of service under 22, a week's pay from 22 to 40, a
  week and a half from 41, at most 20 years counted, a week's pay capped.
"""

from dataclasses import dataclass
from decimal import Decimal

from payroll.dates import age_on
from payroll.money import D, pennies

TAX_FREE = Decimal(30000)
MAX_YEARS = 20
WEEK_PAY_CAP = {2023: Decimal(643), 2024: Decimal(700), 2025: Decimal(719)}


@dataclass(frozen=True)
class Termination:
    notice_days: int
    notice_worked_days: int
    basic_pay_per_day: Decimal
    contractual: Decimal = Decimal(0)
    ex_gratia: Decimal = Decimal(0)
    statutory_redundancy: Decimal = Decimal(0)


def penp(term):
    """Post-employment notice pay: basic pay for the notice days not worked."""
    return pennies(max(0, term.notice_days - term.notice_worked_days) * D(term.basic_pay_per_day))


def split(term):
    """{"earnings": taxed and NI'd, "exempt": tax-free, "taxable_excess": taxed, no employee NI}."""
    earnings = D(term.contractual) + penp(term)
    other = D(term.ex_gratia) + D(term.statutory_redundancy)
    exempt = min(other, TAX_FREE)
    return {"earnings": pennies(earnings), "exempt": pennies(exempt), "taxable_excess": pennies(other - exempt)}


def statutory_redundancy(birth, leaving, years_of_service, week_pay, year):
    """Statutory redundancy pay for whole years of service ending on ``leaving``, latest years first."""
    week = min(D(week_pay), WEEK_PAY_CAP[year])
    years = min(int(years_of_service), MAX_YEARS)
    age = age_on(birth, leaving)
    total = Decimal(0)
    for n in range(years):
        age_in_year = age - n - 1
        if age_in_year >= 41:
            total += week * Decimal("1.5")
        elif age_in_year >= 22:
            total += week
        else:
            total += week / 2
    return pennies(total)


def class_1a_on_excess(term, rate):
    return pennies(split(term)["taxable_excess"] * D(rate))


def notice_period_weeks(years_of_service, contractual_weeks=0):
    """The statutory minimum notice an employer must give (a week per full year of service, from two years,
    at most twelve; one week under two years), or the contract's if longer."""
    years = int(years_of_service)
    statutory = 1 if years < 2 else min(years, 12)
    return max(statutory, int(contractual_weeks))


def final_payments(term, holiday_pay, toil_pay=Decimal(0)):
    """Everything paid on leaving, by treatment: {"earnings", "exempt", "taxable_excess"}."""
    parts = split(term)
    parts["earnings"] = pennies(parts["earnings"] + D(holiday_pay) + D(toil_pay))
    return parts
