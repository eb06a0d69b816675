"""The P11D: benefits in kind and expenses that were *not* payrolled, reported per employee after the
tax year (by 6 July), with the employer's P11D(b) for the Class 1A NI on all of them.

Sections follow HMRC's form: A assets transferred, B payments made on behalf of the employee, C vouchers
and credit cards, D living accommodation, E mileage allowance and passenger payments (the taxable excess),
F cars and car fuel, G vans and van fuel, H interest-free and low-interest loans, I private medical
treatment or insurance, J qualifying relocation expenses over £8,000, K services supplied, L assets placed at
the employee's disposal, M other items, N expenses payments.
"""

from dataclasses import dataclass, field
from decimal import Decimal

from payroll import benefits
from payroll.money import D, pennies

SECTIONS = "ABCDEFGHIJKLMN"
RELOCATION_EXEMPT = Decimal(8000)
VAN_BENEFIT = {2023: Decimal(3960), 2024: Decimal(3960), 2025: Decimal(4020)}
VAN_FUEL = {2023: Decimal(757), 2024: Decimal(757), 2025: Decimal(769)}
TRIVIAL_LIMIT = Decimal(50)


@dataclass
class Return:
    employee: str
    year: int
    items: dict = field(default_factory=dict)  # section letter -> [(description, cash equivalent)]
    payrolled: set = field(default_factory=set)  # sections payrolled instead (left off the form)

    def add(self, section, description, amount):
        if section not in SECTIONS:
            raise ValueError(f"no P11D section {section!r}")
        if section in self.payrolled:
            return
        value = pennies(amount)
        if value <= 0:
            return
        self.items.setdefault(section, []).append((description, value))

    def section_total(self, section):
        return sum((v for _, v in self.items.get(section, [])), Decimal(0))

    @property
    def total(self):
        return sum((self.section_total(s) for s in self.items), Decimal(0))

    @property
    def class_1a_total(self):
        """Section N (expenses payments) and section B items on which Class 1 NI was due are left out."""
        return self.total - self.section_total("N") - self.section_total("B")

    def lines(self):
        out = [f"P11D {self.year}-{(self.year + 1) % 100:02d}: {self.employee}"]
        for s in SECTIONS:
            for description, value in self.items.get(s, []):
                out.append(f"  {s}  {description:<40}{value:>12}")
        out.append(f"  total{'':<39}{self.total:>12}")
        return out


def trivial(cost, reason_is_work=False, cash=False):
    """A trivial benefit (£50 or less, not cash, not a reward for work) is exempt and not reported."""
    return D(cost) <= TRIVIAL_LIMIT and not cash and not reason_is_work


def van(year, days_available=None, days_in_year=365, fuel=False, zero_emission=False):
    value = Decimal(0) if zero_emission else VAN_BENEFIT[year]
    if fuel and not zero_emission:
        value += VAN_FUEL[year]
    if days_available is not None:
        value = value * days_available / days_in_year
    return pennies(value)


def relocation(costs):
    return max(Decimal(0), D(costs) - RELOCATION_EXEMPT)


def build(employee_id, year, car=None, medical=Decimal(0), loan=None, relocation_costs=Decimal(0),
          van_days=None, other=(), payrolled=()):
    """A P11D from the year's facts. ``loan``: (start balance, end balance, interest paid); ``other``:
    (section, description, amount) items."""
    ret = Return(employee_id, year, payrolled=set(payrolled))
    if car is not None:
        ret.add("F", "car", benefits.car_benefit(car, year))
        ret.add("F", "car fuel", benefits.fuel_benefit(car, year))
    if van_days is not None:
        ret.add("G", "van", van(year, van_days))
    if medical:
        ret.add("I", "private medical insurance", medical)
    if loan is not None:
        ret.add("H", "beneficial loan", benefits.loan_benefit(*loan, year))
    if relocation_costs:
        ret.add("J", "relocation over £8,000", relocation(relocation_costs))
    for section, description, amount in other:
        ret.add(section, description, amount)
    return ret


def p11d_b(returns, year):
    """(total of benefits liable to Class 1A, the Class 1A NI due)."""
    total = sum((r.class_1a_total for r in returns), Decimal(0))
    return total, benefits.class_1a(total, year)
