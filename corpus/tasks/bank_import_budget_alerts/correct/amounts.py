"""Bank exports write amounts in their own style: '1,234.50' (UK bank) or '1.234,50' (EU bank)."""

import re

STYLES = {"uk": (",", "."), "eu": (".", ",")}  # (thousands separator, decimal mark)
AMOUNT = re.compile(r"^-?[\d.,]+$")


class AmountError(ValueError):
    pass


def parse_amount(text, style):
    if style not in STYLES:
        raise AmountError(f"unknown amount style {style!r}; use one of {', '.join(STYLES)}")
    text = text.strip().replace(" ", "")
    if not AMOUNT.match(text):
        raise AmountError(f"cannot read amount {text!r}")
    thousands, decimal = STYLES[style]
    cleaned = text.replace(thousands, "")
    if decimal != ".":
        cleaned = cleaned.replace(decimal, ".")
    return round(float(cleaned), 2)
