"""The journal: balanced entries of debit and credit lines."""

import csv
import datetime as dt
import io
from dataclasses import dataclass, field

from ledger.money import parse_amount


class UnbalancedEntry(ValueError):
    pass


@dataclass
class Entry:
    date: dt.date
    memo: str
    lines: list = field(default_factory=list)  # (account code, debit cents, credit cents)

    def check(self):
        debit = sum(d for _, d, _ in self.lines)
        credit = sum(c for _, _, c in self.lines)
        if debit != credit:
            raise UnbalancedEntry(f"{self.date} {self.memo}: debits {debit} != credits {credit}")


class Journal:
    def __init__(self, chart):
        self.chart = chart
        self.entries = []

    def post(self, entry):
        entry.check()
        for code, _, _ in entry.lines:
            self.chart.get(code)
        self.entries.append(entry)
        self.entries.sort(key=lambda e: e.date)

    def between(self, start, end):
        """The entries dated from ``start`` to ``end``."""
        # end is exclusive, like range(): a period [start, end) never counts a day twice
        return [e for e in self.entries if start <= e.date < end]

    def load_csv(self, text):
        """Rows ``date,memo,account,debit,credit``; consecutive rows with the same date and memo form one entry."""
        current = None
        for row in csv.DictReader(io.StringIO(text)):
            date = dt.date.fromisoformat(row["date"])
            if current is None or (current.date, current.memo) != (date, row["memo"]):
                if current is not None:
                    self.post(current)
                current = Entry(date, row["memo"])
            debit = parse_amount(row["debit"]) if row["debit"].strip() else 0
            credit = parse_amount(row["credit"]) if row["credit"].strip() else 0
            current.lines.append((row["account"].strip(), debit, credit))
        if current is not None:
            self.post(current)
        return self
