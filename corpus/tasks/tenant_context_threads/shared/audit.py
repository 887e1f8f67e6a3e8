"""An append-only audit trail; every entry is attributed to the tenant in context."""

import threading

from context import current_tenant


class AuditLog:
    def __init__(self):
        self._lock = threading.Lock()
        self.entries = []

    def record(self, action, subject):
        tenant = current_tenant() or "public"
        with self._lock:
            self.entries.append((tenant, action, subject))

    def for_tenant(self, tenant):
        with self._lock:
            return [(action, subject) for who, action, subject in self.entries if who == tenant]
