import datetime as dt

import pytest

from network import NETWORK
from rail.clock import parse_time
from rail.planner import NoJourney, plan

MONDAY, FRIDAY, SUNDAY = dt.date(2024, 6, 3), dt.date(2024, 6, 7), dt.date(2024, 6, 9)


def test_direct_journey():
    j = plan(NETWORK, "BRM", "ELM", MONDAY, parse_time("07:00"))
    assert (j.depart, j.arrive, j.changes) == (parse_time("07:40"), parse_time("09:05"), 0)


def test_change_needs_interchange_time():
    j = plan(NETWORK, "BRM", "FRF", MONDAY, parse_time("06:30"))
    assert [leg.trip for leg in j.legs] == ["C1", "L1", "B2"]
    assert j.arrive == parse_time("09:01")


def test_friday_service():
    j = plan(NETWORK, "CLD", "DUN", FRIDAY, parse_time("07:00"))
    assert j.legs[0].trip == "C2"


def test_sunday_service():
    j = plan(NETWORK, "BRM", "ELM", SUNDAY, parse_time("08:00"))
    assert (j.legs[0].trip, j.arrive) == ("C3", parse_time("10:44"))


def test_no_journey_after_the_last_train():
    with pytest.raises(NoJourney):
        plan(NETWORK, "BRM", "ELM", MONDAY, parse_time("20:00"))
