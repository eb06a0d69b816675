"""The employer's payroll settings, read from a simple ``key = value`` file (``#`` comments), with defaults
for everything but the PAYE reference."""

from dataclasses import dataclass, fields
from decimal import Decimal

from payroll.errors import ConfigError


@dataclass(frozen=True)
class Settings:
    paye_reference: str
    accounts_office_reference: str = ""
    nation: str = "ENG"
    pay_day_of_month: int = 25
    last_working_day: bool = False
    weekly_pay_day: int = 4  # Friday
    leave_year_start_month: int = 1
    leave_year_start_day: int = 1
    holiday_rounding: str = "hundredths"  # or "half_days"
    pro_rata_method: str = "calendar"  # or "working"
    employment_allowance: bool = False
    small_employer: bool = False
    default_pension_pct: Decimal = Decimal(5)
    default_employer_pension_pct: Decimal = Decimal(3)
    attachment_admin_fee: bool = True
    cost_centre_default: str = "GEN"


_CHOICES = {
    "holiday_rounding": ("hundredths", "half_days"),
    "pro_rata_method": ("calendar", "working"),
    "nation": ("ENG", "SCT", "WLS", "NIR"),
}


def _convert(name, kind, text):
    try:
        if kind is bool or kind == "bool":
            if text.lower() in ("yes", "true", "1", "on"):
                return True
            if text.lower() in ("no", "false", "0", "off"):
                return False
            raise ValueError(text)
        if kind is int or kind == "int":
            return int(text)
        if kind is Decimal or kind == "Decimal":
            return Decimal(text)
        return text
    except (ValueError, ArithmeticError):
        raise ConfigError(f"setting {name}: {text!r} is not a valid {getattr(kind, '__name__', kind)}") from None


def parse(text):
    """``Settings`` from the text of a settings file."""
    types = {f.name: f.type for f in fields(Settings)}
    values = {}
    for n, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise ConfigError(f"line {n}: expected key = value")
        key, value = (p.strip() for p in line.split("=", 1))
        if key not in types:
            raise ConfigError(f"line {n}: unknown setting {key!r}")
        values[key] = _convert(key, types[key], value)
    if "paye_reference" not in values:
        raise ConfigError("the PAYE reference (paye_reference) is required")
    for key, allowed in _CHOICES.items():
        if key in values and values[key] not in allowed:
            raise ConfigError(f"setting {key}: {values[key]!r} is not one of {', '.join(allowed)}")
    if not 1 <= values.get("pay_day_of_month", 25) <= 31:
        raise ConfigError("setting pay_day_of_month: must be between 1 and 31")
    return Settings(**values)


def render(settings):
    """The settings as the text ``parse`` reads (every field, defaults included)."""
    lines = []
    for f in fields(Settings):
        value = getattr(settings, f.name)
        if isinstance(value, bool):
            value = "yes" if value else "no"
        lines.append(f"{f.name} = {value}")
    return "\n".join(lines) + "\n"


def changed(old, new):
    """[(setting, old value, new value)] for an audit entry."""
    return [(f.name, getattr(old, f.name), getattr(new, f.name)) for f in fields(Settings)
            if getattr(old, f.name) != getattr(new, f.name)]
