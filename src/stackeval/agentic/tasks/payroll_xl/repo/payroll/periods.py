"""Pay frequencies and periods."""

import datetime as dt

PERIODS_IN_YEAR = {"weekly": 52, "fortnightly": 26, "monthly": 12}


def periods_in_year(frequency):
    try:
        return PERIODS_IN_YEAR[frequency]
    except KeyError:
        raise ValueError(f"unknown pay frequency {frequency!r}") from None


def tax_year_of(day):
    """The tax year a day falls in, named by the calendar year it starts in (6 April)."""
    return day.year if day >= dt.date(day.year, 4, 6) else day.year - 1


def period_label(frequency, number):
    """``Month 3``, ``Week 14``, ``Fortnight 7``: how payslips and the FPS name a period."""
    names = {"weekly": "Week", "fortnightly": "Fortnight", "monthly": "Month"}
    try:
        return f"{names[frequency]} {number}"
    except KeyError:
        raise ValueError(f"unknown pay frequency {frequency!r}") from None


def last_period(frequency, week_53=False):
    """The number of the year's last period (53 for a weekly payroll with a week 53)."""
    periods = periods_in_year(frequency)
    return periods + 1 if week_53 and frequency == "weekly" else periods


def annualise(amount, frequency):
    return amount * periods_in_year(frequency)


def de_annualise(amount, frequency):
    return amount / periods_in_year(frequency)
