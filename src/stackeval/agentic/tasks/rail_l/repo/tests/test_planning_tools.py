import datetime as dt

from network import TEXT
from rail.demand import assign, busiest, parse_flows, trip_profile
from rail.editions import added, retimings, summary
from rail.engineering import Possession, affected, extra_minutes, replacement_buses
from rail.export import feed
from rail.gtfs_import import load_feed
from rail.headways import clock_face, departures, describe, per_hour
from rail.loader import load

TUESDAY = dt.date(2024, 6, 4)


def test_engineering_works():
    tt = load(TEXT)
    works = Possession("CLD", "ASF", 6 * 60 + 30, 8 * 60)
    assert affected(tt, works) == ["C1", "C2"]
    assert replacement_buses(tt, works)[0].line() == "C1: bus CLD 07:03 -> ASF 07:56"
    assert extra_minutes(tt, works) == {"C1": 36, "C2": 36}


def test_a_new_edition():
    old = load(TEXT)
    new = load(TEXT.replace("  ASF 08:20 08:22", "  ASF 08:21 08:23").replace("trip L2 ", "trip L3 "))
    assert added(old, new) == ["L3"]
    assert [r.line() for r in retimings(old, new)] == ["C2 at ASF: 08:22 -> 08:23 (+1)"]
    assert summary(old, new)[:2] == ["new trip L3", "withdrawn L2"]


def test_headways():
    times = departures(load(TEXT), "ASF", TUESDAY)
    assert per_hour(times) == {7: 2, 8: 2}
    assert clock_face(times) and not clock_face([420, 450, 490])
    assert describe(times) == "4 departures, 07:22 to 08:24; longest gap 58 min after 07:24; clock-face"


def test_demand_assignment():
    tt = load(TEXT)
    flows = parse_flows("BRM ELM 7 120\nCLD FRF 6 30  # to the branch\nELM BRM 7 5\n")
    loads, unserved = assign(tt, flows, TUESDAY)
    assert trip_profile(tt, loads, "C2") == [120, 120, 120, 120]
    assert trip_profile(tt, loads, "C1") == [0, 30, 0, 0]
    assert [f.origin for f in unserved] == ["ELM"]
    assert busiest(loads, 1) == [(120, "C2", "ASF", "DUN")]


def test_gtfs_round_trip():
    tt = load(TEXT)
    back = load_feed(feed(tt, TUESDAY, TUESDAY))
    assert sorted(back.trips) == sorted(tt.trips)
    assert back.trips["C3"].days == ".....SS"
    assert [(c.station, c.arrive, c.depart) for c in back.trips["C1"].calls] == [
        (c.station, c.arrive, c.depart) for c in tt.trips["C1"].calls]
