"""Parcel labels: carrier service by zone, and a customs declaration outside the EU."""

from dataclasses import dataclass

EU = frozenset("AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split())
SERVICES = {"domestic": "PostNord Varubrev", "nordic": "PostNord Nordic", "europe": "DHL Parcel Connect",
            "world": "DHL Express"}


@dataclass(frozen=True)
class Label:
    order: str
    country: str
    service: str
    customs: bool
    lines: tuple


def make_label(table, order, name, street, city, country, weight_kg):
    code = country.upper()
    zone = table.zone_for(code)
    customs = code not in EU
    lines = (name.strip(), street.strip(), f"{city.strip().upper()} {code}",
             f"{weight_kg:.1f} kg {'CN22' if customs else ''}".rstrip())
    return Label(order, code, SERVICES.get(zone.name, "DHL Express"), customs, lines)


def manifest(labels):
    """Per carrier service: order numbers, and how many need customs papers."""
    out = {}
    for label in labels:
        entry = out.setdefault(label.service, {"orders": [], "customs": 0})
        entry["orders"].append(label.order)
        entry["customs"] += label.customs
    return dict(sorted(out.items()))
