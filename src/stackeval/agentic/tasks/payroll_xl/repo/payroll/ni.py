"""National Insurance contributions of one pay period, employee's and employer's, by NI category letter.

The annual thresholds (primary threshold PT, upper earnings limit UEL, secondary threshold ST, and the
upper secondary thresholds for under-21s, apprentices and veterans) are turned into thresholds for one
pay period: the annual figure over the periods in a year, rounded to whole pounds, which gives the figures
HMRC publishes for weekly (PT 242) and monthly (PT 1048) pay. NI is not cumulative: every period stands
on its own (except for directors, see ``payroll.directors``).
"""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from payroll.errors import ConfigError
from payroll.money import D, pennies
from payroll.periods import periods_in_year

# year: annual thresholds and rates
RATES = {
    2023: {"lel": Decimal(6396), "pt": Decimal(12570), "uel": Decimal(50270), "st": Decimal(9100),
           "uest": Decimal(50270), "main": Decimal("0.12"), "upper": Decimal("0.02"),
           "employer": Decimal("0.138")},
    2024: {"lel": Decimal(6396), "pt": Decimal(12570), "uel": Decimal(50270), "st": Decimal(9100),
           "uest": Decimal(50270), "main": Decimal("0.08"), "upper": Decimal("0.02"),
           "employer": Decimal("0.138")},
    2025: {"lel": Decimal(6500), "pt": Decimal(12570), "uel": Decimal(50270), "st": Decimal(5000),
           "uest": Decimal(50270), "main": Decimal("0.08"), "upper": Decimal("0.02"),
           "employer": Decimal("0.15")},
}


@dataclass(frozen=True)
class Category:
    letter: str
    employee: bool  # employee pays the main and upper rates
    reduced: bool  # married women's reduced rate (category B)
    employer_free_to_uest: bool  # employer pays nothing up to the upper secondary threshold


CATEGORIES = {
    "A": Category("A", True, False, False),
    "B": Category("B", True, True, False),
    "C": Category("C", False, False, False),  # over state pension age
    "H": Category("H", True, False, True),  # apprentice under 25
    "M": Category("M", True, False, True),  # under 21
    "J": Category("J", False, False, False),  # deferred: pays only the upper rate
    "Z": Category("Z", False, False, True),  # under 21, deferred
    "X": Category("X", False, False, False),  # no NI at all
}

REDUCED_RATE = Decimal("0.0185")


def _whole(amount):
    return D(amount).quantize(Decimal(1), rounding=ROUND_HALF_UP)


def rates_for(year):
    try:
        return RATES[year]
    except KeyError:
        raise ConfigError(f"no National Insurance rates for {year}") from None


def category(letter):
    try:
        return CATEGORIES[letter.strip().upper()]
    except KeyError:
        raise ConfigError(f"unknown NI category {letter!r}") from None


def period_thresholds(year, frequency):
    """The year's thresholds for one pay period of ``frequency``."""
    rates = rates_for(year)
    periods = 52
    return {name: _whole(rates[name] / periods) for name in ("lel", "pt", "uel", "st", "uest")}


def employee_ni(pay, letter, year, frequency):
    """The employee's contribution on one period's NI-able pay."""
    cat = category(letter)
    if letter.strip().upper() == "X":
        return Decimal("0.00")
    rates = rates_for(year)
    t = period_thresholds(year, frequency)
    pay = D(pay)
    main_band = max(Decimal(0), min(pay, t["uel"]) - t["pt"])
    upper_band = max(Decimal(0), pay - t["uel"])
    if cat.reduced:
        main_rate = REDUCED_RATE
    elif cat.employee:
        main_rate = rates["main"]
    else:
        main_rate = Decimal(0)
    if letter.strip().upper() == "C":
        return Decimal("0.00")
    return pennies(main_band * main_rate + upper_band * rates["upper"])


def employer_ni(pay, letter, year, frequency):
    """The employer's (secondary) contribution on one period's NI-able pay."""
    cat = category(letter)
    if cat.letter == "X":
        return Decimal("0.00")
    rates = rates_for(year)
    t = period_thresholds(year, frequency)
    pay = D(pay)
    floor = t["uest"] if cat.employer_free_to_uest else t["st"]
    return pennies(max(Decimal(0), pay - floor) * rates["employer"])


def contributions(pay, letter, year, frequency):
    """(employee, employer) contributions."""
    return employee_ni(pay, letter, year, frequency), employer_ni(pay, letter, year, frequency)


def earns_above_lel(pay, year, frequency):
    """Pay at or above the lower earnings limit keeps the employee's NI record (and SSP rights) even when
    no contribution is due."""
    return D(pay) >= period_thresholds(year, frequency)["lel"]


def annual_thresholds(year):
    """The annual figures, for directors and for year-end checks."""
    rates = rates_for(year)
    return {name: rates[name] for name in ("lel", "pt", "uel", "st", "uest")}


def periods(frequency):
    return periods_in_year(frequency)


# --- categories over the year ---------------------------------------------------------------------------

STATE_PENSION_AGE = 66
UNDER_21, UNDER_25 = 21, 25


def category_for_age(age, apprentice=False, deferred=False, reduced_rate_election=False):
    """The category letter that applies to someone of ``age`` (on the pay day)."""
    if age >= STATE_PENSION_AGE:
        return "C"
    if reduced_rate_election:
        return "B"
    if age < UNDER_21:
        return "Z" if deferred else "M"
    if apprentice and age < UNDER_25:
        return "H"
    return "J" if deferred else "A"


def letter_changes(letters_by_period):
    """The periods in which the letter changed: [(period, old, new)] (reported on the FPS, and each letter
    has its own year-to-date figures)."""
    out = []
    previous = None
    for period, letter in sorted(letters_by_period.items()):
        if previous is not None and letter != previous:
            out.append((period, previous, letter))
        previous = letter
    return out


def bands_of(pay, year, frequency):
    """The period's pay split into the bands the FPS reports: up to the LEL, LEL to PT, PT to UEL, above."""
    t = period_thresholds(year, frequency)
    pay = D(pay)
    at_lel = min(pay, t["lel"])
    lel_to_pt = max(Decimal(0), min(pay, t["pt"]) - t["lel"])
    pt_to_uel = max(Decimal(0), min(pay, t["uel"]) - t["pt"])
    above = max(Decimal(0), pay - t["uel"])
    return {"lel": at_lel, "lel_pt": lel_to_pt, "pt_uel": pt_to_uel, "above_uel": above}


def annual_check(pay_by_period, letter, year, frequency):
    """The employee's NI of each period worked out again: a list of (period, NI) for a year-end check."""
    return [(n, employee_ni(p, letter, year, frequency)) for n, p in sorted(pay_by_period.items())]
