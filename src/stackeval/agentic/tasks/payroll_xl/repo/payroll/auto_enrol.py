"""Automatic enrolment into the workplace pension: who must be enrolled, who may opt in, and when.

Worker categories, assessed every pay period on that period's qualifying earnings:

- eligible jobholder: aged 22 to state pension age, earning above the earnings trigger (£10,000 a year,
  pro rata to the period): must be enrolled;
- non-eligible jobholder: aged 16 to 74 and earning above the lower qualifying limit but not eligible: may
  opt in (with employer contributions);
- entitled worker: aged 16 to 74 and earning below the lower limit: may join (no employer contribution
  required).

Postponement of up to three months is allowed; an opt-out within a month of enrolment refunds the
contributions.
"""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from payroll.dates import add_months, age_on
from payroll.money import D

EARNINGS_TRIGGER = Decimal(10000)
LOWER_LIMIT = Decimal(6240)
MIN_AGE, ELIGIBLE_AGE, MAX_AGE = 16, 22, 75
STATE_PENSION_AGE = 66
OPT_OUT_MONTHS = 1
MAX_POSTPONEMENT_MONTHS = 3
RE_ENROLMENT_YEARS = 3

PERIOD_TRIGGERS = {"weekly": Decimal(192), "fortnightly": Decimal(384), "monthly": Decimal(833)}
PERIOD_LOWER = {"weekly": Decimal(120), "fortnightly": Decimal(240), "monthly": Decimal(520)}


@dataclass(frozen=True)
class Assessment:
    category: str  # "eligible", "non_eligible", "entitled", "none"
    age: int
    earnings: Decimal

    @property
    def must_enrol(self):
        return self.category == "eligible"


def assess(birth, pay_day, earnings, frequency):
    age = age_on(birth, pay_day)
    earnings = D(earnings)
    trigger, lower = PERIOD_TRIGGERS[frequency], PERIOD_LOWER[frequency]
    if ELIGIBLE_AGE <= age < STATE_PENSION_AGE and earnings > trigger:
        return Assessment("eligible", age, earnings)
    if MIN_AGE <= age < MAX_AGE and earnings > lower:
        return Assessment("non_eligible", age, earnings)
    if MIN_AGE <= age < MAX_AGE:
        return Assessment("entitled", age, earnings)
    return Assessment("none", age, earnings)


def enrolment_date(first_eligible, postpone_months=0):
    if not 0 <= postpone_months <= MAX_POSTPONEMENT_MONTHS:
        raise ValueError("postponement is at most three months")
    return add_months(first_eligible, postpone_months)


def opt_out_window(enrolled_on, letter_sent=None):
    """(first, last) day an opt-out refunds contributions: a month from the later of enrolment and the
    enrolment letter."""
    start = max(enrolled_on, letter_sent or enrolled_on)
    return start, add_months(start, OPT_OUT_MONTHS)


def re_enrolment_due(staging_date, today):
    """The next re-enrolment date (every three years from the staging date) on or after ``today``."""
    day = staging_date
    while day < today:
        day = dt.date(day.year + RE_ENROLMENT_YEARS, day.month, min(day.day, 28))
    return day


LETTERS = {
    "eligible": "You have been enrolled into the workplace pension from {date}. You can opt out within a "
                "month and get back what you paid.",
    "non_eligible": "You can ask to join the workplace pension; your employer will contribute.",
    "entitled": "You can ask to join a pension scheme; your employer does not have to contribute.",
    "postponed": "Your assessment for the workplace pension is postponed until {date}.",
}


def letter(assessment, date=None, postponed=False):
    """The statutory information letter for an assessment (to be sent within six weeks)."""
    key = "postponed" if postponed else assessment.category
    if key == "none":
        return ""
    return LETTERS[key].format(date=date.isoformat() if date else "")


def declaration_of_compliance_due(staging_date):
    """Five months after the staging (duties start) date."""
    return add_months(staging_date, 5)
