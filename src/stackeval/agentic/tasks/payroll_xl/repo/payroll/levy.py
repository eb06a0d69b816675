"""The apprenticeship levy and the employment allowance: two employer-level figures of every pay run.

- levy: 0.5 % of the employer's pay bill (pay subject to Class 1 NI, all employees) less an allowance of
  £15,000 a year, accrued monthly (£1,250 a month, unused allowance carried forward within the tax year);
- employment allowance: up to £5,000 (£10,500 from April 2025) off the employer's Class 1 NI for the year,
  claimed on the EPS; not for employers whose Class 1 NI was £100,000 or more in the previous year (until
  April 2025).
"""

from decimal import Decimal

from payroll.money import D, pennies

LEVY_RATE = Decimal("0.005")
LEVY_ALLOWANCE = Decimal(15000)
EMPLOYMENT_ALLOWANCE = {2023: Decimal(5000), 2024: Decimal(5000), 2025: Decimal(10500)}
EA_PREVIOUS_YEAR_LIMIT = Decimal(100000)


def levy_to_date(pay_bill_to_date, month):
    """Levy due for the year to date at tax month ``month``."""
    allowance = LEVY_ALLOWANCE * month / 12
    return pennies(max(Decimal(0), D(pay_bill_to_date) * LEVY_RATE - allowance))


def levy_for_month(pay_bill_to_date, month, paid_to_date):
    return levy_to_date(pay_bill_to_date, month) - D(paid_to_date)


def employment_allowance_left(year, used, previous_year_class1=Decimal(0)):
    if year < 2025 and D(previous_year_class1) >= EA_PREVIOUS_YEAR_LIMIT:
        return Decimal(0)
    return max(Decimal(0), EMPLOYMENT_ALLOWANCE[year] - D(used))


def offset(employer_ni_due, year, used, previous_year_class1=Decimal(0)):
    """(NI still to pay, allowance used this time)."""
    left = employment_allowance_left(year, used, previous_year_class1)
    use = min(left, D(employer_ni_due))
    return D(employer_ni_due) - use, use
