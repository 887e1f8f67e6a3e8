"""Bank accounts as configured by the user in the settings page."""

from dataclasses import dataclass


@dataclass
class Account:
    name: str
    country: str
    currency: str

    def __post_init__(self):
        self.name = self.name.strip()
        self.country = self.country.strip().upper()
        self.currency = self.currency.strip().upper()
        if len(self.country) != 2:
            raise ValueError(f"account {self.name!r}: country must be a two-letter code, got {self.country!r}")
