"""Address-verification providers, simulated. Each answers after a set time, or refuses at once."""

from dataclasses import dataclass


class ProviderTimeout(Exception):
    pass


class ProviderDown(Exception):
    pass


@dataclass(frozen=True)
class Verified:
    street: str
    postcode: str
    city: str
    provider: str


class Provider:
    def __init__(self, name, clock, takes_s=0.2, down=False):
        self.name = name
        self.clock = clock
        self.takes_s = takes_s
        self.down = down
        self.calls = []

    def verify(self, address, timeout_s):
        self.calls.append(round(timeout_s, 6))
        if self.down:
            raise ProviderDown(f"{self.name} refused the connection")
        if self.takes_s > timeout_s:
            self.clock.advance(timeout_s)
            raise ProviderTimeout(f"{self.name} did not answer within {timeout_s:g}s")
        self.clock.advance(self.takes_s)
        street, postcode, city = (part.strip() for part in address.split(","))
        return Verified(street.title(), postcode.upper().replace(" ", ""), city.title(), self.name)
