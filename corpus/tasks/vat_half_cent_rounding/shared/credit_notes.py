"""Credit notes: refund some invoice rows, returning the net and VAT originally charged."""

from dataclasses import dataclass, field


class CreditError(ValueError):
    pass


@dataclass
class CreditNote:
    invoice_number: str
    rows: list = field(default_factory=list)

    @property
    def total_cents(self):
        return sum(net + vat for _, net, vat in self.rows)


def credit(invoice, descriptions, already_credited=()):
    """Credit the named rows of `invoice` in full; a row can only be credited once."""
    by_name = {description: (net, vat) for description, net, vat in invoice.rows}
    note = CreditNote(invoice.number)
    for description in descriptions:
        if description not in by_name:
            raise CreditError(f"invoice {invoice.number} has no row {description!r}")
        if description in already_credited:
            raise CreditError(f"row {description!r} of invoice {invoice.number} was already credited")
        net, vat = by_name[description]
        note.rows.append((description, -net, -vat))
    return note


def balance_after(invoice, notes):
    return invoice.total_cents + sum(note.total_cents for note in notes)
