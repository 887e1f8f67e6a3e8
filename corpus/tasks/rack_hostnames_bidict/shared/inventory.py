"""Inventory views built on the registry: counts per site, DNS zone lines, rack moves."""

from collections import Counter
from dataclasses import replace


class Inventory:
    def __init__(self, registry):
        self.registry = registry

    def load(self, devices):
        return [self.registry.register(device) for device in devices]

    def per_site(self):
        return dict(sorted(Counter(d.site for d in self.registry.devices()).items()))

    def zone_lines(self, addresses):
        """DNS A records for devices with a management address (serial -> address)."""
        lines = []
        for serial, address in sorted(addresses.items()):
            lines.append(f"{self.registry.hostname(serial)}. IN A {address}")
        return lines

    def move(self, serial, new_rack):
        device = next(d for d in self.registry.devices() if d.serial == serial)
        return self.registry.register(replace(device, rack=new_rack))
