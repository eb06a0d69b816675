"""Company cars: the appropriate percentage of the list price that is a taxable benefit, by CO2 emissions
(grams per km), electric range for the lowest band, and tax year. Diesel cars that do not meet RDE2 pay 4
points more, capped at 37 %."""

from decimal import Decimal

# (tax year, CO2 up to, electric range at least (miles) or None, percent)
ZERO_EMISSION = {2023: 2, 2024: 2, 2025: 3, 2026: 4, 2027: 5}

LOW_EMISSION = [
    # 1-50 g/km: by electric range
    (130, 8), (70, 11), (40, 14), (30, 15), (0, 15),
]

LOW_EMISSION_BY_YEAR = {
    2023: [(130, 2), (70, 5), (40, 8), (30, 12), (0, 14)],
    2024: [(130, 2), (70, 5), (40, 8), (30, 12), (0, 14)],
    2025: [(130, 3), (70, 6), (40, 9), (30, 13), (0, 15)],
    2026: [(130, 4), (70, 7), (40, 10), (30, 14), (0, 16)],
}

# 51 g/km and above: the first band, then one point more per 5 g/km, capped
BANDS_FROM_51 = {
    2023: (51, 54, 15, 37),
    2024: (51, 54, 15, 37),
    2025: (51, 54, 16, 37),
    2026: (51, 54, 17, 38),
}

DIESEL_SUPPLEMENT = 4


def appropriate_percentage(co2, year, electric_range=0, diesel=False, rde2=True):
    """The percentage of the list price taxed as a benefit."""
    if year not in BANDS_FROM_51:
        raise ValueError(f"no company car bands for {year}")
    co2 = int(co2)
    if co2 == 0:
        pct = ZERO_EMISSION[year]
    elif co2 <= 50:
        pct = next(p for miles, p in LOW_EMISSION_BY_YEAR[year] if electric_range >= miles)
    else:
        first, up_to, start_pct, cap = BANDS_FROM_51[year]
        if co2 <= up_to:
            pct = start_pct
        else:
            steps = (co2 - up_to - 1) // 5 + 1
            pct = min(start_pct + steps, cap)
        if diesel and not rde2:
            pct = min(pct + DIESEL_SUPPLEMENT, cap)
        return Decimal(pct)
    if diesel and not rde2:
        pct = min(pct + DIESEL_SUPPLEMENT, BANDS_FROM_51[year][3])
    return Decimal(pct)
