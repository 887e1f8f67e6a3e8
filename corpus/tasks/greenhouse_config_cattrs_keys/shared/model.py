"""Greenhouse controller configuration (attrs classes)."""

import attrs


@attrs.define
class Limits:
    low: float = 0.0
    high: float = 100.0

    def contains(self, value):
        return self.low <= value <= self.high


@attrs.define
class Zone:
    name: str
    temperature: Limits = attrs.Factory(lambda: Limits(5.0, 35.0))
    humidity: Limits = attrs.Factory(lambda: Limits(30.0, 90.0))
    vents: int = 2


@attrs.define
class Site:
    site: str
    zones: list[Zone]
    poll_seconds: int = 60
