"""Message templates of the banks whose payment alerts we receive (parsed with `parse`)."""

from decimal import Decimal

import parse

TEMPLATES = {
    "northbank": "Payment of {amount:f} {currency:l} received from {payer} on {date:ti}",
    "fjordsparebank": "{date:ti}: {payer} sent you {currency:l} {amount:f}",
    "coastal": "CREDIT {currency:l}{amount:f} REF {reference:w} FROM {payer} AT {date:ti}",
}


class MessageParser:
    def __init__(self, templates=TEMPLATES):
        self._patterns = {bank: parse.compile(text) for bank, text in templates.items()}

    def banks(self):
        return sorted(self._patterns)

    def parse(self, bank, text):
        pattern = self._patterns.get(bank)
        if pattern is None:
            raise KeyError(f"no template for bank {bank!r}; known: {', '.join(self.banks())}")
        result = pattern.parse(text.strip())
        if result is None:
            return None
        fields = dict(result.named)
        fields["amount"] = Decimal(str(fields["amount"])).quantize(Decimal("0.01"))
        fields["payer"] = " ".join(fields["payer"].split()).title()
        fields.setdefault("reference", None)
        return fields
