"""Real Time Information: the Full Payment Submission (FPS) sent to HMRC on or before every pay day, and the
Employer Payment Summary (EPS) for what the employer recovers or claims.

The submission is built as nested dictionaries in HMRC's element order and rendered as XML; sending it is
the job of the transport layer (not part of this library)."""

from decimal import Decimal
from xml.sax.saxutils import escape

from payroll import formats
from payroll.money import pennies

SCHEMA = "http://www.govtalk.gov.uk/taxation/PAYE/RTI/FullPaymentSubmission/25-26/1"


def _amount(value):
    return f"{pennies(value):.2f}"


def employee_block(employee, slip, ytd, pay_day, period, frequency):
    """The FPS block of one employee for one pay period."""
    block = {
        "EmployeeDetails": {
            "NINO": employee.nino or "",
            "Name": {"Fore": employee.name.split()[0], "Sur": employee.name.split()[-1]},
        },
        "Employment": {
            "PayId": employee.id,
            "FiguresToDate": {
                "TaxablePay": _amount(ytd.taxable),
                "TotalTax": _amount(ytd.tax),
                "StudentLoansTD": _amount(ytd.student_loan),
                "PostgradLoansTD": _amount(ytd.postgraduate_loan),
            },
            "Payment": {
                "PayFreq": {"weekly": "W1", "fortnightly": "W2", "monthly": "M1"}[frequency],
                "PmtDate": formats.iso(pay_day),
                "MonthNo" if frequency == "monthly" else "WeekNo": str(period),
                "HoursWorked": "E" if employee.hourly else "C",
                "TaxCode": employee.tax_code,
                "TaxablePay": _amount(slip.gross),
                "PayAfterStatDedns": _amount(slip.net),
                "TaxDeductedOrRefunded": _amount(slip.tax),
                "StudentLoanRecovered": _amount(getattr(slip, "student_loan", 0)),
            },
            "NIlettersAndValues": {
                "NIletter": employee.ni_category,
                "GrossEarningsForNICsInPd": _amount(slip.gross),
                "GrossEarningsForNICsYTD": _amount(ytd.gross),
                "EmpeeContribnsInPd": _amount(slip.ni),
                "EmpeeContribnsYTD": _amount(ytd.ni),
                "TotalEmpNICInPd": _amount(slip.ni + slip.employer_ni),
                "TotalEmpNICYTD": _amount(ytd.ni + ytd.employer_ni),
            },
        },
    }
    return block


def fps(employer_ref, year, blocks, final=False):
    """The whole submission."""
    body = {
        "EmpRefs": {"OfficeNo": employer_ref.split("/")[0], "PayeRef": employer_ref.split("/")[-1]},
        "FullPaymentSubmission": {
            "RelatedTaxYear": f"{year % 100:02d}-{(year + 1) % 100:02d}",
            "Employee": blocks,
        },
    }
    if final:
        body["FullPaymentSubmission"]["FinalSubmission"] = {"ForYear": "yes"}
    return body


def eps(employer_ref, year, period, smp_recovered=Decimal(0), employment_allowance=False, no_payment=False):
    return {
        "EmpRefs": {"OfficeNo": employer_ref.split("/")[0], "PayeRef": employer_ref.split("/")[-1]},
        "EmployerPaymentSummary": {
            "RelatedTaxYear": f"{year % 100:02d}-{(year + 1) % 100:02d}",
            "PeriodOfInactivity" if no_payment else "RecoverableAmountsYTD": (
                {"From": str(period)} if no_payment else {"SMPRecovered": _amount(smp_recovered)}),
            "EmpAllceInd": "yes" if employment_allowance else "no",
        },
    }


def to_xml(value, tag="GovTalkMessage", indent=0):
    """Nested dicts and lists as XML elements, in insertion order."""
    pad = "  " * indent
    if isinstance(value, dict):
        inner = "\n".join(to_xml(v, k, indent + 1) for k, v in value.items())
        return f"{pad}<{tag}>\n{inner}\n{pad}</{tag}>"
    if isinstance(value, list):
        return "\n".join(to_xml(v, tag, indent) for v in value)
    return f"{pad}<{tag}>{escape(str(value))}</{tag}>"


def render(body):
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{to_xml(body)}\n'


def starter_block(employee, start_date, statement=None, student_loan=None):
    """The starter declaration an FPS carries with a new employee's first payment."""
    block = {"StartDate": formats.iso(start_date)}
    if statement:
        block["StartDec"] = statement
    if student_loan:
        block["StudentLoan"] = {"PLAN1": "01", "PLAN2": "02", "PLAN4": "04", "PLAN5": "05"}.get(student_loan, "")
    return block


def leaver_block(leaving_date):
    return {"LeavingDate": formats.iso(leaving_date)}


def check_fps(body):
    """Problems HMRC would refuse the submission for: [(employee PayId, message)]."""
    problems = []
    for emp in body.get("FullPaymentSubmission", {}).get("Employee", []):
        employment = emp["Employment"]
        pay_id = employment["PayId"]
        payment = employment["Payment"]
        if Decimal(payment["TaxablePay"]) < 0:
            problems.append((pay_id, "negative taxable pay"))
        if not employment["FiguresToDate"]["TaxablePay"]:
            problems.append((pay_id, "no taxable pay to date"))
        nino = emp["EmployeeDetails"]["NINO"]
        if nino and len(nino) != 9:
            problems.append((pay_id, f"NI number {nino!r} is not nine characters"))
        if payment["TaxCode"].strip() == "":
            problems.append((pay_id, "no tax code"))
    return problems


def late_filing_penalty(employees, months_late_this_year):
    """HMRC's monthly penalty for a late FPS, by the number of employees (the first late month of a tax
    year is free)."""
    if months_late_this_year <= 1:
        return Decimal(0)
    if employees <= 9:
        return Decimal(100)
    if employees <= 49:
        return Decimal(200)
    if employees <= 249:
        return Decimal(300)
    return Decimal(400)
