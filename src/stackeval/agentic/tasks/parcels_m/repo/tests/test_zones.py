from parcels.zones import REMOTE, area, zone_for


def test_area_of_a_postcode():
    assert area("BS1 4DJ") == "BS"
    assert area("E1 6AN") == "E"


def test_zone_of_known_areas():
    assert zone_for("SW1A 1AA") == 1
    assert zone_for("IV2 3BW") == 4


def test_unknown_area_is_remote():
    assert zone_for("QQ1 1QQ") == REMOTE
