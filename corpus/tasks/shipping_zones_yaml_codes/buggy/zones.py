"""Shipping zones loaded from the logistics team's YAML file."""

from dataclasses import dataclass

import yaml


class ZoneFileError(ValueError):
    pass


@dataclass(frozen=True)
class Zone:
    name: str
    countries: frozenset
    bands: tuple  # ((max_kg, price), ...) sorted by weight
    free_over: int | None
    remote: frozenset


def parse_yaml(text):
    return yaml.safe_load(text)


class ZoneTable:
    def __init__(self, text):
        data = parse_yaml(text)
        try:
            zones = data["zones"]
            self.default = data["default_zone"]
        except (KeyError, TypeError):
            raise ZoneFileError("zone file needs 'zones' and 'default_zone'") from None
        self.tracking_required = bool(data.get("tracking_required", False))
        self.zones = {}
        self._by_country = {}
        for name, spec in zones.items():
            countries = frozenset(str(code).upper() for code in spec.get("countries", []))
            bands = tuple(sorted((float(kg), int(price)) for kg, price in spec["bands"].items()))
            remote = frozenset(str(code).upper() for code in spec.get("remote", []))
            self.zones[name] = Zone(name, countries, bands, spec.get("free_over"), remote)
            for code in countries:
                if code in self._by_country:
                    raise ZoneFileError(f"{code} is in both {self._by_country[code]} and {name}")
                self._by_country[code] = name
        if self.default not in self.zones:
            raise ZoneFileError(f"default zone {self.default!r} is not defined")

    def zone_for(self, country):
        return self.zones[self._by_country.get(country.upper(), self.default)]
