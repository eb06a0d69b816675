"""Reading labels back when a parcel is scanned at a depot."""

from dataclasses import dataclass


class BadLabel(ValueError):
    pass


@dataclass(frozen=True)
class Scan:
    shipment_id: str
    service: str
    zone: int
    index: int
    of: int
    grams: int


def parse_label(line):
    parts = line.strip().split("|")
    if len(parts) < 5 or parts[0] != "PCL":
        raise BadLabel(f"not a parcel label: {line!r}")
    shipment_id, zone, position, grams = parts[1], parts[2], parts[3], parts[4]
    index, _, of = position.partition("/")
    return Scan(shipment_id, "STD", int(zone), int(index), int(of), int(grams))


def depot_manifest(lines):
    """Scans grouped by shipment, each group in parcel order."""
    out = {}
    for line in lines:
        scan = parse_label(line)
        out.setdefault(scan.shipment_id, []).append(scan)
    return {k: sorted(v, key=lambda s: s.index) for k, v in out.items()}
