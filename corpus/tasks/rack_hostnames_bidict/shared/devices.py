"""Network devices as the data-centre survey lists them, and the hostnames derived from them."""

import re
from dataclasses import dataclass

ROLES = {"switch": "sw", "router": "rt", "firewall": "fw", "pdu": "pdu"}


@dataclass(frozen=True)
class Device:
    serial: str
    site: str
    rack: str
    role: str

    def __post_init__(self):
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r} for {self.serial}; expected one of {', '.join(ROLES)}")


def slug(text):
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def hostname_for(device):
    """site-rack-role, e.g. 'ams1-r12a-sw'. Rack labels are written many ways ('R 12A', 'r12-a')."""
    return f"{slug(device.site)}-{slug(device.rack)}-{ROLES[device.role]}"
