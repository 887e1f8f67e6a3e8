"""The storage team's lease audit: who scanned which table, and whether every lease was returned."""

from collections import Counter


def lease_report(history):
    """Per table: how many times each holder took the lease, and holders that never gave it back."""
    taken = {}
    open_leases = {}
    for event, table, holder in history:
        if event == "acquire":
            taken.setdefault(table, Counter())[holder] += 1
            open_leases[table] = holder
        elif event == "release":
            open_leases.pop(table, None)
    return {table: {"holders": dict(sorted(counts.items())), "still_open": open_leases.get(table)}
            for table, counts in sorted(taken.items())}


def describe(report):
    lines = []
    for table, info in report.items():
        users = ", ".join(f"{holder} x{n}" for holder, n in info["holders"].items())
        state = f"still held by {info['still_open']}" if info["still_open"] else "released"
        lines.append(f"{table}: {users} ({state})")
    return lines
