"""An org chart with solid-line and dotted-line reporting. Dotted lines make it a graph, not a tree."""

import csv
import io


class OrgChartError(ValueError):
    pass


class OrgChart:
    def __init__(self):
        self.titles = {}
        self.reports = {}

    def add(self, name, title, managers=()):
        if name in self.titles:
            raise OrgChartError(f"{name} is listed twice")
        self.titles[name] = title
        for manager in managers:
            self.reports.setdefault(manager, []).append(name)

    @classmethod
    def from_csv(cls, text):
        chart = cls()
        for row in csv.DictReader(io.StringIO(text.strip())):
            managers = [m.strip() for m in (row.get("managers") or "").split("|") if m.strip()]
            chart.add(row["name"].strip(), row["title"].strip(), managers)
        unknown = sorted({m for m in chart.reports if m not in chart.titles})
        if unknown:
            raise OrgChartError(f"managers not in the chart: {', '.join(unknown)}")
        return chart

    def direct_reports(self, name):
        return list(self.reports.get(name, []))
