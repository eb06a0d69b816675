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
