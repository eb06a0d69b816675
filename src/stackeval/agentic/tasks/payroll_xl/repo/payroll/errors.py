"""The errors the payroll raises. Every one is a ``PayrollError``, so a pay run can collect them per
employee and carry on with the rest of the staff."""


class PayrollError(Exception):
    """Base class: something in the input or the configuration stops one employee's pay."""


class ConfigError(PayrollError):
    """A setting is missing or out of range."""


class TaxCodeError(PayrollError):
    """A tax code that cannot be read (``1257L``, ``S1257L``, ``K475``, ``BR``, ``0T`` are fine)."""


class PeriodError(PayrollError):
    """A pay period that does not exist in the tax year (month 13, week 54 of a 52-week year)."""


class ValidationError(PayrollError):
    """An employee record that fails a check (a National Insurance number, a sort code)."""

    def __init__(self, field, value, reason):
        super().__init__(f"{field} {value!r}: {reason}")
        self.field = field
        self.value = value
        self.reason = reason


class Unbalanced(PayrollError):
    """A journal whose debits and credits differ."""

    def __init__(self, debits, credits):
        super().__init__(f"journal does not balance: debits {debits} != credits {credits}")
        self.debits = debits
        self.credits = credits


class MinimumWageBreach(PayrollError):
    """Pay for the period falls below the national minimum wage for the hours worked."""


class AttachmentError(PayrollError):
    """An attachment of earnings order that cannot be applied as written."""
