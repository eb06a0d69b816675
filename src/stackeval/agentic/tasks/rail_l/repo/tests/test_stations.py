import pytest

from rail.geo import bearing_deg, compass_point, distance_km, nearest
from rail.stations import UnknownStation, find, get


def test_find_by_code_and_by_name():
    assert find("cld").name == "Coldharbour"
    assert find("Elmstead Road").code == "EOB"
    with pytest.raises(UnknownStation):
        find("Nowhere")


def test_a_unique_prefix_finds_the_station():
    assert find("coldha").code == "CLD"
    assert find("Fairfield P").code == "FRF"


def test_distances_and_bearings():
    assert round(distance_km("BRM", "CLD"), 1) == 6.6
    assert compass_point(bearing_deg("ASF", "ELM")) == "E"
    assert distance_km("ASF", "ASF") == 0


def test_nearest_station():
    s = get("ASF")
    found = nearest(s.lat, s.lon, limit=2)
    assert [x.code for _, x in found] == ["ASF", "ASJ"]
