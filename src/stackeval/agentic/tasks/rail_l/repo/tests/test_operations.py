import pytest

from network import TEXT
from rail.crew import Driver, Duty, driving_spells, problems
from rail.diagrams import Diagram, chain, check
from rail.loader import load
from rail.loading import hop_loads, needs_strengthening, peak_load
from rail.platforms import allocate, busiest_minute
from rail.seats import NoSeat, SeatMap
from rail.stock import BadFormation, Formation, smallest_for, split

TT = load(TEXT)


def test_formations():
    f = Formation.parse("165+166")
    assert (f.cars, f.seats, f.capacity, f.max_kmh) == (6, 540, 800, 145)
    assert str(split(Formation.parse("150+156+158"), 1)[1]) == "156+158"
    with pytest.raises(BadFormation):
        Formation.parse("165+375")
    assert str(smallest_for(300, "sprinter", seated=True)) == "150+150+150"


def test_diagrams():
    assert check(Diagram("D1", Formation.parse("165"), ("L1", "B1")), TT) == [
        "D1: 1 min to turn round at ASJ (07:27 to 07:28), 6 needed"]
    long = check(Diagram("D2", Formation.parse("375+375"), ("B2",)), TT)
    assert long == ["D2: 375+375 (162 m) is too long for ASJ on B2", "D2: 375+375 (162 m) is too long for FRF on B2"]
    assert chain(TT, ["C1", "C2", "L1", "L2"]) == [("C1",), ("L1",), ("C2",), ("L2",)]


def test_crew_rules():
    driver = Driver("d7", "Sam", frozenset({"Coast"}))
    duty = Duty("X1", driver, ("C1", "B1"))
    assert problems(duty, TT) == ["X1: Sam does not know the Branch route (B1)", "X1: B1 leaves before C1 arrives"]
    assert driving_spells(Duty("X2", driver, ("L1", "B2")), TT) == [3, 33]  # an hour at ASJ is a break
    assert driving_spells(Duty("X3", driver, ("L1", "L2")), TT) == [6]  # a gap elsewhere is not


def test_platforms():
    occ, clashes = allocate(TT, "ASF")
    assert [(o.trip, o.platform) for o in occ][:3] == [("C1", "1"), ("L1", "2"), ("C2", "1")]
    assert clashes == []
    assert busiest_minute(TT, "ASF") == (7 * 60 + 20, 1)


def test_loadings():
    trip = TT.trips["C1"]
    counts = {"BRM": (120, 0), "CLD": (200, 20), "ASF": (40, 150), "DUN": (10, 60), "ELM": (0, 140)}
    hops = hop_loads(trip, counts, Formation.parse("158"))
    assert [h.on_board for h in hops] == [120, 300, 190, 140]
    assert peak_load(hops) == 300 and [h.status for h in hops][:2] == ["ok", "overloaded"]
    assert needs_strengthening(hops)


def test_seat_reservations():
    seats = SeatMap(TT, coaches=1)
    assert seats.reserve("C1", "BRM", "ASF") == "A1"
    assert seats.reserve("C1", "ASF", "ELM") == "A1"
    assert seats.reserve("C1", "CLD", "DUN") == "A2"
    assert seats.load("C1") == [1, 2, 2, 1]
    with pytest.raises(NoSeat):
        seats.reserve("C1", "BRM", "CLD", seat="A1")
