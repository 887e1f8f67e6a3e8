"""Which tenant may see which report, and CSV exports that respect it."""

import csv
import io

from context import current_tenant

OWNERS = {"Sales": "acme", "Stock": "acme", "Payroll": "globex"}
SHARED_WITH = {"Stock": {"globex"}}


class NotAllowed(PermissionError):
    pass


def can_see(tenant, report):
    owner = OWNERS.get(report.title)
    return tenant is not None and (owner == tenant or tenant in SHARED_WITH.get(report.title, ()))


def export_csv(report, audit):
    tenant = current_tenant()
    if not can_see(tenant, report):
        raise NotAllowed(f"tenant {tenant!r} may not export {report.title!r}")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["label", "value"])
    writer.writerows(report.rows)
    audit.record("exported", report.title)
    return buffer.getvalue()
