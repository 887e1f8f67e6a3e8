"""Device registry: serial numbers <-> hostnames, one to one (bidict), so DNS and the asset database
can be joined both ways."""

from bidict import bidict

from devices import hostname_for


class DeviceRegistry:
    def __init__(self):
        self._names = bidict()
        self._devices = {}

    def register(self, device):
        """Add a device, or rename it after it moved racks; returns its hostname."""
        hostname = hostname_for(device)
        self._names.forceput(device.serial, hostname)
        self._devices[device.serial] = device
        return hostname

    def decommission(self, serial):
        hostname = self._names.pop(serial)
        del self._devices[serial]
        return hostname

    def hostname(self, serial):
        return self._names[serial]

    def serial(self, hostname):
        return self._names.inverse[hostname]

    def devices(self):
        return [self._devices[serial] for serial in self._names]

    def hostnames(self):
        return sorted(self._names.values())

    def __len__(self):
        return len(self._names)
