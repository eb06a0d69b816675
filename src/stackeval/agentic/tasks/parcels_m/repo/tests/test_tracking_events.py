import datetime as dt

from parcels.events import Event, attempts, on_time, status
from parcels.models import Parcel, Shipment
from parcels.stats import express_share, heaviest, parcels_by_zone


def _at(day, hour):
    return dt.datetime(2024, 6, day, hour, 0)


def test_tracking_history():
    events = [Event("P1", "delivered", _at(5, 14)), Event("P1", "collected", _at(3, 10)),
              Event("P1", "at_hub", _at(3, 20)), Event("P1", "out_for_delivery", _at(4, 8)),
              Event("P1", "failed_attempt", _at(4, 12)), Event("P1", "at_depot", _at(4, 18)),
              Event("P1", "at_hub", _at(4, 19)), Event("P1", "out_for_delivery", _at(5, 8))]
    assert status(events, "P1") == "delivered"
    assert attempts(events, "P1") == 2
    assert on_time(events, "P1", "BS1 4DJ") is False
    assert on_time(events[1:], "P1", "BS1 4DJ") is None


def test_account_stats():
    month = [Shipment("A", "BS1 4DJ", "EXP", [Parcel(900, 1, 1, 1), Parcel(2500, 1, 1, 1)]),
             Shipment("B", "IV2 3BW", "STD", [Parcel(1200, 1, 1, 1)])]
    assert parcels_by_zone(month) == {2: 2, 4: 1}
    assert express_share(month) == 66.7
    assert heaviest(month, 2) == [(2500, "A", 2), (1200, "B", 1)]
