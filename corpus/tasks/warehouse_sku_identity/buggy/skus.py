"""Stock-keeping units: vendor, product code and an optional size, written 'ACME:BOLT-10/M'."""

import re

SKU_TEXT = re.compile(r"^\s*([A-Za-z0-9]+)\s*:\s*([A-Za-z0-9-]+)\s*(?:/\s*([A-Za-z0-9]+))?\s*$")


class SkuError(ValueError):
    pass


class Sku:
    __slots__ = ("vendor", "code", "size")

    def __init__(self, vendor, code, size=None):
        self.vendor = vendor.upper()
        self.code = code.upper()
        self.size = size.upper() if size else None

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
