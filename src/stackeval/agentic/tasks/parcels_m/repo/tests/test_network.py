import datetime as dt

import pytest

from parcels.addresses import Address, BadAddress, address_block, tidy_postcode
from parcels.districts import UnknownDistrict, collection_day, delivery_date, district, outward
from parcels.sorting import TooBigForABag, bag_labels, sort_parcels, summary


def test_outward_codes():
    assert [outward(p) for p in ("BS1 4DJ", "bs14dj", " EC1A 1BB ", "W1")] == ["BS1", "BS1", "EC1A", "W1"]
    assert district("G2 1DY").post_town == "Glasgow"
    with pytest.raises(UnknownDistrict):
        district("QQ1 1QQ")


def test_delivery_promises():
    monday_morning = dt.datetime(2024, 6, 3, 9, 0)
    assert collection_day("BS1 4DJ", monday_morning) == dt.date(2024, 6, 3)
    assert delivery_date("BS1 4DJ", monday_morning) == dt.date(2024, 6, 4)
    assert delivery_date("BS1 4DJ", dt.datetime(2024, 6, 8, 9, 0)) == dt.date(2024, 6, 11)
    assert delivery_date("ZE1 0AA", monday_morning) > dt.date(2024, 6, 4)


def test_address_blocks():
    assert tidy_postcode("bs14dj") == "BS1 4DJ"
    block = address_block(Address("A. Reader", ("12 Quay St", ""), "bs1 4dj"))
    assert block == ["A. Reader", "12 Quay St", "BRISTOL", "BS1 4DJ"]
    with pytest.raises(BadAddress):
        tidy_postcode("12345")


def test_sort_plan():
    arrivals = [(f"P{i}", "BS1 4DJ", 9000) for i in range(3)] + [("Q1", "G2 1DY", 500)]
    bags = sort_parcels(arrivals)
    assert bag_labels(bags) == ["DBS-001", "DBS-002", "DGX-001"]
    assert summary(bags)["DBS"] == (2, 3, 27000)
    with pytest.raises(TooBigForABag):
        sort_parcels([("X", "BS1 4DJ", 30_000)])
