"""The hub's sort plan: parcels go into bags by destination depot, a bag holding at most
``BAG_LIMIT_G`` grams and ``BAG_LIMIT_ITEMS`` parcels; bags are filled in the order the parcels arrive
at the hub, a new bag opening when the current one for that depot is full."""

from dataclasses import dataclass, field

from parcels.districts import depot_for

BAG_LIMIT_G = 25_000
BAG_LIMIT_ITEMS = 40


class TooBigForABag(ValueError):
    pass


@dataclass
class Bag:
    depot: str
    number: int
    items: list = field(default_factory=list)
    grams: int = 0

    @property
    def label(self):
        return f"{self.depot}-{self.number:03d}"

    def takes(self, grams):
        return len(self.items) < BAG_LIMIT_ITEMS and self.grams + grams <= BAG_LIMIT_G


def sort_parcels(arrivals):
    """``arrivals`` is a list of ``(parcel id, postcode, grams)`` in arrival order; returns the bags by depot."""
    bags = {}
    for pid, postcode, grams in arrivals:
        if grams > BAG_LIMIT_G:
            raise TooBigForABag(f"{pid}: {grams} g does not fit a bag")
        depot = depot_for(postcode)
        open_bags = bags.setdefault(depot, [])
        if not open_bags or not open_bags[-1].takes(grams):
            open_bags.append(Bag(depot, len(open_bags) + 1))
        bag = open_bags[-1]
        bag.items.append(pid)
        bag.grams += grams
    return bags


def bag_labels(bags):
    return sorted(b.label for depot_bags in bags.values() for b in depot_bags)


def summary(bags):
    """``{depot: (bags, parcels, grams)}``."""
    return {d: (len(bs), sum(len(b.items) for b in bs), sum(b.grams for b in bs)) for d, bs in sorted(bags.items())}
