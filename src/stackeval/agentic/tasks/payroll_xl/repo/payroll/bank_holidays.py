"""Bank holidays by nation, used to move pay days and to count working days. Kept as the government
publishes them (a substitute day when a holiday falls at a weekend)."""

import datetime as dt

_D = dt.date

ENGLAND_AND_WALES = frozenset({
    _D(2023, 1, 2), _D(2023, 4, 7), _D(2023, 4, 10), _D(2023, 5, 1), _D(2023, 5, 8), _D(2023, 5, 29),
    _D(2023, 8, 28), _D(2023, 12, 25), _D(2023, 12, 26),
    _D(2024, 1, 1), _D(2024, 3, 29), _D(2024, 4, 1), _D(2024, 5, 6), _D(2024, 5, 27), _D(2024, 8, 26),
    _D(2024, 12, 25), _D(2024, 12, 26),
    _D(2025, 1, 1), _D(2025, 4, 18), _D(2025, 4, 21), _D(2025, 5, 5), _D(2025, 5, 26), _D(2025, 8, 25),
    _D(2025, 12, 25), _D(2025, 12, 26),
    _D(2026, 1, 1), _D(2026, 4, 3), _D(2026, 4, 6), _D(2026, 5, 4), _D(2026, 5, 25), _D(2026, 8, 31),
    _D(2026, 12, 25), _D(2026, 12, 28),
})

SCOTLAND = frozenset({
    _D(2023, 1, 2), _D(2023, 1, 3), _D(2023, 4, 7), _D(2023, 5, 1), _D(2023, 5, 8), _D(2023, 5, 29),
    _D(2023, 8, 7), _D(2023, 11, 30), _D(2023, 12, 25), _D(2023, 12, 26),
    _D(2024, 1, 1), _D(2024, 1, 2), _D(2024, 3, 29), _D(2024, 5, 6), _D(2024, 5, 27), _D(2024, 8, 5),
    _D(2024, 12, 2), _D(2024, 12, 25), _D(2024, 12, 26),
    _D(2025, 1, 1), _D(2025, 1, 2), _D(2025, 4, 18), _D(2025, 5, 5), _D(2025, 5, 26), _D(2025, 8, 4),
    _D(2025, 12, 1), _D(2025, 12, 25), _D(2025, 12, 26),
    _D(2026, 1, 1), _D(2026, 1, 2), _D(2026, 4, 3), _D(2026, 5, 4), _D(2026, 5, 25), _D(2026, 8, 3),
    _D(2026, 11, 30), _D(2026, 12, 25), _D(2026, 12, 28),
})

NORTHERN_IRELAND = ENGLAND_AND_WALES | frozenset({
    _D(2023, 3, 17), _D(2023, 7, 12), _D(2024, 3, 18), _D(2024, 7, 12), _D(2025, 3, 17), _D(2025, 7, 14),
    _D(2026, 3, 17), _D(2026, 7, 13),
})

BY_NATION = {"ENG": ENGLAND_AND_WALES, "WLS": ENGLAND_AND_WALES, "SCT": SCOTLAND, "NIR": NORTHERN_IRELAND}


def holidays(nation):
    """The bank holidays of a nation code; an unknown code gets England and Wales."""
    return BY_NATION.get(nation.strip().upper(), ENGLAND_AND_WALES)


def is_bank_holiday(day, nation="ENG"):
    return day in holidays(nation)


def is_business_day(day, nation="ENG"):
    return day.weekday() < 5 and not is_bank_holiday(day, nation)


def previous_business_day(day, nation="ENG"):
    """``day`` itself when it is a business day, else the last business day before it."""
    while not is_business_day(day, nation):
        day -= dt.timedelta(days=1)
    return day


def next_business_day(day, nation="ENG"):
    while not is_business_day(day, nation):
        day += dt.timedelta(days=1)
    return day


def business_days_before(day, count, nation="ENG"):
    """The business day ``count`` business days before ``day`` (the bank's clearing lead time)."""
    while count > 0:
        day -= dt.timedelta(days=1)
        if is_business_day(day, nation):
            count -= 1
    return day
