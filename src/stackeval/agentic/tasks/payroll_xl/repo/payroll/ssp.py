"""Statutory sick pay.

- A period of incapacity for work (PIW) is at least four days of sickness in a row (any days of the week,
  weekends included).
- Two PIWs no more than 8 weeks (56 days) apart are linked: they count as one.
- SSP is paid for qualifying days (the days the employee normally works, Monday to Friday unless agreed
  otherwise) in a PIW, after three waiting days; the waiting days are served once per linked PIW.
- A day's SSP is the weekly rate over the number of qualifying days in the week.
- No SSP for someone whose average weekly earnings are below the lower earnings limit, and at most 28 weeks
  per linked PIW.
"""

import datetime as dt
from decimal import Decimal

from payroll import statutory_rates
from payroll.dates import WORKING_WEEK
from payroll.money import D, pennies

MIN_PIW_DAYS = 4
LINK_DAYS = 56
WAITING_DAYS = 3
MAX_WEEKS = 28


def periods_of_incapacity(sick_days):
    """The PIWs among ``sick_days``: runs of at least four consecutive days, each a sorted list of days."""
    runs, run = [], []
    for day in sorted(set(sick_days)):
        if run and day - run[-1] != dt.timedelta(days=1):
            runs.append(run)
            run = []
        run.append(day)
    if run:
        runs.append(run)
    return [r for r in runs if len(r) >= MIN_PIW_DAYS]


def linked(piws):
    """The PIWs grouped into linked series."""
    series = []
    for piw in piws:
        if series and (piw[0] - series[-1][-1][-1]).days <= LINK_DAYS:
            series[-1].append(piw)
        else:
            series.append([piw])
    return series


def paid_days(sick_days, qualifying=WORKING_WEEK):
    """The days SSP is paid for, in order."""
    paid = []
    for series in linked(periods_of_incapacity(sick_days)):
        waiting_left = WAITING_DAYS
        limit = MAX_WEEKS * len(qualifying)
        count = 0
        for piw in series:
            for day in piw:
                if waiting_left:
                    waiting_left -= 1
                    continue
                if day.weekday() not in qualifying:
                    continue
                if count < limit:
                    paid.append(day)
                    count += 1
    return paid


def daily_rate(year, qualifying=WORKING_WEEK):
    return statutory_rates.rate("ssp", year) / len(qualifying)


def ssp(sick_days, year, average_weekly_earnings, qualifying=WORKING_WEEK):
    """SSP due for ``sick_days`` in tax year ``year``: (days paid, pounds)."""
    if D(average_weekly_earnings) < statutory_rates.lower_earnings_limit(year):
        return [], Decimal("0.00")
    days = paid_days(sick_days, qualifying)
    return days, pennies(daily_rate(year, qualifying) * len(days))


def days_in_period(days, first, last):
    """The paid days falling in a pay period (to pay SSP with the period's pay)."""
    return [d for d in days if first <= d <= last]


# --- evidence and forms ---------------------------------------------------------------------------------

SELF_CERTIFY_DAYS = 7


def needs_fit_note(piw):
    """A fit note is needed for sickness of more than seven days in a row (calendar days, weekends
    included); up to seven days the employee certifies it themselves."""
    return len(piw) > SELF_CERTIFY_DAYS


def ssp1_due(series, qualifying=WORKING_WEEK):
    """An SSP1 form is due when SSP ends or is about to: 28 weeks of SSP used up in a linked series, or
    within 23 weeks of the start of an absence expected to last longer."""
    paid = 0
    for piw in series:
        paid += sum(1 for d in piw if d.weekday() in qualifying)
    return paid >= (MAX_WEEKS - 5) * len(qualifying)


def linked_summary(sick_days, qualifying=WORKING_WEEK):
    """One line per linked series: first day, last day, days of sickness, qualifying days."""
    out = []
    for series in linked(periods_of_incapacity(sick_days)):
        days = [d for piw in series for d in piw]
        out.append((days[0], days[-1], len(days), sum(1 for d in days if d.weekday() in qualifying)))
    return out


def company_sick_pay(days_paid_ssp, day_pay, full_pay_days, half_pay_days, used_full=0, used_half=0):
    """Occupational sick pay on top of SSP: full pay, then half pay, for the days the scheme allows in a
    rolling year; SSP is offset against it. Returns the pay for the SSP days (before the offset)."""
    total = Decimal(0)
    full_left = max(0, full_pay_days - used_full)
    half_left = max(0, half_pay_days - used_half)
    for _ in days_paid_ssp:
        if full_left:
            total += D(day_pay)
            full_left -= 1
        elif half_left:
            total += D(day_pay) / 2
            half_left -= 1
    return pennies(total)
