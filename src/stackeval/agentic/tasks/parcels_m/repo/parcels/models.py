"""The records: a parcel and a shipment of parcels."""

from dataclasses import dataclass, field

SERVICES = {"STD": "standard", "EXP": "express", "ECO": "economy"}


@dataclass(frozen=True)
class Parcel:
    weight_g: int
    length_cm: int
    width_cm: int
    height_cm: int
    value_cents: int = 0
    contents: str = "goods"

    @property
    def volume_cm3(self):
        return self.length_cm * self.width_cm * self.height_cm


@dataclass
class Shipment:
    id: str
    postcode: str
    service: str = "STD"
    parcels: list = field(default_factory=list)
    country: str = "GB"

    def __post_init__(self):
        if self.service not in SERVICES:
            raise ValueError(f"unknown service {self.service!r}")
