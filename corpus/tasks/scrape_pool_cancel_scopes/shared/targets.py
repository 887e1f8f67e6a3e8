"""Scrape targets: each answers with Prometheus-style text lines (in-memory stand-ins for HTTP)."""

import threading


class StaticTarget:
    def __init__(self, name, lines):
        self.name = name
        self._lines = list(lines)
        self.hits = 0
        self._lock = threading.Lock()

    def fetch(self):
        with self._lock:
            self.hits += 1
        return "\n".join(self._lines)


def parse_samples(text):
    """'metric{label="v"} 1.5' lines -> {(metric, labels): value}; comments and blanks are skipped."""
    samples = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        series, _, value = line.rpartition(" ")
        if not series:
            raise ValueError(f"sample without a value: {raw!r}")
        name, brace, labels = series.partition("{")
        samples[(name, labels.rstrip("}") if brace else "")] = float(value)
    return samples
