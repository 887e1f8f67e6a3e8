"""Stock-keeping units: vendor, product code and an optional size, written 'ACME:BOLT-10/M'."""

import re
from dataclasses import dataclass

SKU_TEXT = re.compile(r"^\s*([A-Za-z0-9]+)\s*:\s*([A-Za-z0-9-]+)\s*(?:/\s*([A-Za-z0-9]+))?\s*$")


class SkuError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Sku:
    vendor: str
    code: str
    size: str = None

    def __post_init__(self):
        object.__setattr__(self, "vendor", self.vendor.upper())
        object.__setattr__(self, "code", self.code.upper())
        object.__setattr__(self, "size", self.size.upper() if self.size else None)

    @classmethod
    def parse(cls, text):
        match = SKU_TEXT.match(text)
        if not match:
            raise SkuError(f"{text!r} is not a SKU like ACME:BOLT-10 or ACME:BOLT-10/M")
        return cls(*match.groups())

    def label(self):
        return f"{self.vendor}:{self.code}" + (f"/{self.size}" if self.size else "")

    def __repr__(self):
        return f"Sku({self.vendor!r}, {self.code!r}, {self.size!r})"
