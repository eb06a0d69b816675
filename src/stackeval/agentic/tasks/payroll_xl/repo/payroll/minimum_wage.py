"""National minimum wage and national living wage: hourly rates by age band and year (they change on
1 April), and the check that a pay period pays at least the minimum for the hours worked.

What counts towards minimum-wage pay: basic pay, bonuses and commission; *not* overtime premiums (only the
basic rate of overtime hours counts), expenses, or tips. Salary sacrifice and deductions for the employer's
own benefit *reduce* it; pension contributions and tax do not.
"""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from payroll.dates import age_on
from payroll.errors import MinimumWageBreach
from payroll.money import D, pennies

# rates from 1 April of the year: (21 and over, 18 to 20, under 18, apprentice)
RATES = {
    2023: (Decimal("10.42"), Decimal("7.49"), Decimal("5.28"), Decimal("5.28")),
    2024: (Decimal("11.44"), Decimal("8.60"), Decimal("6.40"), Decimal("6.40")),
    2025: (Decimal("12.21"), Decimal("10.00"), Decimal("7.55"), Decimal("7.55")),
    2026: (Decimal("12.71"), Decimal("10.85"), Decimal("8.00"), Decimal("8.00")),
}
LIVING_WAGE_AGE = 21
ADULT_AGE = 18


@dataclass(frozen=True)
class Check:
    hours: Decimal
    pay_counted: Decimal
    minimum: Decimal
    rate: Decimal

    @property
    def shortfall(self):
        return max(Decimal(0), self.minimum - self.pay_counted)

    @property
    def ok(self):
        return self.shortfall == 0


def rate_year(day):
    """The year whose rates apply on ``day`` (rates start on 1 April)."""
    return day.year if day >= dt.date(day.year, 4, 1) else day.year - 1


def hourly_minimum(birth, day, apprentice=False, apprentice_since=None):
    """The minimum hourly rate for someone born on ``birth`` on ``day``. Apprentices get the apprentice rate
    when under 19 or in the first year of their apprenticeship."""
    year = rate_year(day)
    if year not in RATES:
        raise ValueError(f"no minimum wage rates for {year}")
    adult, young, under18, appr = RATES[year]
    age = age_on(birth, day)
    if apprentice and (age < 19 or (apprentice_since and (day - apprentice_since).days < 365)):
        return appr
    if age >= LIVING_WAGE_AGE:
        return adult
    if age >= ADULT_AGE:
        return young
    return under18


def pay_counted(basic, bonus=Decimal(0), overtime_hours=Decimal(0), basic_rate=None, sacrifice=Decimal(0),
                deductions_for_employer=Decimal(0)):
    """Pay that counts for the minimum wage: overtime only at the basic rate (the premium is left out)."""
    counted = D(basic) + D(bonus) - D(sacrifice) - D(deductions_for_employer)
    if overtime_hours and basic_rate is not None:
        counted += D(overtime_hours) * D(basic_rate)
    return counted


def check(hours, counted, birth, day, apprentice=False):
    """A ``Check`` of one pay reference period."""
    rate = hourly_minimum(birth, day, apprentice)
    return Check(D(hours), D(counted), pennies(D(hours) * rate), rate)


def require(hours, counted, birth, day, apprentice=False):
    """Raises ``MinimumWageBreach`` when the period pays less than the minimum."""
    result = check(hours, counted, birth, day, apprentice)
    if not result.ok:
        raise MinimumWageBreach(f"{result.shortfall} short of the minimum of {result.minimum} for "
                                f"{result.hours} hours at {result.rate}")
    return result


def salaried_hours(annual_hours, frequency_periods):
    """Basic hours of one period of a salaried worker with annual hours."""
    return D(annual_hours) / frequency_periods


def accommodation_offset(days, year):
    """Accommodation provided by the employer counts towards minimum-wage pay up to the daily offset."""
    offsets = {2023: Decimal("9.10"), 2024: Decimal("9.99"), 2025: Decimal("10.66"), 2026: Decimal("11.10")}
    return pennies(offsets[year] * days)


def arrears(shortfalls, current_rate, rates_when_owed):
    """Minimum-wage arrears are repaid at today's rate when it is higher than the rate when they were owed:
    arrears / rate then * rate now, per shortfall."""
    total = Decimal(0)
    for shortfall, then in zip(shortfalls, rates_when_owed):
        total += D(shortfall) / D(then) * max(D(current_rate), D(then))
    return pennies(total)


def salaried_check(annual_salary, annual_hours, birth, day, frequency_periods):
    """A salaried worker's period: their salary for the period against the minimum for a share of their
    basic annual hours."""
    hours = salaried_hours(annual_hours, frequency_periods)
    pay = D(annual_salary) / frequency_periods
    return check(hours, pay, birth, day)
