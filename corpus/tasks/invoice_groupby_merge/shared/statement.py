"""The printable statement sent with each invoice."""

from tax import with_vat


def statement(invoice):
    lines = [f"Invoice for {invoice.customer}"]
    for line in invoice.lines:
        label = "Order" if line.kind == "order" else "Credit"
        lines.append(f"  t+{line.at:<6} {label:<7} {line.amount:>10}")
    amounts = with_vat(invoice.customer, invoice.total)
    lines.append(f"  {'net':<15}{amounts['net']:>10}")
    lines.append(f"  {'VAT':<15}{amounts['vat']:>10}")
    lines.append(f"  {'total':<15}{amounts['gross']:>10}")
    return "\n".join(lines)
