"""The search index the workers write to, in batches (one lock-protected commit per batch)."""

import re
import threading

WORD = re.compile(r"[a-z0-9]+")


def terms(text):
    return sorted(set(WORD.findall(text.lower())))


class SearchIndex:
    def __init__(self):
        self._lock = threading.Condition()
        self.postings = {}
        self.commits = []

    def commit(self, documents):
        with self._lock:
            for doc_id, text in documents:
                for term in terms(text):
                    self.postings.setdefault(term, set()).add(doc_id)
            self.commits.append(len(documents))
            self._lock.notify_all()

    def wait_for_documents(self, count, timeout):
        """True once at least ``count`` documents were committed, False if that takes over ``timeout``."""
        with self._lock:
            return self._lock.wait_for(lambda: sum(self.commits) >= count, timeout)

    def search(self, word):
        with self._lock:
            return sorted(self.postings.get(word.lower(), ()))

    def documents(self):
        with self._lock:
            return sorted({doc for docs in self.postings.values() for doc in docs})
