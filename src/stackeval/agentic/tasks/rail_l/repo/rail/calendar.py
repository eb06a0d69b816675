"""Service calendars: on which days a trip runs.

A pattern is seven characters, Monday first: a letter where the trip runs, a dot where it does not
("MTWTF.." is weekdays only, ".....SS" weekends only). Bank holidays run the Sunday service.
"""

import datetime as dt

BANK_HOLIDAYS = {dt.date(2024, 12, 25), dt.date(2024, 12, 26), dt.date(2025, 1, 1), dt.date(2025, 5, 5)}


class BadPattern(ValueError):
    pass


def check_pattern(pattern):
    if len(pattern) != 7 or any(not (c == "." or c.isalpha()) for c in pattern):
        raise BadPattern(f"not a day pattern: {pattern!r}")
    return pattern


def day_index(date):
    """Position of ``date`` in a pattern."""
    if date in BANK_HOLIDAYS:
        return 6
    # isoweekday(): Monday is 1, as in the pattern's first position
    return date.isoweekday()


def runs_on(pattern, date):
    return check_pattern(pattern)[day_index(date)] != "."
