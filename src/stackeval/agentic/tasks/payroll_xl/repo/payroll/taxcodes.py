"""Tax codes as they appear on a tax notice, a P45 or a starter checklist.

A code is read into a ``TaxCode``:

- an optional nation prefix: ``S`` (Scottish rates), ``C`` (Welsh rates), none for the rest of the UK;
- the body: a number and a suffix letter (``1257L``, ``1257M``, ``1257N``, ``1257T``): the number times ten
  is the tax-free allowance for the year (plus 9, so that 1257L gives 12,579 and allowances are generous by
  up to 9 pounds, as HMRC's tables have it);
- or a ``K`` code (``K475``): the number times ten (plus 9) is *added* to taxable pay;
- or a flat-rate code: ``BR`` (all pay at the basic rate), ``D0`` (higher rate), ``D1`` (additional rate),
  ``D2`` (Scottish top rate, with ``S``), ``NT`` (no tax), ``0T`` (no allowance, taxed through the bands);
- an optional non-cumulative marker: ``W1``, ``M1`` or ``X`` (the emergency basis): every period is worked out
  on its own, not on the year to date.
"""

import re
from dataclasses import dataclass
from decimal import Decimal

from payroll.errors import TaxCodeError

EMERGENCY = "1257L"
NATION_PREFIXES = {"S": "SCT", "C": "WLS"}
FLAT_RATES = {"BR": "basic", "D0": "higher", "D1": "additional", "D2": "top"}
SUFFIXES = set("LMNT")

_BODY = re.compile(r"^(?P<k>K)?(?P<number>\d{1,5})(?P<suffix>[LMNT])?$")


@dataclass(frozen=True)
class TaxCode:
    text: str
    nation: str | None  # "SCT", "WLS" or None (the employee's region decides)
    allowance: Decimal  # annual tax-free pay; negative for a K code
    flat: str | None  # "basic", "higher", "additional", "top" for BR/D0/D1/D2
    no_tax: bool
    cumulative: bool

    @property
    def is_k(self):
        return self.allowance < 0

    def period_allowance(self, periods, period=None):
        """The allowance for one period (``period`` None) or to date (the first ``period`` periods)."""
        if period is None:
            return self.allowance / periods
        return self.allowance * period / periods


def _strip_basis(text):
    for marker in ("W1", "M1", "X"):
        if text.endswith(marker) and len(text) > len(marker):
            return text[: -len(marker)].rstrip(" /"), False
    return text, True


def parse(code):
    """A ``TaxCode`` from its text; spaces and case do not matter."""
    text = "".join(str(code).split()).upper()
    if not text:
        raise TaxCodeError("empty tax code")
    body, cumulative = _strip_basis(text)
    nation = None
    if body[:1] in NATION_PREFIXES and body[1:2] and not body.startswith(("BR",)):
        nation = NATION_PREFIXES[body[0]]
        body = body[1:]
    if body == "NT":
        return TaxCode(text, nation, Decimal(0), None, True, cumulative)
    if body in FLAT_RATES:
        if body == "D2" and nation != "SCT":
            raise TaxCodeError(f"{code!r}: D2 is a Scottish code")
        return TaxCode(text, nation, Decimal(0), FLAT_RATES[body], False, cumulative)
    if body == "0T":
        return TaxCode(text, nation, Decimal(0), None, False, cumulative)
    match = _BODY.match(body)
    if not match:
        raise TaxCodeError(f"cannot read tax code {code!r}")
    number = int(match["number"])
    if match["k"]:
        if match["suffix"]:
            raise TaxCodeError(f"{code!r}: a K code has no suffix letter")
        return TaxCode(text, nation, -Decimal(number * 10 + 9), None, False, cumulative)
    if not match["suffix"]:
        raise TaxCodeError(f"{code!r}: missing the suffix letter")
    return TaxCode(text, nation, Decimal(number * 10 + 9), None, False, cumulative)


def emergency(nation=None):
    """The emergency code for a starter without a P45 who ticks statement C, on the non-cumulative basis."""
    prefix = {"SCT": "S", "WLS": "C"}.get(nation, "")
    return parse(f"{prefix}{EMERGENCY} M1")


def with_basis(code, cumulative):
    """The same code on the other basis: ``1257L`` <-> ``1257L M1``."""
    body, _ = _strip_basis(code.text)
    return parse(body if cumulative else f"{body} M1")


def region_of(code, employee_region):
    """The tax region the code's prefix sets, or the employee's own."""
    return code.nation or employee_region


def describe(code):
    """A line for the payslip: ``1257L (cumulative)``, ``BR (non-cumulative)``."""
    basis = "cumulative" if code.cumulative else "non-cumulative"
    return f"{code.text} ({basis})"


def uplift(code, amount):
    """A code raised by ``amount`` pounds of allowance (budget changes move every L code up together)."""
    if code.flat or code.no_tax or code.is_k:
        return code
    body, cumulative = _strip_basis(code.text)
    prefix = "S" if body.startswith("S") else "C" if body.startswith("C") else ""
    match = _BODY.match(body[len(prefix):])
    if not match:
        return code
    number = int(match["number"]) + int(amount) // 10
    new = f"{prefix}{number}{match['suffix']}"
    return parse(new if cumulative else f"{new} M1")


def from_notice(text):
    """The code from the text of a coding notice (P6/P9): the line ``Tax code: 1257L`` or ``Code 1257L W1``."""
    for line in text.splitlines():
        lowered = line.lower()
        if "code" in lowered:
            after = line.split(":", 1)[1] if ":" in line else line.split("ode", 1)[1]
            candidate = after.strip()
            if candidate:
                return parse(candidate)
    raise TaxCodeError("no tax code in the notice")


def annual_allowance_of(code):
    """The allowance the code gives for a whole year (negative for K codes, 0 for flat-rate codes)."""
    return code.allowance


def is_emergency(code):
    body, cumulative = _strip_basis(code.text)
    return body.lstrip("SC") == EMERGENCY and not cumulative
