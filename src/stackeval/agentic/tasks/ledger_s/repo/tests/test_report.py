import datetime as dt

from ledger.accounts import Chart
from ledger.journal import Journal
from ledger.report import balances, trial_balance

CHART = [("1000", "Cash", "asset"), ("2000", "Loan", "liability"), ("4000", "Sales", "income"),
         ("5000", "Rent", "expense")]
BOOKS = """date,memo,account,debit,credit
2024-01-02,loan,1000,500,
2024-01-02,loan,2000,,500
2024-01-05,sale,1000,12.5,
2024-01-05,sale,4000,,12.5
2024-01-31,rent,5000,100.25,
2024-01-31,rent,1000,,100.25
2024-02-01,sale,1000,3.05,
2024-02-01,sale,4000,,3.05
"""


def journal():
    return Journal(Chart.from_rows(CHART)).load_csv(BOOKS)


def test_asset_and_expense_balances():
    b = balances(journal())
    assert b["1000"] == 50000 + 1250 - 10025 + 305
    assert b["5000"] == 10025


def test_credit_normal_accounts_are_positive():
    b = balances(journal())
    assert b["2000"] == 50000
    assert b["4000"] == 1250 + 305


def test_trial_balance_totals_zero():
    assert trial_balance(journal()).splitlines()[-1].split() == ["total", "0.00"]


def test_january_trial_balance():
    lines = trial_balance(journal(), dt.date(2024, 1, 1), dt.date(2024, 1, 31)).splitlines()
    assert lines[0].split() == ["1000", "Cash", "412.25"]
    assert lines[3].split() == ["5000", "Rent", "100.25"]


def test_empty_period_has_zero_balances():
    text = trial_balance(journal(), dt.date(2023, 1, 1), dt.date(2023, 12, 31))
    assert all(line.split()[-1] == "0.00" for line in text.splitlines())
