"""Collections from a sender's door: two-hour slots on working days, booked by noon of the day before."""

import datetime as dt

SLOTS = [(8, 10), (10, 12), (12, 14), (14, 16), (16, 18)]
CUTOFF_HOUR = 12
HOLIDAYS = {dt.date(2024, 12, 25), dt.date(2024, 12, 26), dt.date(2025, 1, 1)}


class NoSlot(ValueError):
    pass


def is_working_day(day):
    return day.weekday() < 5 and day not in HOLIDAYS


def first_collection_day(booked_at):
    """The first day a collection booked at ``booked_at`` (a datetime) can happen."""
    day = booked_at.date() + dt.timedelta(days=1)
    if booked_at.hour >= CUTOFF_HOUR:
        day += dt.timedelta(days=1)
    while not is_working_day(day):
        day += dt.timedelta(days=1)
    return day


def slots_on(day, taken=()):
    if not is_working_day(day):
        raise NoSlot(f"no collections on {day.isoformat()}")
    return [f"{a:02d}:00-{b:02d}:00" for a, b in SLOTS if (a, b) not in taken]
