"""Geocoding provider client (an in-memory stand-in for the vendor's HTTP API)."""

import threading


class ProviderError(Exception):
    def __init__(self, status, message):
        super().__init__(f"{status}: {message}")
        self.status = status


class ScriptedProvider:
    """Answers from a gazetteer; ``script`` lists outcomes to play first (an exception or None)."""

    def __init__(self, gazetteer, script=(), before_answer=None):
        self._gazetteer = dict(gazetteer)
        self._script = list(script)
        self._before_answer = before_answer
        self._lock = threading.Lock()
        self.requests = []

    def lookup(self, query):
        with self._lock:
            self.requests.append(query)
            planned = self._script.pop(0) if self._script else None
        if self._before_answer is not None:
            self._before_answer(query)
        if planned is not None:
            raise planned
        try:
            return self._gazetteer[query]
        except KeyError:
            raise ProviderError(404, f"no match for {query!r}") from None
