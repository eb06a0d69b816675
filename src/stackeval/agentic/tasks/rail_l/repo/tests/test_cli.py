import io

from network import NETWORK
from rail.cli import run


def _run(*argv):
    out = io.StringIO()
    code = run(list(argv), NETWORK, out=out)
    return code, out.getvalue().splitlines()


def test_plan_by_station_names():
    code, lines = _run("plan", "Bramley", "Dunwick", "2024-06-04", "07:00")
    assert code == 0
    assert lines == ["07:40 BRM -> 08:41 DUN (C2)", "61 min, 0 change(s)"]


def test_plan_from_ashford():
    code, lines = _run("plan", "ashford", "ELM", "2024-06-04", "08:00")
    assert (code, lines[0]) == (0, "08:22 ASF -> 09:05 ELM (C2)")


def test_fare_command():
    assert _run("fare", "BRM", "CLD", "12:00") == (0, ["3.40"])
    assert _run("fare", "ASF", "ASJ", "12:00") == (0, ["2.80"])


def test_unknown_station():
    code, lines = _run("plan", "Nowhere", "ELM", "2024-06-04", "08:00")
    assert code == 1 and lines[0].startswith("error:")
