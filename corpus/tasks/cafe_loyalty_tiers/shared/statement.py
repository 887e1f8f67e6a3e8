"""The monthly loyalty e-mail."""

from tiers import next_tier, perks, tier


def statement(ledger, month):
    lines = [f"Hello {ledger.member}, your {month} statement"]
    for day, kind, points in ledger.history:
        if day.startswith(month):
            lines.append(f"  {day} {kind:<6} {points:+.1f}")
    lines.append(f"Balance: {ledger.balance:.1f} points ({tier(ledger.balance)})")
    upcoming = next_tier(ledger.balance)
    if upcoming:
        lines.append(f"{upcoming[1]:.1f} points to {upcoming[0]}")
    if perks(ledger.balance):
        lines.append("Your perks: " + ", ".join(perks(ledger.balance)))
    return lines


def members_by_tier(ledgers):
    grouped = {}
    for ledger in ledgers:
        grouped.setdefault(tier(ledger.balance), []).append(ledger.member)
    return {name: sorted(members) for name, members in sorted(grouped.items())}
