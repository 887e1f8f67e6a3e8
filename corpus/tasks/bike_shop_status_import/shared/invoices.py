"""Invoices for collected bikes: the job price list, the express surcharge and VAT."""

from work_orders import Priority, Status

JOB_PRICES = {"brake pads": 2450, "wheel true": 1800, "hub motor": 14900, "chain": 3200, "service": 6500}
EXPRESS_SURCHARGE_PERCENT = 25
VAT_PERCENT = 21


def money(cents):
    return f"EUR {cents // 100}.{cents % 100:02d}"


def invoice(order):
    if order.status not in (Status.READY, Status.COLLECTED):
        raise ValueError(f"order {order.number} is not finished yet ({order.status})")
    unknown = [job for job in order.jobs if job not in JOB_PRICES]
    if unknown:
        raise KeyError(f"order {order.number}: no price for {', '.join(unknown)}")
    lines = [(job, JOB_PRICES[job]) for job in order.jobs]
    if order.priority is Priority.EXPRESS:
        lines.append(("express surcharge", sum(c for _, c in lines) * EXPRESS_SURCHARGE_PERCENT // 100))
    net = sum(c for _, c in lines)
    vat = net * VAT_PERCENT // 100
    rows = [f"{job:<18}{money(cents):>12}" for job, cents in lines]
    rows += [f"{'VAT ' + str(VAT_PERCENT) + '%':<18}{money(vat):>12}", f"{'TOTAL':<18}{money(net + vat):>12}"]
    return rows
