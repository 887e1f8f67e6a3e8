"""Shipping zones loaded from the logistics team's YAML file."""

import re
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


class ZoneLoader(yaml.SafeLoader):
    """YAML 1.1 reads NO, ON, Y and OFF as booleans: only true and false are booleans here, so
    country codes stay strings."""


ZoneLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
ZoneLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


def parse_yaml(text):
    return yaml.load(text, Loader=ZoneLoader)


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
