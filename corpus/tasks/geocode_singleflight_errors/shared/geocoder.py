"""Geocoder: normalizes addresses, caches answers and shares in-flight lookups between threads."""

import re
import threading

from provider import ProviderError
from singleflight import SingleFlight


def normalize(address):
    text = re.sub(r"[,\s]+", " ", address).strip().lower()
    if not text:
        raise ValueError("address is empty")
    return text


class Geocoder:
    def __init__(self, provider, on_wait=None):
        self._provider = provider
        self._flight = SingleFlight(on_wait)
        self._cache = {}
        self._lock = threading.Lock()
        self.failures = 0

    def locate(self, address):
        key = normalize(address)
        with self._lock:
            if key in self._cache:
                return self._cache[key]
        try:
            point = self._flight.do(key, lambda: self._provider.lookup(key))
        except ProviderError:
            with self._lock:
                self.failures += 1
            raise
        with self._lock:
            self._cache[key] = point
        return point

    def forget(self, address):
        with self._lock:
            return self._cache.pop(normalize(address), None) is not None

    def locate_many(self, addresses):
        found, missing = {}, []
        for address in addresses:
            try:
                found[address] = self.locate(address)
            except ProviderError as exc:
                if exc.status != 404:
                    raise
                missing.append(address)
        return found, missing
