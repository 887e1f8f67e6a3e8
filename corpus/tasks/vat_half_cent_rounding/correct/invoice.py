"""Build an invoice: per-line net and VAT, totals, and a printable summary."""

from dataclasses import dataclass, field

from tax import vat_cents


@dataclass
class Invoice:
    number: str
    rows: list = field(default_factory=list)

    @property
    def net_cents(self):
        return sum(net for _, net, _ in self.rows)

    @property
    def vat_cents(self):
        return sum(vat for _, _, vat in self.rows)

    @property
    def total_cents(self):
        return self.net_cents + self.vat_cents


def build_invoice(number, lines):
    invoice = Invoice(number)
    for line in lines:
        net = line.net_cents()
        invoice.rows.append((line.description, net, vat_cents(net, line.category)))
    return invoice


def money(cents):
    return f"{cents // 100}.{cents % 100:02d}"


def summary(invoice):
    out = [f"Invoice {invoice.number}"]
    for description, net, vat in invoice.rows:
        out.append(f"  {description:<12} {money(net):>8} + {money(vat):>6} VAT")
    out.append(f"  {'total':<12} {money(invoice.total_cents):>8}")
    return "\n".join(out)
