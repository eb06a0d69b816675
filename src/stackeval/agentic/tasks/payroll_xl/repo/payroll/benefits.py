"""Benefits in kind that are payrolled: their cash equivalent is added to taxable pay in equal parts over
the periods of the year (not to NI-able pay: the employer pays Class 1A NI on them once a year).

- company car: list price (plus options, less capital contributions up to £5,000) times the appropriate
  percentage, pro rata to the days it was available, less what the employee pays for private use;
- car fuel: the year's fuel multiplier times the same percentage;
- medical insurance, gym membership and other assets: the cost to the employer, less the employee's
  contributions;
- a beneficial loan over £10,000: interest at the official rate less the interest paid.
"""

from dataclasses import dataclass
from decimal import Decimal

from payroll.apportion import spread
from payroll.car_bands import appropriate_percentage
from payroll.money import D, pennies
from payroll.periods import periods_in_year

FUEL_MULTIPLIER = {2023: Decimal(27800), 2024: Decimal(27800), 2025: Decimal(28200)}
OFFICIAL_RATE = {2023: Decimal("0.0225"), 2024: Decimal("0.0225"), 2025: Decimal("0.0375")}
CAPITAL_CONTRIBUTION_CAP = Decimal(5000)
LOAN_THRESHOLD = Decimal(10000)
CLASS_1A_RATE = {2023: Decimal("0.138"), 2024: Decimal("0.138"), 2025: Decimal("0.15")}


@dataclass(frozen=True)
class Car:
    list_price: Decimal
    co2: int
    electric_range: int = 0
    diesel: bool = False
    rde2: bool = True
    options: Decimal = Decimal(0)
    capital_contribution: Decimal = Decimal(0)
    private_use_payment: Decimal = Decimal(0)  # per year
    free_fuel: bool = False


def car_benefit(car, year, days_available=None, days_in_year=365):
    """The cash equivalent of a company car for the tax year."""
    price = D(car.list_price) + D(car.options) - min(D(car.capital_contribution), CAPITAL_CONTRIBUTION_CAP)
    pct = appropriate_percentage(car.co2, year, car.electric_range, car.diesel, car.rde2) / 100
    value = price * pct
    if days_available is not None:
        value = value * days_available / days_in_year
    value -= D(car.private_use_payment)
    return max(Decimal(0), value).quantize(Decimal(1))


def fuel_benefit(car, year, days_available=None, days_in_year=365):
    if not car.free_fuel:
        return Decimal(0)
    pct = appropriate_percentage(car.co2, year, car.electric_range, car.diesel, car.rde2) / 100
    value = FUEL_MULTIPLIER[year] * pct
    if days_available is not None:
        value = value * days_available / days_in_year
    return value.quantize(Decimal(1))


def asset_benefit(cost, contribution=Decimal(0)):
    return max(Decimal(0), D(cost) - D(contribution))


def loan_benefit(balance_start, balance_end, interest_paid, year):
    """The average method: the official rate on the average of the balances at the start and the end of the
    year; nothing when the loan never exceeded £10,000."""
    start, end = D(balance_start), D(balance_end)
    if max(start, end) <= LOAN_THRESHOLD:
        return Decimal(0)
    value = (start + end) / 2 * OFFICIAL_RATE[year] - D(interest_paid)
    return max(Decimal(0), pennies(value))


def per_period(annual_total, frequency):
    """A payrolled benefit over the year's periods: equal parts, the odd pennies in the last period."""
    return spread(annual_total, periods_in_year(frequency))


def class_1a(total_benefits, year):
    """The employer's Class 1A NI on the year's benefits, paid by 22 July after the year."""
    return pennies(D(total_benefits) * CLASS_1A_RATE[year])


def payrolled_period_amount(annual_value, frequency, period, registered_from_period=1):
    """A benefit registered for payrolling part way through the year is spread over the periods left."""
    periods = periods_in_year(frequency)
    remaining = periods - registered_from_period + 1
    if period < registered_from_period:
        return Decimal(0)
    parts = spread(annual_value, remaining)
    return parts[period - registered_from_period]


def medical_insurance(premium, employee_contribution=Decimal(0)):
    return asset_benefit(premium, employee_contribution)


def gym_membership(cost, employee_contribution=Decimal(0)):
    return asset_benefit(cost, employee_contribution)
