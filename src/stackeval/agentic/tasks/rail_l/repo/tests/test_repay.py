import datetime as dt

import pytest

from rail.claims import Claim, ClaimRefused, validate
from rail.connections import follow
from rail.delays import apply_delays, parse_delays
from rail.loader import load
from rail.planner import plan
from rail.repay import assess, band_percent
from rail.tickets import Ticket, journey_value

LINK = """
trip R1 route Coast days MTWTFSS
  BRM 10:00
  CLD 10:12 10:13
  ASF 10:40
trip R2 route Link days MTWTFSS
  ASF 10:45
  ASJ 10:48
trip R3 route Link days MTWTFSS
  ASF 11:45
  ASJ 11:48
"""
TUESDAY = dt.date(2024, 6, 4)


def _journey(tt):
    return plan(tt, "BRM", "ASJ", TUESDAY, 9 * 60 + 50)


def _ticket(kind="SDS", price=1240):
    return Ticket("T-881", kind, "BRM", "ASJ", TUESDAY, price)


def test_missed_connection_is_repaid():
    published = load(LINK)
    journey = _journey(published)
    assert [leg.trip for leg in journey.legs] == ["R1", "R2"]
    live = apply_delays(published, parse_delays("R1 CLD +3"))
    claim = Claim("DR-1", _ticket(), journey, TUESDAY, dt.datetime(2024, 6, 10, 9, 30))
    decision = assess(claim, live)
    assert (decision.minutes_late, decision.percent, decision.amount_cents) == (60, 100, 1240)


def test_claims_close_after_28_days():
    journey = _journey(load(LINK))
    validate(Claim("DR-2", _ticket(), journey, TUESDAY, dt.datetime(2024, 7, 2, 23, 59)))
    with pytest.raises(ClaimRefused):
        validate(Claim("DR-3", _ticket(), journey, TUESDAY, dt.datetime(2024, 7, 3, 0, 1)))


def test_a_ticket_for_another_journey_is_refused():
    journey = _journey(load(LINK))
    other = Ticket("T-9", "SDS", "CLD", "ASJ", TUESDAY, 900)
    with pytest.raises(ClaimRefused):
        validate(Claim("DR-4", other, journey, TUESDAY, dt.datetime(2024, 6, 5, 8, 0)))


def test_a_comfortable_connection_holds():
    published = load(LINK)
    live = apply_delays(published, parse_delays("R1 BRM +1"))
    outcome = follow(_journey(load(LINK)), live, TUESDAY)
    assert (outcome.arrive, outcome.missed) == (10 * 60 + 48, ())


def test_repay_bands():
    assert [band_percent(m) for m in (0, 10, 20, 45, 59, 90)] == [0, 0, 25, 50, 50, 100]


def test_journey_values():
    assert journey_value(_ticket("SDS", 1240)) == 1240
    assert journey_value(_ticket("CDR", 1575)) == 788
    assert journey_value(_ticket("7DS", 4995)) == 500
