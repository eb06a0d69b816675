"""Fares. A single fare depends on the number of zones the journey spans (both end zones count) and on
whether it starts in the morning peak; a day's fares are capped."""

from rail.clock import between, parse_time

BASE = {1: 280, 2: 340, 3: 410, 4: 480, 5: 560, 6: 640, 7: 720, 8: 800, 9: 880}
PEAK_FACTOR = 1.25
PEAK = (parse_time("07:00"), parse_time("09:30"))  # weekday morning peak, start included
DAILY_CAP = {1: 860, 2: 1040, 3: 1250, 4: 1460, 5: 1700, 6: 1950, 7: 2200, 8: 2450, 9: 2700}


def zones_spanned(zone_a, zone_b):
    return abs(zone_a - zone_b)


def is_peak(minutes, weekday=True):
    return weekday and between(minutes, *PEAK)


def single_fare(zone_a, zone_b, depart, weekday=True):
    fare = BASE[zones_spanned(zone_a, zone_b)]
    if is_peak(depart, weekday):
        fare = int(round(fare * PEAK_FACTOR))
    return fare


def day_total(fares_and_spans):
    """Sum of a day's ``(fare, zones spanned)``, capped at the cap of the widest span travelled."""
    if not fares_and_spans:
        return 0
    total = sum(f for f, _ in fares_and_spans)
    widest = max(s for _, s in fares_and_spans)
    return min(total, DAILY_CAP[widest])
