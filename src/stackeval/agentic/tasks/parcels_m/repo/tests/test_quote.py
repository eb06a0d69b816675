import pytest

from parcels.models import Parcel
from parcels.quote import quote_parcel, shipping_for_order
from parcels.rates import TooHeavy, billable_grams

SMALL = Parcel(weight_g=800, length_cm=20, width_cm=15, height_cm=10)
BULKY = Parcel(weight_g=900, length_cm=50, width_cm=40, height_cm=30)  # 60000 cm3: 12 kg volumetric


def test_small_parcel_prices():
    assert quote_parcel(SMALL, "BS1 4DJ") == 520
    assert quote_parcel(SMALL, "BS1 4DJ", "EXP") == 832


def test_bulky_parcel_is_billed_by_volume():
    assert billable_grams(BULKY) == 12000
    assert quote_parcel(BULKY, "N1 9GU") == 2200


def test_a_started_100_grams_is_charged():
    assert billable_grams(Parcel(weight_g=1020, length_cm=10, width_cm=10, height_cm=10)) == 1100


def test_just_over_a_kilo_costs_the_two_kilo_band():
    assert quote_parcel(Parcel(weight_g=1001, length_cm=10, width_cm=10, height_cm=10), "E1 6AN") == 600


def test_too_heavy_is_refused():
    with pytest.raises(TooHeavy):
        quote_parcel(Parcel(weight_g=20_500, length_cm=10, width_cm=10, height_cm=10), "E1 6AN")


def test_free_shipping_only_above_the_threshold():
    assert shipping_for_order(4999, [SMALL], "E1 6AN") == 450
    assert shipping_for_order(5000, [SMALL], "E1 6AN") == 0
    assert shipping_for_order(5000, [SMALL], "E1 6AN", "EXP") == 720
