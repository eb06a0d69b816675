"""Routes: the named lines of the network, as the timetable runs them.

A route's stopping pattern is the longest sequence of stations its trips call at; a trip of the route may
call at fewer stations (a short working) but never in another order, except that a trip may run the whole
pattern in reverse (the up and the down direction).
"""

from dataclasses import dataclass

from rail.geo import distance_km


class BadRoute(ValueError):
    pass


@dataclass(frozen=True)
class Route:
    name: str
    stations: tuple
    trips: tuple

    @property
    def termini(self):
        return self.stations[0], self.stations[-1]

    def length_km(self):
        """The route's length, as the sum of the straight lines between consecutive stations."""
        return sum(distance_km(a, b) for a, b in zip(self.stations, self.stations[1:]))

    def direction(self, trip):
        """``"down"`` when ``trip`` runs in the pattern's order, ``"up"`` when it runs against it."""
        calls = [c.station for c in trip.calls]
        if _is_subsequence(calls, self.stations):
            return "down"
        if _is_subsequence(calls, self.stations[::-1]):
            return "up"
        raise BadRoute(f"trip {trip.id} does not follow route {self.name}")


def _is_subsequence(small, big):
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def _pattern(trips):
    longest = max(trips, key=lambda t: (len(t.calls), t.id))
    return tuple(c.station for c in longest.calls)


def routes_of(timetable):
    """The routes of a timetable by name, each with its trips in id order."""
    by_name = {}
    for trip in timetable.trips.values():
        by_name.setdefault(trip.route, []).append(trip)
    out = {}
    for name, trips in sorted(by_name.items()):
        trips.sort(key=lambda t: t.id)
        route = Route(name, _pattern(trips), tuple(trips))
        for t in trips:
            route.direction(t)  # refuses a trip out of pattern
        out[name] = route
    return out


def serving(timetable, station):
    """The names of the routes that call at ``station``."""
    return sorted(name for name, r in routes_of(timetable).items() if station in r.stations)


def interchanges(timetable):
    """Stations served by more than one route, with the routes, by code."""
    seen = {}
    for name, r in routes_of(timetable).items():
        for s in r.stations:
            seen.setdefault(s, set()).add(name)
    return {s: sorted(names) for s, names in sorted(seen.items()) if len(names) > 1}
