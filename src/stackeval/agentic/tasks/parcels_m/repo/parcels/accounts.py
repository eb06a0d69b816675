"""Business accounts: who pays for a month of shipments, and the volume discount they have earned."""

from dataclasses import dataclass

# parcels sent in the month -> percent off the month's shipping; fewer than 10 parcels earn nothing
DISCOUNT_TIERS = {10: 5, 50: 8, 200: 12}
PAYMENT_DAYS = {"card": 0, "monthly": 30, "quarterly": 90}


class BadAccount(ValueError):
    pass


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    postcode: str
    terms: str = "monthly"
    vat_registered: bool = True

    def __post_init__(self):
        if self.terms not in PAYMENT_DAYS:
            raise BadAccount(f"unknown payment terms {self.terms!r}")
        if not self.id.startswith("ACC-"):
            raise BadAccount(f"not an account number: {self.id!r}")

    @property
    def payment_days(self):
        return PAYMENT_DAYS[self.terms]

    def discount_for(self, parcels):
        """Percent off a month in which the account sent ``parcels`` parcels."""
        return discount_percent(parcels)


def discount_percent(parcels):
    tier = max(t for t in DISCOUNT_TIERS if t <= parcels)
    return DISCOUNT_TIERS[tier]
