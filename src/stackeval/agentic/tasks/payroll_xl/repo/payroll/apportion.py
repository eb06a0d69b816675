"""Splitting an amount into parts in proportion to weights, to the penny, so that the parts add up to the
whole (cost centres, shared employer costs, a split bank payment)."""

from decimal import ROUND_DOWN, Decimal

from payroll.money import D, PENNY, pennies


def _floor(amount):
    return D(amount).quantize(PENNY, rounding=ROUND_DOWN)


def split(total, weights):
    """``total`` (pounds) in parts proportional to ``weights``, each a whole number of pennies, adding up to
    ``total`` exactly. The pennies left after rounding go one each to the parts with the largest remainders
    (ties to the earlier part)."""
    total = pennies(total)
    weights = [D(w) for w in weights]
    if not weights:
        raise ValueError("nothing to split into")
    if any(w < 0 for w in weights):
        raise ValueError("negative weight")
    whole = sum(weights)
    if whole == 0:
        raise ValueError("the weights add up to zero")
    exact = [total * w / whole for w in weights]
    shares = [pennies(x) for x in exact]
    left = int((total - sum(shares)) / PENNY)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - shares[i]), i))
    for i in order[:left]:
        shares[i] += PENNY
    return shares


def split_evenly(total, parts):
    return split(total, [1] * parts)


def split_by_percent(total, percents):
    """Percentages must add up to 100."""
    percents = [D(p) for p in percents]
    if sum(percents) != 100:
        raise ValueError(f"percentages add up to {sum(percents)}, not 100")
    return split(total, percents)


def spread(total, periods):
    """An annual amount over the periods of a year: equal parts, the odd pennies in the last period."""
    total = pennies(total)
    part = _floor(total / periods)
    return [part] * (periods - 1) + [total - part * (periods - 1)]


def ratio(part, whole):
    """``part / whole`` as a Decimal, 0 for an empty whole."""
    whole = D(whole)
    return D(part) / whole if whole else Decimal(0)
