"""Renders a tenant's reports in parallel and writes each rendering to the audit trail."""

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from context import current_tenant, using_tenant


@dataclass(frozen=True)
class Report:
    title: str
    rows: tuple


class ReportService:
    def __init__(self, audit, workers=3):
        self.audit = audit
        self.workers = workers

    def render(self, report):
        width = max((len(str(label)) for label, _ in report.rows), default=0)
        lines = [report.title, "=" * len(report.title)]
        lines += [f"{str(label).ljust(width)}  {value:>8}" for label, value in report.rows]
        self.audit.record("rendered", report.title)
        return "\n".join(lines)

    def render_all(self, reports):
        tenant = current_tenant()
        if tenant is None:
            raise PermissionError("reports can only be rendered inside a tenant's request")

        # The tenant lives in a thread-local: pool threads must be given it explicitly.
        def render_as_tenant(report):
            with using_tenant(tenant):
                return self.render(report)

        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            return list(pool.map(render_as_tenant, reports))
