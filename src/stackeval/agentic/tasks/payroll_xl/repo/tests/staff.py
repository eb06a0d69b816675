"""The staff the tests pay (shared by the test modules)."""

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
