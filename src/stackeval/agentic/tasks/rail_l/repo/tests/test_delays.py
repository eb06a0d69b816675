import pytest

from network import NETWORK
from rail.delays import BadDelay, apply_delays, parse_delays


def test_parse_delays():
    assert parse_delays("C1 cld +7\n\nB2 ASJ +3\n") == [("C1", "CLD", 7), ("B2", "ASJ", 3)]
    with pytest.raises(BadDelay):
        parse_delays("C1 CLD -3")


def test_a_delay_holds_for_the_rest_of_the_trip():
    live = apply_delays(NETWORK, parse_delays("C1 CLD +7"))
    calls = live.trips["C1"].calls
    assert [(c.station, c.arrive - 400, c.depart - 400) for c in calls[:3]] == [
        ("BRM", 0, 0), ("CLD", 12, 20), ("ASF", 47, 49)]


def test_unknown_trips_are_ignored():
    live = apply_delays(NETWORK, parse_delays("X9 CLD +7"))
    assert sorted(live.trips) == sorted(NETWORK.trips)
