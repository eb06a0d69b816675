from decimal import Decimal

import pytest

from payroll.bankfile import BadRecord, read, record, write
from staff import CARA, DANA

# two records as the bank's own sample file has them
SAMPLE = ("40127631926819ALICE BROWN       00000248550SALARY MARCH      \n"
          "09012800007715CARA JONES        00000048560WAGES WK01        \n")


def test_reads_the_banks_sample_file():
    a, c = read(SAMPLE)
    assert (a.sort_code, a.account, a.name, a.pence, a.reference) == (
        "401276", "31926819", "ALICE BROWN", 248550, "SALARY MARCH")
    assert (c.account, c.pence) == ("00007715", 48560)


def test_records_are_61_characters():
    assert len(record(CARA, Decimal("485.60"), "wages wk01")) == 61
    assert len(record(DANA, Decimal("365.37"), "wages")) == 61


def test_a_file_reads_back():
    text = write([(CARA, Decimal("485.60"), "wages wk01"), (DANA, Decimal("365.37"), "wages wk10")])
    back = read(text)
    assert [(p.name, p.pence) for p in back] == [("CARA JONES", 48560), ("DANA OKONKWO-FITZG", 36537)]
    assert back[0].account == "00007715" and back[1].reference == "WAGES WK10"


def test_a_bad_record_is_refused():
    with pytest.raises(BadRecord):
        read("40127631926819ALICE BROWN       0000024855XSALARY MARCH      \n")
