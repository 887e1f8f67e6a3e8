"""One histogram per endpoint, created on first use."""

from histogram import Histogram


class Registry:
    def __init__(self):
        self._histograms = {}

    def histogram(self, endpoint):
        if endpoint not in self._histograms:
            self._histograms[endpoint] = Histogram(endpoint)
        return self._histograms[endpoint]

    def record(self, endpoint, ms):
        self.histogram(endpoint).observe(ms)

    def endpoints(self):
        return sorted(self._histograms)
