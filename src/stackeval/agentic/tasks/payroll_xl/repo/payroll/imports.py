"""Reading the payroll's inputs from the CSV files the HR system exports: employees, timesheets, absences,
and one-off payments (bonuses, commission, expenses) for the period."""

import csv
import datetime as dt
import io
from decimal import Decimal, InvalidOperation

from payroll.employees import Employee
from payroll.errors import ValidationError
from payroll.leave import Absence

EMPLOYEE_COLUMNS = ("id", "name", "region", "frequency", "salary", "hourly_rate", "tax_code", "ni_category",
                    "sort_code", "account", "student_loan", "start_date", "birth_date", "days_per_week")


def _decimal(row, key, line):
    text = (row.get(key) or "").strip().replace(",", "").lstrip("£")
    if not text:
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValidationError(key, text, f"line {line}: not a number") from None


def _date(row, key, line):
    text = (row.get(key) or "").strip()
    if not text:
        return None
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValidationError(key, text, f"line {line}: not a date (YYYY-MM-DD or DD/MM/YYYY)")


def employees(text):
    """``Employee`` records from the HR export; problems are collected as (line, message)."""
    out, problems = [], []
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("id", "name", "region") if c not in (reader.fieldnames or [])]
    if missing:
        raise ValidationError("header", ",".join(reader.fieldnames or []), f"missing columns {missing}")
    for line, row in enumerate(reader, start=2):
        try:
            kwargs = {
                "frequency": (row.get("frequency") or "monthly").strip().lower(),
                "salary": _decimal(row, "salary", line),
                "hourly_rate": _decimal(row, "hourly_rate", line),
                "tax_code": (row.get("tax_code") or "1257L").strip(),
                "ni_category": (row.get("ni_category") or "A").strip().upper(),
                "sort_code": (row.get("sort_code") or "000000").replace("-", "").strip(),
                "account": (row.get("account") or "00000000").strip(),
                "student_loan": (row.get("student_loan") or "").strip().upper() or None,
                "start_date": _date(row, "start_date", line),
                "birth_date": _date(row, "birth_date", line),
            }
            days = _decimal(row, "days_per_week", line)
            if days is not None:
                kwargs["days_per_week"] = days
            out.append(Employee(row["id"].strip(), row["name"].strip(), row["region"].strip(), **kwargs))
        except (ValidationError, ValueError) as exc:
            problems.append((line, str(exc)))
    return out, problems


def timesheets(text):
    """{employee id: [(day, hours)]} from ``id,date,hours`` rows."""
    out = {}
    for line, row in enumerate(csv.DictReader(io.StringIO(text)), start=2):
        day = _date(row, "date", line)
        hours = _decimal(row, "hours", line)
        if day is None or hours is None:
            raise ValidationError("row", line, "needs a date and hours")
        if not 0 <= hours <= 24:
            raise ValidationError("hours", hours, f"line {line}: a day has 24 hours")
        out.setdefault(row["id"].strip(), []).append((day, hours))
    return out


def absences(text):
    """``Absence`` records from ``id,kind,first,last`` rows."""
    out = []
    for line, row in enumerate(csv.DictReader(io.StringIO(text)), start=2):
        out.append(Absence(row["id"].strip(), row["kind"].strip().lower(), _date(row, "first", line),
                           _date(row, "last", line), (row.get("half_first") or "").strip() == "1",
                           (row.get("half_last") or "").strip() == "1"))
    return out


def one_off_payments(text):
    """{employee id: {kind: amount}} from ``id,kind,amount`` rows (bonus, commission, expenses)."""
    out = {}
    for line, row in enumerate(csv.DictReader(io.StringIO(text)), start=2):
        amount = _decimal(row, "amount", line) or Decimal(0)
        kinds = out.setdefault(row["id"].strip(), {})
        kind = row["kind"].strip().lower()
        kinds[kind] = kinds.get(kind, Decimal(0)) + amount
    return out
