"""Report service: reports render on a small worker pool, and a report's sections render in
parallel too, since they are independent."""

from concurrent.futures import ThreadPoolExecutor

from sections import SECTIONS


class ReportService:
    def __init__(self, workers=2, on_report_start=None, section_pool=None):
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="reports")
        # Never the report pool itself: a report waiting on its sections holds a report worker, and
        # sections queued behind other reports on that same pool would never get one.
        self._owns_section_pool = section_pool is None
        if section_pool is None:
            section_pool = ThreadPoolExecutor(workers * len(SECTIONS), thread_name_prefix="sections")
        self._section_pool = section_pool
        self._on_report_start = on_report_start

    def _render(self, name, rows, section_names):
        if self._on_report_start is not None:
            self._on_report_start(name)
        unknown = [s for s in section_names if s not in SECTIONS]
        if unknown:
            raise KeyError(f"unknown section(s) {', '.join(unknown)}; known: {', '.join(sorted(SECTIONS))}")
        futures = [self._section_pool.submit(SECTIONS[s], rows) for s in section_names]
        parts = [future.result() for future in futures]
        lines = [f"# {name}"]
        for part in parts:
            lines.append(f"## {part['title']}")
            lines.extend(part["lines"])
        return "\n".join(lines)

    def submit(self, name, rows, section_names=("totals", "top", "regions")):
        return self._pool.submit(self._render, name, rows, list(section_names))

    def close(self):
        """Reports first: a running report may still be submitting its sections."""
        self._pool.shutdown(wait=True)
        if self._owns_section_pool:
            self._section_pool.shutdown(wait=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
