"""BACS Standard 18 payment files, for banks that do not take the simple fixed-width file of
``payroll.bankfile``. A file has a VOL1 label, HDR1/HDR2 headers, one 106-character record per payment,
a contra record per debit account, and EOF1/EOF2/UTL1 trailers.

Transaction codes: 99 credit (a payment to an employee), 17 debit (the contra from the company's account),
Z4/Z5 for corrections. Amounts are pence, eleven digits, zero-padded."""

from dataclasses import dataclass

from payroll.money import to_pence
from payroll.validation import account_number, bank_name, sort_code

RECORD_LENGTH = 106
CREDIT, DEBIT = "99", "17"


@dataclass(frozen=True)
class Originator:
    service_user_number: str  # six digits
    sort_code: str
    account: str
    name: str


def _field(text, width, fill=" ", align="<"):
    text = str(text)[:width]
    return f"{text:{fill}{align}{width}}"


def payment_record(dest_sort, dest_account, code, orig, pence, reference, dest_name, processing_day=""):
    record = (
        _field(sort_code(dest_sort), 6)
        + _field(account_number(dest_account), 8)
        + "0"
        + code
        + _field(sort_code(orig.sort_code), 6)
        + _field(account_number(orig.account), 8)
        + _field("", 4)
        + _field(pence, 11, "0", ">")
        + _field(bank_name(orig.name), 18)
        + _field(bank_name(reference), 18)
        + _field(bank_name(dest_name), 18)
        + _field(processing_day, 6)
    )
    return _field(record, RECORD_LENGTH)


def contra(orig, total_pence, processing_day=""):
    return payment_record(orig.sort_code, orig.account, DEBIT, orig, total_pence, "CONTRA", orig.name,
                          processing_day)


def labels(orig, file_number, processing_day, count, total_pence):
    vol = _field(f"VOL1{file_number:06d}" + " " * 31 + orig.service_user_number, 80)
    hdr1 = _field(f"HDR1A{orig.service_user_number}S  1{orig.service_user_number}{file_number:06d}00010001"
                  f"       {processing_day}", 80)
    hdr2 = _field("HDR2F0200000100", 80)
    eof1 = "EOF" + hdr1[3:]
    eof2 = "EOF" + hdr2[3:]
    utl1 = _field(f"UTL1{total_pence:013d}{total_pence:013d}{1:07d}{count:07d}", 80)
    return [vol, hdr1, hdr2], [eof1, eof2, utl1]


def file(orig, payments, file_number=1, processing_day=""):
    """``payments``: (employee, amount, reference) triples. Returns the file's lines."""
    records = []
    total = 0
    for employee, amount, reference in payments:
        pence = to_pence(amount)
        if pence <= 0:
            continue
        total += pence
        records.append(payment_record(employee.sort_code, employee.account, CREDIT, orig, pence, reference,
                                      employee.name, processing_day))
    records.append(contra(orig, total, processing_day))
    head, tail = labels(orig, file_number, processing_day, len(records), total)
    return head + records + tail


def totals(lines):
    """(credits in pence, debits in pence, records) from the payment records of a file."""
    credits = debits = count = 0
    for line in lines:
        if len(line) != RECORD_LENGTH or line[:3] in ("VOL", "HDR", "EOF", "UTL"):
            continue
        code = line[15:17]
        pence = int(line[35:46])
        count += 1
        if code == CREDIT:
            credits += pence
        elif code == DEBIT:
            debits += pence
    return credits, debits, count


def processing_day(day):
    """The BACS processing day as the file wants it: `` yyddd`` (a space, the year's last two digits and the
    day of the year)."""
    return f" {day.strftime('%y')}{day.timetuple().tm_yday:03d}"


def check_file(lines):
    """Problems with a file: records of the wrong length, a contra that does not match the credits."""
    problems = []
    for n, line in enumerate(lines, start=1):
        if line[:3] in ("VOL", "HDR", "EOF", "UTL"):
            if len(line) != 80:
                problems.append(f"line {n}: label of {len(line)} characters, not 80")
        elif len(line) != RECORD_LENGTH:
            problems.append(f"line {n}: record of {len(line)} characters, not {RECORD_LENGTH}")
    credits, debits, _ = totals(lines)
    if credits != debits:
        problems.append(f"credits {credits} and contra debits {debits} differ")
    return problems
