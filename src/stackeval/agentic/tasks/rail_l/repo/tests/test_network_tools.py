import datetime as dt

from network import TEXT
from rail.checks import check_all
from rail.disruption import apply_disruption, cancelled, lost_calls, parse_disruption
from rail.export import feed, gtfs_time
from rail.formatting import money, table
from rail.journeys import describe, fewest_changes, options
from rail.loader import load
from rail.mileage import too_fast, trip_km
from rail.notices import notices_for
from rail.railcards import discounted
from rail.reports import day_report
from rail.routes import interchanges, routes_of
from rail.tickets import Ticket, valid_on

TUESDAY = dt.date(2024, 6, 4)


def test_routes():
    routes = routes_of(load(TEXT))
    assert routes["Coast"].termini == ("BRM", "ELM")
    assert interchanges(load(TEXT)) == {"ASF": ["Coast", "Link"], "ASJ": ["Branch", "Link"]}
    assert round(trip_km(load(TEXT).trips["C1"])) == 175


def test_timetable_checks():
    assert check_all(load(TEXT)) == {"running": ["C1: CLD-ASF needs 188 km/h", "C2: CLD-ASF needs 188 km/h",
                                                 "C3: CLD-ASF needs 169 km/h"]}
    fast = load("trip F1 route Coast days MTWTFSS\n  BRM 10:00\n  ELM 10:20\n")
    assert too_fast(fast.trips["F1"]) == [("BRM", "ELM", 326)]


def test_gtfs_export():
    files = feed(load(TEXT), dt.date(2024, 6, 1), dt.date(2024, 12, 31))
    assert gtfs_time(24 * 60 + 35) == "24:35:00"
    assert files["stop_times.txt"].splitlines()[1] == "B1,07:28:00,07:28:00,ASJ,1"
    assert "S_xxxxxSS,0,0,0,0,0,1,1,20240601,20241231" in files["calendar.txt"].splitlines()


def test_disruption():
    tt = load(TEXT)
    live = apply_disruption(tt, parse_disruption("CANCEL L2\nTERMINATE C2 ASF\nSKIP C1 CLD"))
    assert cancelled(tt, live) == ["L2"]
    assert lost_calls(tt, live) == [("C1", "CLD"), ("C2", "DUN"), ("C2", "ELM"), ("L2", "ASF"), ("L2", "ASJ")]
    assert notices_for(tt, live, "ASF")[0] == "The 07:40 from Bramley will terminate at Ashford."
    report = day_report(tt, live)
    assert "Cancelled: L2" in report and report[5].split() == ["Branch", "2", "2", "100.0"]


def test_journey_options():
    found = options(load(TEXT), "BRM", "FRF", TUESDAY, 6 * 60)
    assert [describe(j)[-1] for j in found] == ["141 min, 2 change(s)"]
    assert fewest_changes(found).legs[0].trip == "C1"


def test_railcards_and_tickets():
    assert discounted(1500, "", 480, TUESDAY) == 1500
    assert discounted(1500, "SNR", 480, TUESDAY) == 990
    assert discounted(1500, "YNG", 480, TUESDAY) == 1200
    assert discounted(1500, "NET", 480, TUESDAY) == 1500
    off_peak = Ticket("T-2", "SOR", "BRM", "ELM", TUESDAY, 2000)
    assert valid_on(off_peak, dt.date(2024, 7, 5), 600) and not valid_on(off_peak, dt.date(2024, 7, 6), 600)


def test_text_tables():
    assert table(("a", "n"), [("x", 1), ("yy", 10)]) == ["a    n", "--  --", "x    1", "yy  10"]
    assert money(-1205) == "-12.05"
