"""Device registry: serial numbers <-> hostnames, one to one (bidict), so DNS and the asset database
can be joined both ways."""

from bidict import DROP_OLD, RAISE, OnDup, ValueDuplicationError, bidict

from devices import hostname_for


OVERWRITE_KEY_ONLY = OnDup(key=DROP_OLD, val=RAISE)


class DeviceRegistry:
    def __init__(self):
        self._names = bidict()
        self._devices = {}

    def register(self, device):
        """Add a device, or rename it after it moved racks; returns its hostname."""
        base = hostname_for(device)
        if self._names.get(device.serial, "").split("--")[0] == base:
            return self._names[device.serial]
        hostname, n = base, 1
        while True:
            try:
                # put() overwrites this serial's old name but refuses a name another serial holds.
                self._names.put(device.serial, hostname, on_dup=OVERWRITE_KEY_ONLY)
                break
            except ValueDuplicationError:
                n += 1
                hostname = f"{base}--{n}"
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
