"""Message templates of the banks whose payment alerts we receive (parsed with `parse`)."""

from decimal import Decimal

import parse


@parse.with_pattern(r"\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?")
def money(text):
    # Banks write 40, 40.5 and 1,250.00; parse's 'f' type only takes numbers with a decimal point.
    return Decimal(text.replace(",", ""))


TEMPLATES = {
    "northbank": "Payment of {amount:Money} {currency:l} received from {payer} on {date:ti}",
    "fjordsparebank": "{date:ti}: {payer} sent you {currency:l} {amount:Money}",
    "coastal": "CREDIT {currency:l}{amount:Money} REF {reference:w} FROM {payer} AT {date:ti}",
}


class MessageParser:
    def __init__(self, templates=TEMPLATES):
        self._patterns = {bank: parse.compile(text, extra_types={"Money": money})
                          for bank, text in templates.items()}

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
        fields["amount"] = fields["amount"].quantize(Decimal("0.01"))
        fields["payer"] = " ".join(fields["payer"].split()).title()
        fields.setdefault("reference", None)
        return fields
