import datetime as dt

import pytest

from ledger.accounts import Account, Chart
from ledger.journal import Entry, Journal, UnbalancedEntry

D = dt.date


def chart():
    return Chart([Account("1000", "Cash", "asset"), Account("4000", "Sales", "income"),
                  Account("5000", "Rent", "expense")])


def test_unbalanced_entry_is_refused():
    j = Journal(chart())
    with pytest.raises(UnbalancedEntry):
        j.post(Entry(D(2024, 1, 2), "sale", [("1000", 500, 0), ("4000", 0, 400)]))


def test_unknown_account_is_refused():
    j = Journal(chart())
    with pytest.raises(KeyError):
        j.post(Entry(D(2024, 1, 2), "sale", [("1001", 500, 0), ("4000", 0, 500)]))


def test_entries_are_kept_in_date_order():
    j = Journal(chart())
    j.post(Entry(D(2024, 3, 1), "b", [("1000", 1, 0), ("4000", 0, 1)]))
    j.post(Entry(D(2024, 1, 1), "a", [("1000", 1, 0), ("4000", 0, 1)]))
    assert [e.memo for e in j.entries] == ["a", "b"]


def test_a_period_includes_its_first_and_last_day():
    j = Journal(chart())
    for day, memo in ((1, "first"), (15, "mid"), (31, "last")):
        j.post(Entry(D(2024, 1, day), memo, [("1000", 1, 0), ("4000", 0, 1)]))
    j.post(Entry(D(2024, 2, 1), "next month", [("1000", 1, 0), ("4000", 0, 1)]))
    assert [e.memo for e in j.between(D(2024, 1, 1), D(2024, 1, 31))] == ["first", "mid", "last"]


def test_load_csv_groups_lines_into_entries():
    text = ("date,memo,account,debit,credit\n"
            "2024-01-05,sale,1000,20.00,\n"
            "2024-01-05,sale,4000,,20.00\n"
            "2024-01-06,rent,5000,7.00,\n"
            "2024-01-06,rent,1000,,7.00\n")
    j = Journal(chart()).load_csv(text)
    assert [(e.memo, len(e.lines)) for e in j.entries] == [("sale", 2), ("rent", 2)]
