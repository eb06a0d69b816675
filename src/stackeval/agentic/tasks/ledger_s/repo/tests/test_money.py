import pytest

from ledger.money import AmountError, format_amount, parse_amount


def test_parse_whole_and_cents():
    assert parse_amount("12") == 1200
    assert parse_amount("12.34") == 1234
    assert parse_amount("-0.05") == -5


def test_parse_thousands_separator():
    assert parse_amount("1,250.00") == 125000


def test_parse_rejects_three_decimals():
    with pytest.raises(AmountError):
        parse_amount("1.005")


def test_format_round_trip():
    for cents in (0, 7, -7, 1234, -120000):
        assert parse_amount(format_amount(cents)) == cents
