"""The bank's fixed-width payment file. One record per payment, 61 characters:

    sort code (6) | account (8) | payee name (18, left-aligned, cut) | pence (11, zero-padded) | reference (18)
"""

from dataclasses import dataclass

from payroll.money import to_pence

WIDTHS = (("sort_code", 6), ("account", 8), ("name", 18), ("pence", 11), ("reference", 18))


class BadRecord(ValueError):
    pass


@dataclass(frozen=True)
class Payment:
    sort_code: str
    account: str
    name: str
    pence: int
    reference: str


def record(employee, amount, reference):
    name = employee.name.upper()[:20].ljust(18)
    return (f"{employee.sort_code:0>6}{employee.account:0>8}{name}{to_pence(amount):011d}"
            f"{reference.upper()[:18].ljust(18)}")


def write(payments):
    """``payments``: (employee, amount, reference) triples."""
    return "\n".join(record(e, a, r) for e, a, r in payments) + "\n"


def read(text):
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        fields, at = {}, 0
        for name, width in WIDTHS:
            fields[name] = line[at:at + width]
            at += width
        try:
            pence = int(fields["pence"])
        except ValueError:
            raise BadRecord(f"record {n}: amount field {fields['pence']!r} is not a number") from None
        out.append(Payment(fields["sort_code"], fields["account"], fields["name"].rstrip(), pence,
                           fields["reference"].rstrip()))
    return out


def summary(text):
    """(records, total pence) of a payment file, for the run's control totals."""
    payments = read(text)
    return len(payments), sum(p.pence for p in payments)


def check_against(text, expected):
    """Compare a file with the payments it should hold (``{(sort code, account): pence}``): the differences
    as (key, in file, expected)."""
    found = {}
    for p in read(text):
        key = (p.sort_code, p.account)
        found[key] = found.get(key, 0) + p.pence
    out = []
    for key in sorted(set(found) | set(expected)):
        if found.get(key, 0) != expected.get(key, 0):
            out.append((key, found.get(key, 0), expected.get(key, 0)))
    return out


def split_by_bank(payments):
    """Payments grouped by the first two digits of the sort code (the bank), for employers with one file per
    bank."""
    out = {}
    for employee, amount, reference in payments:
        out.setdefault(employee.sort_code[:2], []).append((employee, amount, reference))
    return dict(sorted(out.items()))
