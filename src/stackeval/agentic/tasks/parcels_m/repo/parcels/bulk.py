"""Bulk upload: a business account's shipments as CSV, one parcel a row.

    shipment,postcode,service,country,weight_g,length_cm,width_cm,height_cm,value_cents,contents

Rows with the same shipment id form one shipment (its postcode, service and country come from the first
row and must agree on the others). Bad rows are reported by line number and left out; a shipment with a
bad row is left out whole.
"""

import csv
import io

from parcels.models import SERVICES, Parcel, Shipment

COLUMNS = ["shipment", "postcode", "service", "country", "weight_g", "length_cm", "width_cm", "height_cm",
           "value_cents", "contents"]
INTS = ["weight_g", "length_cm", "width_cm", "height_cm", "value_cents"]


class BadUpload(ValueError):
    pass


def _row(n, row):
    if any(row.get(c) in (None, "") for c in COLUMNS[:-1]):
        raise BadUpload(f"line {n}: a column is empty")
    if row["service"] not in SERVICES:
        raise BadUpload(f"line {n}: unknown service {row['service']!r}")
    try:
        nums = {c: int(row[c]) for c in INTS}
    except ValueError:
        raise BadUpload(f"line {n}: not a whole number") from None
    if nums["weight_g"] <= 0 or min(nums["length_cm"], nums["width_cm"], nums["height_cm"]) <= 0:
        raise BadUpload(f"line {n}: weights and sizes are positive")
    return Parcel(nums["weight_g"], nums["length_cm"], nums["width_cm"], nums["height_cm"], nums["value_cents"],
                  row.get("contents") or "goods")


def read_upload(text):
    """``(shipments, errors)``: the good shipments in upload order, and one message per bad row."""
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames != COLUMNS:
        raise BadUpload(f"expected the columns {','.join(COLUMNS)}")
    shipments, errors, bad = {}, [], set()
    for n, row in enumerate(reader, start=2):
        sid = row["shipment"]
        try:
            parcel = _row(n, row)
            s = shipments.get(sid)
            if s is None:
                s = shipments[sid] = Shipment(sid, row["postcode"], row["service"], [], row["country"])
            elif (s.postcode, s.service, s.country) != (row["postcode"], row["service"], row["country"]):
                raise BadUpload(f"line {n}: shipment {sid} changes its address or service")
            s.parcels.append(parcel)
        except BadUpload as e:
            errors.append(str(e))
            bad.add(sid)
    return [s for sid, s in shipments.items() if sid not in bad], errors
