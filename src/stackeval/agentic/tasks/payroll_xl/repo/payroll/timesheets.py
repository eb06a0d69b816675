"""Timesheets: hours worked per day, grouped into weeks for overtime."""

import datetime as dt
from collections import defaultdict
from decimal import Decimal


def parse(text):
    """Lines ``YYYY-MM-DD hours``; blank lines and ``#`` comments ignored."""
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            day, hours = line.split()
            out.append((dt.date.fromisoformat(day), Decimal(hours)))
    return out


def week_key(day):
    # ISO weeks, Monday first: a week that spans the new year is one week
    return day.strftime("%Y-%W")


def weekly_hours(entries):
    """Hours per week, in week order."""
    weeks = defaultdict(Decimal)
    for day, hours in entries:
        weeks[week_key(day)] += hours
    return [weeks[k] for k in sorted(weeks)]
