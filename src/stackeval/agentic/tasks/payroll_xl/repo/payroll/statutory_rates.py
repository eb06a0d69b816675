"""Weekly rates of the statutory payments, by tax year (they change on the first Sunday in April; the
payroll applies a year's rate to the whole tax year)."""

from decimal import Decimal

from payroll.errors import ConfigError

RATES = {
    2023: {"ssp": Decimal("109.40"), "smp": Decimal("172.48"), "spp": Decimal("172.48"),
           "sap": Decimal("172.48"), "shpp": Decimal("172.48"), "spbp": Decimal("172.48"),
           "lel": Decimal(123)},
    2024: {"ssp": Decimal("116.75"), "smp": Decimal("184.03"), "spp": Decimal("184.03"),
           "sap": Decimal("184.03"), "shpp": Decimal("184.03"), "spbp": Decimal("184.03"),
           "lel": Decimal(123)},
    2025: {"ssp": Decimal("118.75"), "smp": Decimal("187.18"), "spp": Decimal("187.18"),
           "sap": Decimal("187.18"), "shpp": Decimal("187.18"), "spbp": Decimal("187.18"),
           "lel": Decimal(125)},
}

# share of average weekly earnings paid in the first weeks of maternity and adoption pay
EARNINGS_RELATED = Decimal("0.9")
EARNINGS_RELATED_WEEKS = 6
WEEKS = {"smp": 39, "sap": 39, "spp": 2, "shpp": 37, "spbp": 2}


def rate(kind, year):
    try:
        return RATES[year][kind]
    except KeyError:
        raise ConfigError(f"no {kind.upper()} rate for {year}") from None


def lower_earnings_limit(year):
    """Weekly: average earnings below it give no right to statutory payments."""
    return rate("lel", year)


def weekly_to_daily(weekly, qualifying_days=7):
    """A weekly statutory rate per day: SSP over the qualifying days, the family payments over seven."""
    return weekly / qualifying_days


def years():
    return sorted(RATES)
