"""Checks of the employee records before a run: National Insurance numbers, sort codes, account numbers,
postcodes, names the bank accepts."""

import re
from decimal import Decimal

from payroll.errors import ValidationError

_NINO = re.compile(r"^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$")
_NINO_BAD_PREFIXES = {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}
_POSTCODE = re.compile(r"^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$")
_BANK_CHARS = re.compile(r"^[A-Z0-9 .\-/&]*$")


def nino(value):
    """A National Insurance number, spaces removed and upper-cased: ``QQ123456C``."""
    text = value.replace(" ", "").upper()
    if not _NINO.match(text) or text[:2] in _NINO_BAD_PREFIXES:
        raise ValidationError("NI number", value, "not a valid National Insurance number")
    return text


def sort_code(value):
    """Six digits; ``40-12-76`` and ``40 12 76`` are accepted."""
    text = re.sub(r"[\s-]", "", value)
    if not re.fullmatch(r"\d{6}", text):
        raise ValidationError("sort code", value, "must be six digits")
    return text


def account_number(value):
    """Six to eight digits, zero-padded on the left to eight (the bank's rule for short numbers)."""
    text = value.strip()
    if not re.fullmatch(r"\d{6,8}", text):
        raise ValidationError("account", value, "must be six to eight digits")
    return text.zfill(8)


def postcode(value):
    text = " ".join(value.upper().split())
    if not _POSTCODE.match(text):
        raise ValidationError("postcode", value, "not a UK postcode")
    if " " not in text:
        text = f"{text[:-3]} {text[-3:]}"
    return text


def bank_name(value):
    """The payee name as the bank file may carry it: upper case, only the characters the bank accepts."""
    text = value.upper().replace("'", "")
    if not _BANK_CHARS.match(text):
        bad = sorted(set(c for c in text if not _BANK_CHARS.match(c)))
        raise ValidationError("name", value, f"characters the bank refuses: {''.join(bad)}")
    return text


def check_employee(employee):
    """Every check that applies to the record; returns the list of problems (empty when fine)."""
    problems = []
    checks = [("sort_code", sort_code), ("account", account_number), ("name", bank_name)]
    if getattr(employee, "nino", None):
        checks.append(("nino", nino))
    for attr, check in checks:
        try:
            check(getattr(employee, attr))
        except ValidationError as exc:
            problems.append(str(exc))
    return problems


def modulus_check(sort, account, weights=(0, 0, 0, 0, 0, 0, 7, 1, 3, 7, 1, 3, 7, 1), modulus=10):
    """A simple standard modulus check of sort code and account number (the banks publish per-range
    weights; this is the common MOD10 form). True when the weighted sum divides by the modulus."""
    digits = [int(c) for c in sort_code(sort) + account_number(account)]
    return sum(d * w for d, w in zip(digits, weights)) % modulus == 0


def duplicate_accounts(employees):
    """Employees paid into the same bank account: {(sort code, account): [ids]} with more than one id."""
    seen = {}
    for e in employees:
        seen.setdefault((e.sort_code, e.account), []).append(e.id)
    return {k: v for k, v in seen.items() if len(v) > 1}


def duplicate_ninos(employees):
    seen = {}
    for e in employees:
        if getattr(e, "nino", None):
            seen.setdefault(nino(e.nino), []).append(e.id)
    return {k: v for k, v in seen.items() if len(v) > 1}


def plausible_salary(employee, low=Decimal(1000), high=Decimal(1000000)):
    """A salary outside ``low``..``high`` is probably a typing error (monthly entered as annual, or pence)."""
    if employee.salary is None:
        return True
    return low <= employee.salary <= high
