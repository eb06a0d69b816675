"""The staff the tests pay (shared by the test modules)."""

import datetime as dt
from decimal import Decimal

from payroll.employees import Employee

ALICE = Employee("E1", "Alice Brown", "ENG", "monthly", salary=Decimal("36000"), sort_code="401276",
                 account="31926819")
BRUCE = Employee("E2", "Bruce McLeod", " sct", "monthly", salary=Decimal("36000"), sort_code="832706",
                 account="00117735")
CARA = Employee("E3", "Cara Jones", "WLS", "weekly", hourly_rate=Decimal("12.50"), sort_code="090128",
                account="7715")
DANA = Employee("E4", "Dana Okonkwo-Fitzgerald", "ENG", "weekly", hourly_rate=Decimal("10.01"),
                sort_code="200000", account="55779911")

NEW_YEAR_WEEK = """
# Monday 30 December 2024 to Sunday 5 January 2025: one ISO week
2024-12-30 9
2024-12-31 9
2025-01-02 9
2025-01-03 9
2025-01-04 8
"""

EVE = Employee("E5", "Eve Marsh", "ENG", "monthly", salary=Decimal("48000"), sort_code="309634",
               account="12004417", student_loan="PLAN1", start_date=dt.date(2021, 9, 1))
FRAN = Employee("E6", "Fran Adeyemi", "ENG", "monthly", salary=Decimal("41500"), sort_code="601613",
                account="88120934", cost_centres={"OPS": Decimal(45), "IT": Decimal(30), "SALES": Decimal(25)})
GUS = Employee("E7", "Gus Petrov", "WLS", "monthly", salary=Decimal("27850"), sort_code="207730",
               account="40917256", student_loan="PLAN2", cost_centres={"OPS": Decimal(70), "IT": Decimal(30)})
