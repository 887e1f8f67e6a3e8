"""The import summary shown to the bookkeeper, and month-end balances."""


def money(cents):
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100:,}.{cents % 100:02d}"


def import_summary(report):
    lines = [f"{report.imported} transfers imported, {report.duplicates} already known, "
             f"{len(report.rejected)} rejected"]
    lines += [f"  rejected {reason}" for reason in report.rejected]
    return "\n".join(lines)


def balance_sheet(ledger):
    width = max((len(account) for account in ledger.balances), default=0)
    rows = [f"{account.ljust(width)} {money(cents):>12}" for account, cents in sorted(ledger.balances.items())]
    overdrawn = ledger.overdrawn()
    if overdrawn:
        rows.append(f"overdrawn: {', '.join(overdrawn)}")
    return rows


def monthly_flows(ledger):
    """(month, account) -> net cents moved in that month."""
    flows = {}
    for t in ledger.history:
        month = t.day.strftime("%Y-%m")
        flows[month, t.source] = flows.get((month, t.source), 0) - t.cents
        flows[month, t.target] = flows.get((month, t.target), 0) + t.cents
    return dict(sorted(flows.items()))
