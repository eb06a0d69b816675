"""Business expenses paid through the payroll: mileage allowance payments and other reimbursements.

Approved mileage rates (a tax year's business miles in the employee's own vehicle): cars and vans 45p a mile
for the first 10,000 miles and 25p after; motorcycles 24p; bicycles 20p; plus 5p a mile per passenger on
the same business trip. Paying more than the approved amount makes the excess taxable pay (and NI-able);
paying less lets the employee claim relief on the difference themselves.
"""

from dataclasses import dataclass
from decimal import Decimal

from payroll.money import D, pennies

CAR_FIRST = Decimal("0.45")
CAR_AFTER = Decimal("0.25")
CAR_THRESHOLD = 10000
MOTORCYCLE = Decimal("0.24")
BICYCLE = Decimal("0.20")
PASSENGER = Decimal("0.05")


@dataclass(frozen=True)
class Claim:
    miles: int
    vehicle: str = "car"  # "car", "motorcycle", "bicycle"
    passengers: int = 0
    paid_per_mile: Decimal | None = None  # the employer's rate; None: the approved rate


def approved(miles, vehicle="car", miles_before=0, passengers=0):
    """The approved amount for ``miles`` business miles after ``miles_before`` this tax year."""
    miles, before = int(miles), int(miles_before)
    if vehicle == "car":
        first = max(0, min(miles, CAR_THRESHOLD - before))
        amount = first * CAR_FIRST + (miles - first) * CAR_AFTER
    elif vehicle == "motorcycle":
        amount = miles * MOTORCYCLE
    elif vehicle == "bicycle":
        amount = miles * BICYCLE
    else:
        raise ValueError(f"unknown vehicle {vehicle!r}")
    return pennies(amount + miles * passengers * PASSENGER)


def settle(claim, miles_before=0):
    """(paid, approved, taxable excess, relief the employee can claim)."""
    ok = approved(claim.miles, claim.vehicle, miles_before, claim.passengers)
    if claim.paid_per_mile is None:
        paid = ok
    else:
        paid = pennies(D(claim.paid_per_mile) * claim.miles)
    excess = max(Decimal(0), paid - ok)
    relief = max(Decimal(0), ok - paid)
    return paid, ok, excess, relief


def settle_year(claims):
    """Settle a year's claims in order, carrying the miles forward: [(paid, approved, excess, relief)]."""
    out, before = [], 0
    for claim in claims:
        out.append(settle(claim, before))
        if claim.vehicle == "car":
            before += claim.miles
    return out


# --- subsistence: HMRC's benchmark scale rates --------------------------------------------------------

SUBSISTENCE = [(5, Decimal(5)), (10, Decimal(10)), (15, Decimal(25))]
LATE_EVENING = Decimal(15)


def subsistence(hours_away, after_8pm=False):
    """The most that can be paid tax-free for a qualifying journey of ``hours_away`` hours."""
    amount = Decimal(0)
    for hours, rate in SUBSISTENCE:
        if hours_away >= hours:
            amount = rate
    if after_8pm:
        amount = max(amount, LATE_EVENING)
    return amount


def taxable_subsistence(paid, hours_away, after_8pm=False):
    return max(Decimal(0), D(paid) - subsistence(hours_away, after_8pm))


def overnight_incidentals(nights, abroad=False):
    """Personal incidental expenses paid tax-free for nights away: £5 a night in the UK, £10 abroad."""
    return Decimal(10 if abroad else 5) * nights
