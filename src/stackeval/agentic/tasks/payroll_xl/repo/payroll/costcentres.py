"""Cost centres: where an employee's pay is charged. An employee's pay is split over their cost centres by
percentage (``{"OPS": 60, "IT": 40}``); employees without a split are charged to their department's default
centre."""

from collections import OrderedDict
from decimal import Decimal

from payroll.apportion import split_by_percent
from payroll.errors import ConfigError

DEFAULT_CENTRE = "GEN"

NOMINAL_CODES = {
    "gross": "7000",
    "employer_ni": "7006",
    "employer_pension": "7007",
    "benefits": "7010",
    "tax": "2210",
    "employee_ni": "2211",
    "student_loan": "2212",
    "pension": "2220",
    "attachments": "2230",
    "net": "2250",
}


def centres_of(employee):
    """The employee's split as an ordered mapping centre -> percent."""
    split = getattr(employee, "cost_centres", None) or {DEFAULT_CENTRE: Decimal(100)}
    total = sum(Decimal(p) for p in split.values())
    if total != 100:
        raise ConfigError(f"{employee.id}: cost centre split adds up to {total}, not 100")
    return OrderedDict((c, Decimal(p)) for c, p in split.items())


def allocate(employee, amount):
    """``amount`` split over the employee's cost centres: {centre: pounds}, adding up to ``amount``."""
    centres = centres_of(employee)
    parts = split_by_percent(amount, list(centres.values()))
    return dict(zip(centres, parts))


def allocate_costs(employee, costs):
    """Each named cost (gross, employer NI, employer pension, ...) split over the employee's centres:
    {(centre, cost name): pounds}."""
    out = {}
    for name, amount in costs.items():
        if not amount:
            continue
        for centre, part in allocate(employee, amount).items():
            out[(centre, name)] = out.get((centre, name), Decimal(0)) + part
    return out


def totals_by_centre(allocations):
    """{centre: total pounds} from allocate_costs results of several employees."""
    out = {}
    for alloc in allocations:
        for (centre, _name), amount in alloc.items():
            out[centre] = out.get(centre, Decimal(0)) + amount
    return dict(sorted(out.items()))


def nominal(name):
    try:
        return NOMINAL_CODES[name]
    except KeyError:
        raise ConfigError(f"no nominal code for {name!r}") from None


def split_on(employee, history, day):
    """The cost-centre split in force on ``day``: ``history`` is [(effective date, {centre: percent})] for
    the employee; before the first entry, the record's own split."""
    current = centres_of(employee)
    for effective, split in sorted(history, key=lambda h: h[0]):
        if effective <= day:
            total = sum(Decimal(p) for p in split.values())
            if total != 100:
                raise ConfigError(f"{employee.id}: split from {effective} adds up to {total}, not 100")
            current = OrderedDict((c, Decimal(p)) for c, p in split.items())
    return current


def recharge(allocations, rate):
    """What each centre is recharged for overheads: its cost times ``rate`` (a fraction), to the penny."""
    from payroll.money import pennies

    return {centre: pennies(amount * Decimal(rate)) for centre, amount in totals_by_centre(allocations).items()}
