"""Tips, gratuities and service charges (the Employment (Allocation of Tips) Act 2023, from October 2024).

All qualifying tips must reach the workers in full, allocated fairly, by the end of the month after the
month they were paid. Tips the employer controls (card tips, service charges) go through the payroll: taxed,
and NI'd unless a tronc run independently of the employer allocates them. Cash tips kept by the worker are
not the payroll's business."""

from decimal import Decimal

from payroll.apportion import split
from payroll.money import D


def allocate_by_hours(pool, hours):
    """``pool`` shared in proportion to hours worked: {employee id: pounds}."""
    ids = sorted(hours)
    weights = [D(hours[i]) for i in ids]
    if not ids or sum(weights) == 0:
        return {}
    return dict(zip(ids, split(pool, weights)))


def allocate_by_points(pool, points, hours=None):
    """A points system (a share per role), optionally times hours: {employee id: pounds}."""
    ids = sorted(points)
    weights = [D(points[i]) * (D(hours[i]) if hours else 1) for i in ids]
    if not ids or sum(weights) == 0:
        return {}
    return dict(zip(ids, split(pool, weights)))


def ni_due(through_tronc, tronc_independent):
    """Whether employee and employer NI is due on tips paid through the payroll."""
    return not (through_tronc and tronc_independent)


def deadline(month_received_year, month_received):
    """(year, month) by whose end tips received in a month must be paid out."""
    month = month_received + 1
    year = month_received_year + (month > 12)
    return year, month - 12 if month > 12 else month


def unpaid(received, paid_out):
    return max(Decimal(0), D(received) - D(paid_out))


def written_policy_required(pays_tips):
    """Employers who receive tips must have a written policy on them, available to workers."""
    return bool(pays_tips)


def tip_record(received, allocated, paid_on):
    """A line of the three-year record employers must keep: month, received, allocated, paid out on."""
    return {"received": D(received), "allocated": D(allocated), "paid_on": paid_on.isoformat(),
            "kept_back": unpaid(received, allocated)}
