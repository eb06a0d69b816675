import datetime as dt

from parcels.bulk import read_upload
from parcels.claims import LossClaim, batch, payout

SHIPPED = dt.date(2024, 6, 3)


def _claim(reason="lost", declared=5000, covered=False, claimed=dt.date(2024, 6, 20)):
    return LossClaim("S-1", 1, reason, declared, 690, covered, "STD", SHIPPED, claimed)


def test_payouts():
    assert payout(_claim()) == 2690
    assert payout(_claim("damaged", covered=True)) == 5000
    paid, rejected = batch([_claim(), _claim(), _claim(claimed=dt.date(2024, 9, 1))])
    assert paid == {("S-1", 1): 2690}
    assert rejected == ["S-1/1: already paid", "S-1/1: already paid"]


def test_bulk_upload():
    text = ("shipment,postcode,service,country,weight_g,length_cm,width_cm,height_cm,value_cents,contents\n"
            "A1,BS1 4DJ,STD,GB,800,20,15,10,1200,books\n"
            "A1,BS1 4DJ,STD,GB,300,10,10,10,500,\n"
            "A2,G2 1DY,XXX,GB,300,10,10,10,500,mug\n"
            "A3,E1 6AN,EXP,GB,0,10,10,10,500,mug\n")
    shipments, errors = read_upload(text)
    assert [(s.id, len(s.parcels)) for s in shipments] == [("A1", 2)]
    assert shipments[0].parcels[1].contents == "goods"
    assert errors == ["line 4: unknown service 'XXX'", "line 5: weights and sizes are positive"]
