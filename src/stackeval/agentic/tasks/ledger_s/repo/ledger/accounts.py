"""The chart of accounts. Debit-normal accounts (assets, expenses) grow with debits; the others with credits."""

from dataclasses import dataclass

DEBIT_NORMAL = {"asset", "expense"}
KINDS = DEBIT_NORMAL | {"liability", "equity", "income"}


@dataclass(frozen=True)
class Account:
    code: str
    name: str
    kind: str

    @property
    def debit_normal(self):
        return self.kind in DEBIT_NORMAL


class Chart:
    def __init__(self, accounts=()):
        self._by_code = {}
        for a in accounts:
            self.add(a)

    def add(self, account):
        if account.kind not in KINDS:
            raise ValueError(f"unknown account kind {account.kind!r}")
        if account.code in self._by_code:
            raise ValueError(f"duplicate account {account.code}")
        self._by_code[account.code] = account

    def get(self, code):
        try:
            return self._by_code[code]
        except KeyError:
            raise KeyError(f"no account {code}") from None

    def __iter__(self):
        return iter(sorted(self._by_code.values(), key=lambda a: a.code))

    @classmethod
    def from_rows(cls, rows):
        """Rows of ``code,name,kind``."""
        return cls(Account(code.strip(), name.strip(), kind.strip()) for code, name, kind in rows)
