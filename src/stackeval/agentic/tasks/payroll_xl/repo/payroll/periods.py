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
