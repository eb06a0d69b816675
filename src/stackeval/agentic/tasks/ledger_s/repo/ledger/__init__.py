"""A tiny double-entry bookkeeping library: amounts in cents, accounts, a journal and a trial balance."""

from ledger.accounts import Account, Chart
from ledger.journal import Entry, Journal
from ledger.money import format_amount, parse_amount

__all__ = ["Account", "Chart", "Entry", "Journal", "format_amount", "parse_amount"]
