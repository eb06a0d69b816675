from parcels.units import cents, kg, round_to, round_up


def test_round_to_nearest():
    assert [round_to(v, 100) for v in (1049, 1050, 1051, 1000)] == [1000, 1100, 1100, 1000]


def test_round_up():
    assert [round_up(v, 100) for v in (1000, 1001, 1099, 0)] == [1000, 1100, 1100, 0]


def test_kg_and_cents():
    assert kg(2500) == 2.5
    assert cents(12.345) == 1234 or cents(12.345) == 1235
    assert cents(3.2) == 320
