import pytest

from parcels.labels import label_lines
from parcels.models import Parcel, Shipment
from parcels.tracking import BadLabel, depot_manifest, parse_label

A = Parcel(weight_g=800, length_cm=20, width_cm=15, height_cm=10)
B = Parcel(weight_g=2300, length_cm=30, width_cm=20, height_cm=10)


def test_label_format():
    s = Shipment("S-1", "G2 1DY", "EXP", [A, B])
    assert label_lines(s) == ["PCL|S-1|EXP|3|1/2|800", "PCL|S-1|EXP|3|2/2|2300"]


def test_scans_read_back_what_the_labels_say():
    s = Shipment("S-9", "CF10 1AA", "ECO", [B, A])
    scans = [parse_label(line) for line in label_lines(s)]
    assert [(x.shipment_id, x.zone, x.index, x.of, x.grams) for x in scans] == [
        ("S-9", 2, 1, 2, 2300), ("S-9", 2, 2, 2, 800)]


def test_manifest_groups_and_orders_scans():
    lines = label_lines(Shipment("S-2", "E1 6AN", "STD", [A, B])) + label_lines(Shipment("S-3", "M1 1AE", "STD", [A]))
    manifest = depot_manifest(list(reversed(lines)))
    assert sorted(manifest) == ["S-2", "S-3"]
    assert [s.index for s in manifest["S-2"]] == [1, 2]


def test_scan_keeps_the_service():
    scan = parse_label(label_lines(Shipment("S-4", "E1 6AN", "ECO", [A]))[0])
    assert scan.service == "ECO"


def test_bad_label_is_refused():
    with pytest.raises(BadLabel):
        parse_label("XYZ|1|2")
