"""Employee records."""

from dataclasses import dataclass
from decimal import Decimal

from payroll.periods import periods_in_year


@dataclass(frozen=True)
class Employee:
    id: str
    name: str
    region: str  # tax region code as on the employee's tax notice, e.g. "ENG", "sct"
    frequency: str = "monthly"
    salary: Decimal | None = None  # annual, for salaried staff
    hourly_rate: Decimal | None = None  # for hourly staff
    pension_pct: Decimal = Decimal("5")
    sort_code: str = "000000"
    account: str = "00000000"

    def __post_init__(self):
        periods_in_year(self.frequency)
        if (self.salary is None) == (self.hourly_rate is None):
            raise ValueError(f"{self.id}: give exactly one of salary and hourly_rate")

    @property
    def hourly(self):
        return self.hourly_rate is not None
