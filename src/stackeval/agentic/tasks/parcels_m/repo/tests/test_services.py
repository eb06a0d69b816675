import datetime as dt

import pytest

from parcels.insurance import NotInsurable, cover_cost
from parcels.pickup import NoSlot, first_collection_day, slots_on
from parcels.returns import ReturnRefused, return_label


def test_cover_cost():
    assert [cover_cost(v) for v in (4000, 5000, 6000, 20000)] == [0, 0, 50, 225]
    with pytest.raises(NotInsurable):
        cover_cost(20000, "ECO")


def test_collection_days_skip_weekends_and_the_cutoff():
    assert first_collection_day(dt.datetime(2024, 6, 3, 9, 0)) == dt.date(2024, 6, 4)
    assert first_collection_day(dt.datetime(2024, 6, 7, 13, 0)) == dt.date(2024, 6, 10)
    assert slots_on(dt.date(2024, 6, 4), taken=[(8, 10)])[0] == "10:00-12:00"
    with pytest.raises(NoSlot):
        slots_on(dt.date(2024, 6, 8))


def test_return_labels():
    assert return_label("S-1", 2, dt.date(2024, 6, 1), dt.date(2024, 6, 20), "bs1 4dj") == "RTN|S-1|2|BS14DJ|2024-06-20"
    with pytest.raises(ReturnRefused):
        return_label("S-1", 2, dt.date(2024, 6, 1), dt.date(2024, 7, 2), "BS1 4DJ")
