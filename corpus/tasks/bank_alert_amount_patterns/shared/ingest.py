"""Ingest payment alerts: parsed ones become credits, the rest wait for someone to read them."""

from dataclasses import dataclass, field


@dataclass
class Batch:
    credits: list = field(default_factory=list)
    unparsed: list = field(default_factory=list)


def ingest(parser, alerts):
    """alerts: [(bank, text)]. Duplicate alerts (same bank, payer, amount and time) count once."""
    batch, seen = Batch(), set()
    for bank, text in alerts:
        fields = parser.parse(bank, text)
        if fields is None:
            batch.unparsed.append((bank, text))
            continue
        key = (bank, fields["payer"], fields["amount"], fields["date"])
        if key in seen:
            continue
        seen.add(key)
        batch.credits.append(dict(fields, bank=bank))
    return batch
