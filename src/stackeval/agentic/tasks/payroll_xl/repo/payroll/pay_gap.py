"""Gender pay gap reporting (employers with 250 or more staff): the figures for the snapshot date
(5 April for private employers), from the pay period that includes it.

Hourly pay is ordinary pay (basic, allowances, shift premiums, pay for leave; not overtime) over the hours
of the period. Bonus pay is the twelve months to the snapshot date. Mean and median gaps are the men's
figure less the women's, as a percentage of the men's; quartiles split the staff by hourly pay."""

from decimal import Decimal
from statistics import median

from payroll.money import D

PLACES = Decimal("0.1")


def hourly(ordinary_pay, hours):
    return D(ordinary_pay) / D(hours) if hours else Decimal(0)


def gap(men, women):
    """(mean gap %, median gap %) from two lists of hourly pay."""
    if not men or not women:
        return None, None
    mean_m, mean_w = sum(men) / len(men), sum(women) / len(women)
    med_m, med_w = D(median(men)), D(median(women))
    return ((mean_m - mean_w) / mean_m * 100).quantize(PLACES), ((med_m - med_w) / med_m * 100).quantize(PLACES)


def quartiles(staff):
    """``staff``: (hourly pay, sex) pairs. Four lists, lowest pay first, as equal as possible; people on the
    same pay straddling a boundary are split by the order they arrive in."""
    ordered = sorted(staff, key=lambda s: s[0])
    n = len(ordered)
    bounds = [round(n * q / 4) for q in range(5)]
    return [ordered[bounds[i]:bounds[i + 1]] for i in range(4)]


def quartile_shares(staff):
    """Per quartile, (% men, % women)."""
    out = []
    for q in quartiles(staff):
        if not q:
            out.append((Decimal(0), Decimal(0)))
            continue
        men = sum(1 for _, sex in q if sex == "M")
        share = (Decimal(men) / len(q) * 100).quantize(PLACES)
        out.append((share, Decimal(100) - share))
    return out


def bonus_proportions(bonuses):
    """``bonuses``: (bonus paid in the 12 months, sex). (% of men with a bonus, % of women with a bonus)."""
    def share(sex):
        group = [b for b, s in bonuses if s == sex]
        return (Decimal(sum(1 for b in group if b > 0)) / len(group) * 100).quantize(PLACES) if group else None
    return share("M"), share("F")
