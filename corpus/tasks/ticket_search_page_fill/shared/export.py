"""The nightly CSV export a team lead downloads: every ticket they may see, with a summary row."""

import csv
import io
from collections import Counter

from client import iter_ticket_ids


def export_csv(store, viewer, tickets_by_id, limit=20):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "team", "title", "confidential"])
    teams = Counter()
    for ticket_id in iter_ticket_ids(store, viewer, limit):
        ticket = tickets_by_id[ticket_id]
        writer.writerow([ticket.id, ticket.team, ticket.title, "yes" if ticket.confidential else "no"])
        teams[ticket.team] += 1
    summary = ", ".join(f"{team}={n}" for team, n in sorted(teams.items()))
    writer.writerow(["total", sum(teams.values()), summary, ""])
    return out.getvalue()


def rows_of(csv_text):
    return list(csv.reader(io.StringIO(csv_text)))
