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
