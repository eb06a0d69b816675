"""Contribution files for the pension providers: one row per member per pay period, in each provider's own
CSV layout. The payroll sends them after every run; a late file makes the provider chase the employer."""

import csv
import io

from payroll import formats
from payroll.pension import qualifying

LAYOUTS = {
    "nest": ("employer_ref", "group", "nino", "surname", "forename", "period_start", "period_end",
             "pensionable_earnings", "employer", "member", "reason_zero"),
    "peoples": ("scheme_ref", "member_id", "nino", "name", "pay_date", "earnings", "ee", "er"),
    "standard": ("member", "nino", "earnings", "employee_contribution", "employer_contribution"),
}


def row(layout, employee, slip, period_start, period_end, pay_day, employer_ref="", group="DEFAULT"):
    earnings = qualifying(slip.gross, employee.frequency)
    parts = employee.name.split()
    values = {
        "employer_ref": employer_ref,
        "scheme_ref": employer_ref,
        "group": group,
        "nino": employee.nino or "",
        "surname": parts[-1],
        "forename": parts[0],
        "name": formats.surname_first(employee.name),
        "member": employee.id,
        "member_id": employee.id,
        "period_start": formats.iso(period_start),
        "period_end": formats.iso(period_end),
        "pay_date": formats.iso(pay_day),
        "pensionable_earnings": formats.plain(earnings),
        "earnings": formats.plain(earnings),
        "employer": formats.plain(slip.employer_pension),
        "er": formats.plain(slip.employer_pension),
        "employer_contribution": formats.plain(slip.employer_pension),
        "ee": formats.plain(slip.pension),
        "employee_contribution": formats.plain(slip.pension),
        "reason_zero": "" if slip.pension else "7",
    }
    return [values[column] for column in LAYOUTS[layout]]


def contribution_file(layout, rows):
    if layout not in LAYOUTS:
        raise ValueError(f"unknown provider layout {layout!r}")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(LAYOUTS[layout])
    writer.writerows(rows)
    return out.getvalue()
