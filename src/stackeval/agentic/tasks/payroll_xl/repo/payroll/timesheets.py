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


# --- clock cards -------------------------------------------------------------------------------------

ROUND_TO_MINUTES = 15
UNPAID_BREAK_AFTER_HOURS = Decimal(6)
UNPAID_BREAK_MINUTES = 30
NIGHT_START, NIGHT_END = dt.time(23, 0), dt.time(6, 0)


def _minutes(t):
    return t.hour * 60 + t.minute


def round_clock(t, direction):
    """A clock time rounded to the quarter hour: clock-ins up (``"in"``), clock-outs down (``"out"``)."""
    m = _minutes(t)
    step = ROUND_TO_MINUTES
    if direction == "in":
        m = -(-m // step) * step
    elif direction == "out":
        m = m // step * step
    else:
        raise ValueError(f"direction must be 'in' or 'out', not {direction!r}")
    m = min(m, 24 * 60 - 1)
    return dt.time(m // 60, m % 60)


def shift_hours(day, clock_in, clock_out, paid_break=False):
    """Hours of one shift from its clock times (rounded), less an unpaid break on long shifts. A clock-out
    earlier than the clock-in ends the shift on the next day."""
    start = dt.datetime.combine(day, round_clock(clock_in, "in"))
    end = dt.datetime.combine(day, round_clock(clock_out, "out"))
    if end <= start:
        end += dt.timedelta(days=1)
    hours = Decimal((end - start).seconds) / 3600
    if not paid_break and hours > UNPAID_BREAK_AFTER_HOURS:
        hours -= Decimal(UNPAID_BREAK_MINUTES) / 60
    return hours.quantize(Decimal("0.01"))


def night_hours(day, clock_in, clock_out):
    """The part of a shift between 23:00 and 06:00 (for the night premium), to the quarter hour."""
    start = dt.datetime.combine(day, round_clock(clock_in, "in"))
    end = dt.datetime.combine(day, round_clock(clock_out, "out"))
    if end <= start:
        end += dt.timedelta(days=1)
    total = 0
    t = start
    step = dt.timedelta(minutes=ROUND_TO_MINUTES)
    while t < end:
        clock = t.time()
        if clock >= NIGHT_START or clock < NIGHT_END:
            total += ROUND_TO_MINUTES
        t += step
    return Decimal(total) / 60


def parse_clock_card(text):
    """Lines ``YYYY-MM-DD HH:MM HH:MM`` (in, out) to (day, hours) entries like ``parse`` gives."""
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        day, t_in, t_out = line.split()
        d = dt.date.fromisoformat(day)
        out.append((d, shift_hours(d, dt.time.fromisoformat(t_in), dt.time.fromisoformat(t_out))))
    return out


def hours_by_day(entries):
    """Total hours per day, in day order (two shifts on one day are added)."""
    days = defaultdict(Decimal)
    for day, hours in entries:
        days[day] += hours
    return dict(sorted(days.items()))


def check_entries(entries, max_day=Decimal(16), max_week=Decimal(60)):
    """Warnings for hours a supervisor should look at: a day over ``max_day``, a week over ``max_week``,
    a negative entry."""
    warnings = []
    for day, hours in hours_by_day(entries).items():
        if hours < 0:
            warnings.append(f"{day}: negative hours {hours}")
        elif hours > max_day:
            warnings.append(f"{day}: {hours} hours in one day")
    weeks = defaultdict(Decimal)
    for day, hours in entries:
        weeks[week_key(day)] += hours
    for key, hours in sorted(weeks.items()):
        if hours > max_week:
            warnings.append(f"week {key}: {hours} hours")
    return warnings


def in_period(entries, first, last):
    """The entries of a pay period."""
    return [(d, h) for d, h in entries if first <= d <= last]
