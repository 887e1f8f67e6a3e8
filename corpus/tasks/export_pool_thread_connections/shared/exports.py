"""Export jobs: statements per account, rendered as CSV text."""

import csv
import io


def statement(conn, account):
    rows = conn.query("SELECT * FROM ledger WHERE account = ?", account)
    if not rows:
        raise LookupError(f"no ledger rows for account {account}")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["date", "text", "amount"])
    balance = 0
    for row in sorted(rows, key=lambda r: r["date"]):
        writer.writerow([row["date"], row["text"], f"{row['cents'] / 100:.2f}"])
        balance += row["cents"]
    writer.writerow(["", "balance", f"{balance / 100:.2f}"])
    return out.getvalue()


def export_all(pool, accounts):
    for account in accounts:
        pool.submit(account, statement, account)
    results = pool.shutdown()
    failed = {a: str(r) for a, r in results.items() if isinstance(r, Exception)}
    done = {a: r for a, r in results.items() if not isinstance(r, Exception)}
    return done, failed
